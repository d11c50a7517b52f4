import { timeZoneOf } from '../../core/context';
import { formatDate } from '../../core/format';
import { useScreenEnvironment } from '../../environmentContext';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** A day (05/31/2026) in the user's time zone. */
export const dateCell = defineCell(NO_OPTIONS, function DateCell({ value }) {
  return <>{formatDate(value, timeZoneOf(useScreenEnvironment()))}</>;
});
