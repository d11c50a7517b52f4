import { EmptyState } from '../../renderer/skin/StatusViews';
import { CHOOSE_PROVIDER, DEFAULT_MONTHS } from './analytics.utils';
import { MetricsChart } from './MetricsChart';
import { useChosenProvider } from './useChosenProvider';
import { useProviderChart } from './useProviderChart';

/** The primary-condition pie of Provider analytics (spec 002 section 2): active patients by primary condition; slices under 5 % carry no label. */
export function PrimaryConditionWidget() {
  const { tenantId } = useChosenProvider();
  const pie = useProviderChart('primary-condition-plot', tenantId, { freq: 'month', months: DEFAULT_MONTHS });
  if (tenantId === null) return <EmptyState>{CHOOSE_PROVIDER}</EmptyState>;
  return <MetricsChart title="Active patients by primary condition" kind="pie" chart={pie.data} loading={pie.loading} error={pie.error} onRetry={pie.retry} />;
}
