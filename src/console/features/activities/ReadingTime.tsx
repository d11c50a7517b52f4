import { timeZoneOf } from '../../renderer/core/context';
import { formatDateTime, formatRelative } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';

/** When a reading came: '3 hours ago' up to 7 days, then the date; the exact time on hover. */
export function ReadingTime({ value }: { value: string }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  return (
    <time dateTime={value} title={formatDateTime(value, timeZone)} className="text-slate-600">
      {formatRelative(value, new Date(), timeZone)}
    </time>
  );
}
