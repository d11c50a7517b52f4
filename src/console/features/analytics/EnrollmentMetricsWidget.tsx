import { useState } from 'react';
import { EmptyState } from '../../renderer/skin/StatusViews';
import { CHOOSE_PROVIDER, DEFAULT_MONTHS, ENROLLMENT_DEFAULT_FREQ, enrollmentChart, metricsPath } from './analytics.utils';
import { MetricsChart } from './MetricsChart';
import { RangeSelectors, type RangeChoice } from './RangeSelectors';
import { UnenrollmentCard } from './UnenrollmentCard';
import { useChosenProvider } from './useChosenProvider';
import { useMetrics } from './useMetrics';
import { useProviderChart } from './useProviderChart';

/**
 * The Enrollment Metrics section of Provider analytics (spec 002 sections 2 and 9): its frequency
 * (week by default) and range (6 months by default), the unenrollment card, and the enrolled and
 * declined patients per period.
 */
export function EnrollmentMetricsWidget() {
  const { tenantId } = useChosenProvider();
  const [range, setRange] = useState<RangeChoice>({ freq: ENROLLMENT_DEFAULT_FREQ, months: DEFAULT_MONTHS });
  const enrolled = useMetrics<Parameters<typeof enrollmentChart>[0]>(
    metricsPath('enrollment-plot', { tenant_id: tenantId ?? undefined, months: range.months, freq: range.freq }),
    tenantId !== null,
  );
  const declined = useProviderChart('declined-plot', tenantId, range);
  return (
    <div className="flex flex-col gap-4">
      <RangeSelectors label="Enrollment metrics options" value={range} onChange={setRange} />
      {tenantId === null ? (
        <EmptyState>{CHOOSE_PROVIDER}</EmptyState>
      ) : (
        <>
          <UnenrollmentCard tenantId={tenantId} range={range} />
          <MetricsChart
            title="Patients enrolled"
            kind="bar"
            freq={range.freq}
            chart={enrolled.data && enrollmentChart(enrolled.data, 'Patients enrolled')}
            loading={enrolled.loading}
            error={enrolled.error}
            onRetry={enrolled.retry}
          />
          <MetricsChart
            title="Declined patients"
            kind="bar"
            freq={range.freq}
            chart={declined.data}
            loading={declined.loading}
            error={declined.error}
            onRetry={declined.retry}
          />
        </>
      )}
    </div>
  );
}
