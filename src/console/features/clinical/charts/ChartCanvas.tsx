import {
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartData,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import { useMemo } from 'react';
import { Line } from 'react-chartjs-2';
import type { ChartMeasure } from '../../../../domain/clinical/measures';
import { bandSpan, pointText, pointTime, suggestedBounds, tickLabel, type LimitBand, type XY } from './chartDatasets';
import type { Timescale } from './chartQuery';

// Only what a line chart on a linear time axis uses, so that the chunk stays small.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, Tooltip, Legend);

/** Draws the monitoring limits' bands behind the lines, cut to the plot. */
const bandsPlugin = (bands: readonly LimitBand[]): Plugin<'line'> => ({
  id: 'monitoringLimitBands',
  beforeDatasetsDraw(chart) {
    const { ctx, chartArea, scales } = chart;
    const y = scales.y;
    if (!y) return;
    ctx.save();
    for (const band of bands) {
      const span = bandSpan(band, y.min, y.max);
      if (!span) continue;
      const top = y.getPixelForValue(span.to);
      const bottom = y.getPixelForValue(span.from);
      ctx.fillStyle = band.colour;
      ctx.fillRect(chartArea.left, top, chartArea.right - chartArea.left, bottom - top);
    }
    ctx.restore();
  },
});

interface ChartCanvasProps {
  measure: ChartMeasure;
  data: ChartData<'line', XY[]>;
  bands: readonly LimitBand[];
  unit: string;
  timescale: Timescale;
  timeZone: string;
  /** The canvas' accessible name ('Blood Pressure chart, 42 readings, past 3 months'); the table view says the rest. */
  label: string;
}

/** The chart of a measure: the lines `chartData` built, over a time axis in the user's zone, with the limits' bands behind. */
export function ChartCanvas({ measure, data, bands, unit, timescale, timeZone, label }: ChartCanvasProps) {
  const options = useMemo<ChartOptions<'line'>>(
    () => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      interaction: { mode: 'nearest', intersect: false },
      scales: {
        x: { type: 'linear', ticks: { maxTicksLimit: 6, callback: (value) => tickLabel(Number(value), timescale, timeZone) } },
        y: { ...suggestedBounds(data, bands), title: { display: unit !== '', text: unit } },
      },
      plugins: {
        legend: { position: 'bottom', labels: { boxWidth: 12, boxHeight: 2 } },
        tooltip: {
          callbacks: {
            title: (items) => (items[0] ? pointTime(items[0].parsed.x ?? 0, timescale, timeZone) : ''),
            label: (item) => pointText(measure, item.dataset.label ?? '', item.parsed.y ?? 0, unit),
          },
        },
      },
    }),
    [measure, data, bands, unit, timescale, timeZone],
  );
  const plugins = useMemo(() => [bandsPlugin(bands)], [bands]);
  return (
    <div className="relative h-64 w-full">
      <Line data={data} options={options} plugins={plugins} role="img" aria-label={label} fallbackContent={<p>{label}</p>} />
    </div>
  );
}
