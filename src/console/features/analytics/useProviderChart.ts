import type { ChartSeries, MetricChartId } from '../../../../schemas/payloads/metrics';
import { metricsPath } from './analytics.utils';
import type { RangeChoice } from './RangeSelectors';
import { useMetrics } from './useMetrics';

/** A record-level chart of the provider (labels and datasets) over the section's range; asked only once a provider is chosen. */
export function useProviderChart(id: MetricChartId, tenantId: number | null, range: RangeChoice) {
  return useMetrics<ChartSeries>(metricsPath(id, { tenant_id: tenantId ?? undefined, months: range.months, freq: range.freq }), tenantId !== null);
}
