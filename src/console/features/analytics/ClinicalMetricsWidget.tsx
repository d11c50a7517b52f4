import { useState } from 'react';
import { EmptyState } from '../../renderer/skin/StatusViews';
import { CHOOSE_PROVIDER, CLINICAL_DEFAULT_FREQ, DEFAULT_MONTHS } from './analytics.utils';
import { MetricsChart } from './MetricsChart';
import { RangeSelectors, type RangeChoice } from './RangeSelectors';
import { useChosenProvider } from './useChosenProvider';
import { useProviderChart } from './useProviderChart';

/**
 * The Clinical Metrics section of Provider analytics (spec 002 sections 2 and 9): its own frequency
 * (day by default) and range (6 months by default), and three charts: compliance (share of active
 * patients with readings on 16 of the past 30 days), readings outside their 7-day baseline by more
 * than 15 %, and device measurements per period.
 */
export function ClinicalMetricsWidget() {
  const { tenantId } = useChosenProvider();
  const [range, setRange] = useState<RangeChoice>({ freq: CLINICAL_DEFAULT_FREQ, months: DEFAULT_MONTHS });
  const compliance = useProviderChart('compliance-plot', tenantId, range);
  const deviation = useProviderChart('baseline-deviation-plot', tenantId, range);
  const measurements = useProviderChart('device-measurement-plot', tenantId, range);
  return (
    <div className="flex flex-col gap-4">
      <RangeSelectors label="Clinical metrics options" value={range} onChange={setRange} />
      {tenantId === null ? (
        <EmptyState>{CHOOSE_PROVIDER}</EmptyState>
      ) : (
        <>
          <MetricsChart
            title="Compliance"
            kind="line"
            freq={range.freq}
            chart={compliance.data}
            loading={compliance.loading}
            error={compliance.error}
            onRetry={compliance.retry}
          />
          <MetricsChart
            title="Baseline deviation"
            kind="bar"
            freq={range.freq}
            chart={deviation.data}
            loading={deviation.loading}
            error={deviation.error}
            onRetry={deviation.retry}
          />
          <MetricsChart
            title="Device measurements"
            kind="bar"
            freq={range.freq}
            chart={measurements.data}
            loading={measurements.loading}
            error={measurements.error}
            onRetry={measurements.retry}
          />
        </>
      )}
    </div>
  );
}
