import { timeZoneOf } from '../../core/context';
import { formatDateTime } from '../../core/format';
import { useScreenEnvironment } from '../../environmentContext';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** A moment (05/31/2026, 02:30 PM) in the user's time zone. */
export const dateTimeCell = defineCell(NO_OPTIONS, function DateTimeCell({ value }) {
  const text = formatDateTime(value, timeZoneOf(useScreenEnvironment()));
  return typeof value === 'string' ? <time dateTime={value}>{text}</time> : <>{text}</>;
});
