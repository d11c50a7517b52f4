import { getPath, timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT, formatDate } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { TONE_CLASSES } from '../../renderer/skin/tones';
import { isCareTime, monitoringTypeLabel } from './activityFormat';
import { monitoringActivityCellOptions } from './MonitoringActivityCell.options';

/**
 * A monitoring activity as a row says it: its type and its description, under its day when `date`
 * names the field (so that a narrow panel needs no column for it). Care time (a duration) shows as a
 * badge over the description; a row without (a status change the server recorded) reads as an
 * event: a dot, the type in small letters and the description, never as time spent. `labels` words
 * types where the default ('RPM 99457/99458', 'Event') does not fit.
 */
export const monitoringActivityCell = defineCell(monitoringActivityCellOptions, function MonitoringActivityCell({ value, record, options }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const label = (typeof record.type === 'string' ? options.labels?.[record.type] : undefined) ?? monitoringTypeLabel(record.type);
  const description = typeof value === 'string' && value.trim() !== '' ? value : EMPTY_TEXT;
  const at = options.date === undefined ? undefined : getPath(record, options.date);
  const day =
    typeof at === 'string' ? (
      <time dateTime={at} className="text-xs text-slate-600">
        {formatDate(at, timeZone)}
      </time>
    ) : null;
  if (!isCareTime(record.duration)) {
    return (
      <div data-activity="event" className="flex min-w-0 items-start gap-2 text-slate-600">
        <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-slate-400" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2">
            {day}
            <span className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</span>
            <span className="sr-only">:</span>
          </p>
          <p className="break-words italic">{description}</p>
        </div>
      </div>
    );
  }
  return (
    <div data-activity="care" className="min-w-0">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {day}
        <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${TONE_CLASSES.blue}`}>{label}</span>
      </p>
      <p className="mt-1 line-clamp-3 break-words">{description}</p>
    </div>
  );
});
