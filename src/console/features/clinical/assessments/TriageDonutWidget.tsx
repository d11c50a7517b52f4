import { lazy, Suspense } from 'react';
import { useScreenScope } from '../../../renderer/scopeContext';
import { ErrorMessage, Loading } from '../../../renderer/skin/StatusViews';
import { triageDonut } from './triageDonut';
import { useRunsSummary } from './useAssessmentData';

/** chart.js loads with the record's assessments only. */
const TriageDoughnutChart = lazy(() => import('./TriageDoughnutChart'));

export const NO_DATA = 'No data available';

/**
 * The assessments' 7-day triage donut (spec 001 section 2): the runs of the past week by triage as
 * a doughnut (slice labels from 5 percent, spec 001 section 9), a legend that is real text (each
 * triage's label, count and share: the chart's text alternative), and the totals of the past week
 * and month. No run in the past week: 'No data available'.
 */
export function TriageDonutWidget() {
  const { record } = useScreenScope();
  const summary = useRunsSummary(record?.id as string | number | undefined);
  if (summary.isPending) return <Loading />;
  if (summary.isError) return <ErrorMessage error={summary.error} onRetry={() => void summary.refetch()} />;
  const donut = triageDonut(summary.data);
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap gap-x-4 text-sm text-slate-700">
        <span>Past week: {donut.pastWeek}</span>
        <span>Past month: {donut.pastMonth}</span>
      </p>
      {donut.slices.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-500">{NO_DATA}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <div className="relative size-40 shrink-0">
            <Suspense fallback={<div className="size-40 rounded-full bg-slate-100" aria-hidden="true" />}>
              <TriageDoughnutChart slices={donut.slices} />
            </Suspense>
          </div>
          <ul className="space-y-1 text-sm" aria-label="Triage, past 7 days">
            {donut.slices.map((slice) => (
              <li key={slice.group} className="flex items-center gap-2">
                <span aria-hidden="true" className="inline-block size-3 rounded-sm" style={{ backgroundColor: slice.colour }} />
                <span className="text-slate-900">{slice.label}</span>
                <span className="tabular-nums text-slate-600">
                  {slice.count} ({slice.percent}%)
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
