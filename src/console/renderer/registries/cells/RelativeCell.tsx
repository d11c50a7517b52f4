import { timeZoneOf } from '../../core/context';
import { formatDateTime, formatRelative } from '../../core/format';
import { useScreenEnvironment } from '../../environmentContext';
import { NO_OPTIONS } from '../registryEntry';
import { defineCell } from './cellTypes';

/** '3 days ago' up to 7 days, then the date; the exact time on hover. */
export const relativeCell = defineCell(NO_OPTIONS, function RelativeCell({ value }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const text = formatRelative(value, new Date(), timeZone);
  return typeof value === 'string' ? (
    <time dateTime={value} title={formatDateTime(value, timeZone)}>
      {text}
    </time>
  ) : (
    <>{text}</>
  );
});
