import { useId } from 'react';
import type { MetricFrequency } from '../../../../schemas/payloads/metrics';
import { ErrorMessage, Loading } from '../../renderer/skin/StatusViews';
import { axisLabel, isEmptyChart, NO_DATA, type ChartData } from './analytics.utils';
import { onDemandComponent } from '../../ui/OnDemandComponent';
import type { MetricsChartKind } from './MetricsChartCanvas';

// chart.js and react-chartjs-2 load with the first chart drawn, not with the console (tests/build/routeBudgets.test.ts);
// not React.lazy, whose fallback holds a chart back 300 ms (ui/onDemand.ts).
const MetricsChartCanvas = onDemandComponent(() => import('./MetricsChartCanvas').then((module) => module.default), {
  loading: <div className="h-full w-full rounded bg-slate-50" aria-hidden="true" />,
  failed: (error) => <ErrorMessage error={error} />,
});

interface Props {
  title: string;
  kind: MetricsChartKind;
  chart: ChartData | undefined;
  freq?: MetricFrequency | undefined;
  loading?: boolean;
  error?: unknown;
  onRetry?: () => void;
}

/**
 * One chart with its title: 'No data available' when it has nothing to show (spec 002 section 8),
 * else the canvas and, for screen readers, the same figures as a table.
 */
export function MetricsChart({ title, kind, chart, freq, loading, error, onRetry }: Props) {
  const headingId = useId();
  return (
    <figure aria-labelledby={headingId} className="flex min-w-0 flex-col gap-2">
      <figcaption id={headingId} className="text-sm font-medium text-slate-700">
        {title}
      </figcaption>
      {error !== undefined ? (
        <ErrorMessage error={error} {...(onRetry ? { onRetry } : {})} />
      ) : loading || !chart ? (
        <Loading />
      ) : isEmptyChart(chart) ? (
        <p className="py-8 text-center text-sm text-slate-500">{NO_DATA}</p>
      ) : (
        <>
          <div className="relative h-56 w-full">
            <MetricsChartCanvas kind={kind} chart={chart} freq={freq} />
          </div>
          <ChartTable title={title} chart={chart} freq={freq} />
        </>
      )}
    </figure>
  );
}

/** The chart's figures as text, for screen readers (the canvas is hidden from them). */
function ChartTable({ title, chart, freq }: { title: string; chart: ChartData; freq?: MetricFrequency | undefined }) {
  return (
    <table className="sr-only">
      <caption>{title}</caption>
      <thead>
        <tr>
          <th scope="col">{freq ? 'Period' : 'Category'}</th>
          {chart.datasets.map((set) => (
            <th key={set.label} scope="col">
              {set.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {chart.labels.map((label, i) => (
          <tr key={label}>
            <th scope="row">{freq ? axisLabel(label, freq) : label}</th>
            {chart.datasets.map((set) => (
              <td key={set.label}>{set.data[i] ?? 0}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
