import { ArcElement, Chart as ChartJS, DoughnutController, Tooltip, type ChartOptions, type Plugin } from 'chart.js';
import { useMemo } from 'react';
import { Doughnut } from 'react-chartjs-2';
import type { DonutSlice } from './triageDonut';

// Only what a doughnut uses, so that the chunk stays small.
ChartJS.register(DoughnutController, ArcElement, Tooltip);

/** Writes each slice's percentage on it, for the slices of 5 percent and more (spec 001 section 9). */
export const sliceLabels = (slices: readonly DonutSlice[]): Plugin<'doughnut'> => ({
  id: 'triageSliceLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const arcs = chart.getDatasetMeta(0).data;
    ctx.save();
    ctx.font = '600 12px system-ui, sans-serif';
    ctx.fillStyle = '#ffffff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    arcs.forEach((arc, index) => {
      const slice = slices[index];
      if (!slice?.labelShown) return;
      const { x, y } = arc.tooltipPosition(false);
      if (x !== null && y !== null) ctx.fillText(`${slice.percent}%`, x, y);
    });
    ctx.restore();
  },
});

/**
 * The doughnut of the triage slices (chart.js, loaded with this route only: the widget imports this
 * file lazily). The canvas is hidden from screen readers: the widget's legend, real text, says it all.
 */
export default function TriageDoughnutChart({ slices }: { slices: readonly DonutSlice[] }) {
  const data = useMemo(
    () => ({
      labels: slices.map((slice) => slice.label),
      datasets: [{ data: slices.map((slice) => slice.count), backgroundColor: slices.map((slice) => slice.colour), borderWidth: 1 }],
    }),
    [slices],
  );
  const options = useMemo<ChartOptions<'doughnut'>>(
    () => ({ responsive: true, maintainAspectRatio: false, animation: false, cutout: '55%', plugins: { legend: { display: false } } }),
    [],
  );
  const plugins = useMemo(() => [sliceLabels(slices)], [slices]);
  return <Doughnut data={data} options={options} plugins={plugins} aria-hidden="true" />;
}
