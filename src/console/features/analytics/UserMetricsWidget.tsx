import type { UserMetrics } from '../../../../schemas/payloads/metrics';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { defineWidget } from '../../renderer/registries/widgets/widgetTypes';
import { FigureGrid } from './FigureGrid';
import { useMetrics } from './useMetrics';

/** Home's Your metrics (spec 001 sections 2 and 3): the user's seven figures, from GET metrics/user. */
export const userMetricsWidget = defineWidget(NO_OPTIONS, function UserMetricsWidget() {
  const metrics = useMetrics<UserMetrics>('/metrics/user');
  return <FigureGrid kind="user" label="Your metrics" answer={metrics.data} loading={metrics.loading} error={metrics.error} onRetry={metrics.retry} />;
});
