import { useId } from 'react';
import type { ChartMeasure } from '../../../../domain/clinical/measures';
import { formatReading } from '../../../../domain/clinical/measures';
import { timeZoneOf } from '../../../renderer/core/context';
import { formatDateTime } from '../../../renderer/core/format';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import { ErrorMessage } from '../../../renderer/skin/StatusViews';
import type { ChartReading } from './chartAnswer';
import { AnnotationBadge } from './AnnotationBadge';

export const NO_RECENT = 'No readings in the past 7 days';

interface RecentReadingsProps {
  measure: ChartMeasure;
  unit: string;
  rows: readonly ChartReading[];
  loading: boolean;
  error: Error | undefined;
}

/** The recent panel (spec 001 section 9): the readings of the past 7 days, newest first, at most 10, each with its annotation. */
export function RecentReadings({ measure, unit, rows, loading, error }: RecentReadingsProps) {
  const headingId = useId();
  const timeZone = timeZoneOf(useScreenEnvironment());
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="mb-2 text-sm font-semibold text-slate-900">
        Recent readings
      </h3>
      {error ? (
        <ErrorMessage error={error} />
      ) : loading ? (
        <p className="text-sm text-slate-500">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-500">{NO_RECENT}</p>
      ) : (
        <table className="w-full text-left text-sm" aria-labelledby={headingId}>
          <thead className="text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                Time
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Value
              </th>
              <th scope="col" className="py-1 font-medium">
                Annotation
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={row.id}>
                <td className="py-1 pr-3 whitespace-nowrap text-slate-700">{formatDateTime(row.x, timeZone)}</td>
                <td className="py-1 pr-3 whitespace-nowrap tabular-nums text-slate-900">
                  {formatReading(measure, row.y, row.y2)} <span className="text-slate-500">{unit}</span>
                </td>
                <td className="py-1">{row.annotations[0] && <AnnotationBadge annotation={row.annotations[0]} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
