import { timeZoneOf } from '../../renderer/core/context';
import { formatDateTime } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { ACCOUNT_TEXTS } from './accountTexts';

/** The last sign-in (spec 002 "Account"): a moment in the user's zone, or 'Never'. */
export const lastLoginCell = defineCell(NO_OPTIONS, function LastLoginCell({ value }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  if (typeof value !== 'string' || value === '') return <>{ACCOUNT_TEXTS.never}</>;
  return <time dateTime={value}>{formatDateTime(value, timeZone)}</time>;
});
