import type { ProviderMetrics } from '../../../../schemas/payloads/metrics';
import { EmptyState } from '../../renderer/skin/StatusViews';
import { CHOOSE_PROVIDER, metricsPath } from './analytics.utils';
import { FigureGrid } from './FigureGrid';
import { useMetrics } from './useMetrics';

/** A provider's seven figures (GET metrics?id=provider), or the prompt to choose one. */
export function ProviderSummary({ tenantId, label }: { tenantId: number | null; label: string }) {
  const metrics = useMetrics<ProviderMetrics>(metricsPath('provider', { tenant_id: tenantId ?? undefined }), tenantId !== null);
  if (tenantId === null) return <EmptyState>{CHOOSE_PROVIDER}</EmptyState>;
  return <FigureGrid kind="provider" label={label} answer={metrics.data} loading={metrics.loading} error={metrics.error} onRetry={metrics.retry} />;
}
