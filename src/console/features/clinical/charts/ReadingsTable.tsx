import { useId, useState } from 'react';
import { formatReading, MEASURE_INFO, type ChartMeasure } from '../../../../domain/clinical/measures';
import { unitLabel } from '../../../../domain/patientQueue';
import { timeZoneOf } from '../../../renderer/core/context';
import { formatDateTime } from '../../../renderer/core/format';
import { useScreenEnvironment } from '../../../renderer/environmentContext';
import { EmptyState, ErrorMessage, Loading } from '../../../renderer/skin/StatusViews';
import { Button } from '../../../ui/Button';
import { AnnotationBadge } from './AnnotationBadge';
import type { ChartReading } from './chartAnswer';
import { newValueText } from './annotationForm';
import { pageCount, tablePath, type ChartRange } from './chartQuery';
import { NO_DATA } from './measurementCards';
import { useAnnotationActions } from './useAnnotationActions';
import { useChart } from './useChart';

interface ReadingsTableProps {
  patientId: string | number;
  measure: ChartMeasure;
  range: ChartRange;
  today: string;
  /** Opens the annotation form of a reading. */
  onAnnotate: (reading: ChartReading) => void;
}

/**
 * The table view of the chart dialog, its accessible alternative: every reading of the range, newest
 * first, 50 a page, with flagged readings too unless 'Hide flagged readings' is on; each reading with
 * its annotation (type, reason, note, author) and the action that fits it: 'Annotate' for a reading
 * without one (only those may be annotated, spec 001 section 4), 'Remove annotation' for the others.
 */
export function ReadingsTable({ patientId, measure, range, today, onAnnotate }: ReadingsTableProps) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const [page, setPage] = useState(0);
  const [hideFlagged, setHideFlagged] = useState(false);
  const [shownRange, setShownRange] = useState(range);
  const captionId = useId();
  // Another range starts again at its first page.
  if (shownRange !== range) {
    setShownRange(range);
    setPage(0);
  }
  const table = useChart(tablePath(patientId, measure, { range, page, hideFlagged }, today));
  const { remove } = useAnnotationActions(patientId);
  const answer = table.chart;
  const pages = pageCount(answer?.total ?? 0);
  const label = MEASURE_INFO[measure].label;
  const unit = unitLabel(answer?.unit || MEASURE_INFO[measure].unit);

  return (
    <div className="space-y-3">
      <label className="inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="size-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
          checked={hideFlagged}
          onChange={(event) => {
            setHideFlagged(event.target.checked);
            setPage(0);
          }}
        />
        Hide flagged readings
      </label>
      {table.error && !answer ? (
        <ErrorMessage error={table.error} onRetry={table.retry} />
      ) : !answer ? (
        <Loading />
      ) : answer.points.length === 0 ? (
        <EmptyState>{NO_DATA}</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto" aria-busy={table.refreshing}>
            <table className="w-full text-left text-sm" aria-labelledby={captionId}>
              <caption id={captionId} className="sr-only">
                {label} readings
              </caption>
              <thead className="border-b border-slate-200 text-xs text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Time
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Value
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Annotation
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Action</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {answer.points.map((reading) => {
                  const annotation = reading.annotations[0];
                  const time = formatDateTime(reading.x, timeZone);
                  return (
                    <tr key={reading.id} className="align-top">
                      <td className="py-2 pr-3 whitespace-nowrap text-slate-700">{time}</td>
                      <td className="py-2 pr-3 whitespace-nowrap tabular-nums text-slate-900">
                        {formatReading(measure, reading.y, reading.y2)} <span className="text-slate-500">{unit}</span>
                      </td>
                      <td className="py-2 pr-3 text-slate-700">
                        {annotation && (
                          <div className="space-y-0.5">
                            <AnnotationBadge annotation={annotation} />
                            {annotation.note && <p className="break-words">{annotation.note}</p>}
                            {newValueText(measure, annotation) && <p className="text-xs text-slate-600">{newValueText(measure, annotation)}</p>}
                            {annotation.author_name && <p className="text-xs text-slate-500">By {annotation.author_name}</p>}
                          </div>
                        )}
                      </td>
                      <td className="py-2 text-right whitespace-nowrap">
                        {annotation ? (
                          <Button
                            variant="ghost"
                            aria-label={`Remove annotation of ${time}`}
                            disabled={remove.isPending}
                            onClick={() => remove.mutate(annotation.id)}
                          >
                            Remove annotation
                          </Button>
                        ) : (
                          <Button aria-label={`Annotate reading of ${time}`} onClick={() => onAnnotate(reading)}>
                            Annotate
                          </Button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <nav aria-label="Table pages" className="flex items-center justify-between gap-3 text-sm text-slate-600">
            <Button disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span aria-live="polite">
              Page {page + 1} of {pages} ({answer.total} {answer.total === 1 ? 'reading' : 'readings'})
            </span>
            <Button disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
