import { useState } from 'react';
import { EmptyState } from '../../renderer/skin/StatusViews';
import { CHOOSE_PROVIDER, DEFAULT_MONTHS, ENROLLMENT_DEFAULT_FREQ, enrollmentChart, metricsPath } from './analytics.utils';
import { MetricsChart } from './MetricsChart';
import { RangeSelectors, type RangeChoice } from './RangeSelectors';
import { useChosenProvider } from './useChosenProvider';
import { useMetrics } from './useMetrics';

/**
 * Home's Patient Enrollment Dashboard (spec 001 Home): patients enrolled per day, week (default) or
 * month over 3, 6 (default) or 12 months, from GET metrics?id=enrollment-plot, for the page's provider.
 */
export function EnrollmentChartWidget() {
  const { tenantId } = useChosenProvider();
  const [range, setRange] = useState<RangeChoice>({ freq: ENROLLMENT_DEFAULT_FREQ, months: DEFAULT_MONTHS });
  const answer = useMetrics<Parameters<typeof enrollmentChart>[0]>(
    metricsPath('enrollment-plot', { tenant_id: tenantId ?? undefined, months: range.months, freq: range.freq }),
    tenantId !== null,
  );
  return (
    <div className="flex flex-col gap-3">
      <RangeSelectors label="Enrollment chart options" value={range} onChange={setRange} />
      {tenantId === null ? (
        <EmptyState>{CHOOSE_PROVIDER}</EmptyState>
      ) : (
        <MetricsChart
          title="Patients enrolled"
          kind="bar"
          freq={range.freq}
          chart={answer.data && enrollmentChart(answer.data, 'Patients enrolled')}
          loading={answer.loading}
          error={answer.error}
          onRetry={answer.retry}
        />
      )}
    </div>
  );
}
