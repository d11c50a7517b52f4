import { metricsPath, NOT_AVAILABLE, unenrollmentOf } from './analytics.utils';
import { MetricsChart } from './MetricsChart';
import type { RangeChoice } from './RangeSelectors';
import { useMetrics } from './useMetrics';

/**
 * The unenrollment card (spec 002 section 2): Total unenrolled, the last value of the cumulative
 * count (N/A if none), and its cumulative area chart by unenrolled_date ('No data available' when empty).
 */
export function UnenrollmentCard({ tenantId, range }: { tenantId: number; range: RangeChoice }) {
  const answer = useMetrics<Parameters<typeof unenrollmentOf>[0]>(
    metricsPath('unenrollment-plot', { tenant_id: tenantId, months: range.months, freq: range.freq, mode: 'unenrollment', cumulative: true }),
  );
  const unenrollment = answer.data && unenrollmentOf(answer.data);
  return (
    <div className="flex flex-col gap-2 rounded-md p-3 ring-1 ring-inset ring-slate-200">
      <dl>
        <dt className="text-xs font-medium text-slate-600">Total unenrolled</dt>
        <dd className="text-2xl font-semibold tabular-nums text-slate-900">{unenrollment?.total ?? (answer.loading ? '…' : NOT_AVAILABLE)}</dd>
      </dl>
      <MetricsChart
        title="Unenrolled patients"
        kind="area"
        freq={range.freq}
        chart={unenrollment?.chart}
        loading={answer.loading}
        error={answer.error}
        onRetry={answer.retry}
      />
    </div>
  );
}
