import type { UserMetrics } from '../../../../schemas/payloads/metrics';
import { FigureGrid } from './FigureGrid';
import { useMetrics } from './useMetrics';

/** Home's Your metrics (spec 001 sections 2 and 3): the user's seven figures, from GET metrics/user. */
export function UserMetricsWidget() {
  const metrics = useMetrics<UserMetrics>('/metrics/user');
  return <FigureGrid kind="user" label="Your metrics" answer={metrics.data} loading={metrics.loading} error={metrics.error} onRetry={metrics.retry} />;
}
