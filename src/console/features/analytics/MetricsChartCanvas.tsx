import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar, Line, Pie } from 'react-chartjs-2';
import type { MetricFrequency } from '../../../../schemas/payloads/metrics';
import { axisLabel, sliceLabels, type ChartData } from './analytics.utils';

// What bar, line (area) and pie charts on a category axis use: chart.js loads with this file only.
ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  Filler,
  PieController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

const COLOURS = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#dc2626', '#0891b2', '#4b5563', '#db2777'] as const;
const colour = (i: number) => COLOURS[i % COLOURS.length] ?? '#2563eb';

export type MetricsChartKind = 'bar' | 'line' | 'area' | 'pie';

/** Writes each slice's percentage on it, for the slices of 5 percent and more (spec 001 section 9). */
export const pieSliceLabels = (values: readonly number[]): Plugin<'pie'> => ({
  id: 'metricsSliceLabels',
  afterDatasetsDraw(chart) {
    const labels = sliceLabels(values);
    const { ctx } = chart;
    ctx.save();
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    chart.getDatasetMeta(0).data.forEach((arc, index) => {
      const text = labels[index];
      if (!text) return;
      const { x, y } = arc.tooltipPosition(false);
      if (x !== null && y !== null) ctx.fillText(text, x, y);
    });
    ctx.restore();
  },
});

interface Props {
  kind: MetricsChartKind;
  chart: ChartData;
  /** How the x labels (bucket days) are written; none for a pie. */
  freq?: MetricFrequency | undefined;
}

/**
 * A metrics chart (loaded lazily by MetricsChart, which says its figures in a table for screen
 * readers: the canvas is hidden from them). Bucket days are written by the spec's axis rule.
 */
export default function MetricsChartCanvas({ kind, chart, freq }: Props) {
  const labels = useMemo(() => (freq ? chart.labels.map((day) => axisLabel(day, freq)) : chart.labels), [chart.labels, freq]);
  if (kind === 'pie') return <PieChart labels={labels} chart={chart} />;
  const datasets = chart.datasets.map((set, i) => ({
    label: set.label,
    data: set.data,
    backgroundColor: kind === 'area' ? `${colour(i)}33` : colour(i),
    borderColor: colour(i),
    fill: kind === 'area',
    pointRadius: set.data.length > 60 ? 0 : 2,
    tension: 0.2,
  }));
  const options: ChartOptions<'bar' | 'line'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    scales: { x: { ticks: { maxTicksLimit: 12, autoSkip: true } }, y: { beginAtZero: true, ticks: { precision: 0 } } },
    plugins: { legend: { display: datasets.length > 1, position: 'bottom', labels: { boxWidth: 12 } } },
  };
  return kind === 'bar' ? (
    <Bar data={{ labels, datasets }} options={options as ChartOptions<'bar'>} aria-hidden="true" />
  ) : (
    <Line data={{ labels, datasets }} options={options as ChartOptions<'line'>} aria-hidden="true" />
  );
}

function PieChart({ labels, chart }: { labels: string[]; chart: ChartData }) {
  const values = useMemo(() => chart.datasets[0]?.data ?? [], [chart.datasets]);
  const plugins = useMemo(() => [pieSliceLabels(values)], [values]);
  const data = { labels, datasets: [{ data: values, backgroundColor: values.map((_, i) => colour(i)), borderWidth: 1 }] };
  const options: ChartOptions<'pie'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    plugins: { legend: { position: 'right', labels: { boxWidth: 12 } } },
  };
  return <Pie data={data} options={options} plugins={plugins} aria-hidden="true" />;
}
