import type { ChartData, ChartDataset } from 'chart.js';
import { formatReading, MEASURE_INFO, type ChartMeasure } from '../../../../domain/clinical/measures';
import type { ChartAnswer } from './chartAnswer';
import { RANGE_LABELS, type ChartRange, type Timescale } from './chartQuery';

/**
 * What the chart dialog draws (spec 001 section 9, "Charts"), apart from chart.js: the readings as
 * lines (blood pressure: systolic and diastolic), the 7-day baseline of the API's `trend_points` as
 * dashed lines, and the patient's monitoring limits as bands. Times are milliseconds on a linear
 * axis, so that readings keep their spacing without a date adapter.
 */

export interface XY {
  x: number;
  y: number;
}

export type LineDataset = ChartDataset<'line', XY[]>;

/** The colours of the lines and of their bands (Tailwind's blue-700 and violet-600, lighter for the baselines). */
export const SERIES_COLOURS = {
  value: '#1d4ed8',
  value2: '#7c3aed',
  baseline: '#60a5fa',
  baseline2: '#a78bfa',
} as const;
const BAND_COLOURS = {
  value: 'rgba(29, 78, 216, 0.08)',
  value2: 'rgba(124, 58, 237, 0.08)',
  single: 'rgba(22, 163, 74, 0.1)',
} as const;

/** The dash of a baseline line, in pixels drawn and left. */
export const BASELINE_DASH = [6, 4];
const DOT_RADIUS = 3;

const at = (x: string) => Date.parse(x);

/** `[{x, y, y2}]` as the points of the first (y) or second (y2) series; a point without that value is left out. */
function series(points: readonly { x: string; y: number; y2: number | null }[], second: boolean): XY[] {
  return points.flatMap((point) => {
    const y = second ? point.y2 : point.y;
    return y === null ? [] : [{ x: at(point.x), y }];
  });
}

function line(label: string, data: XY[], colour: string, options: { dashed: boolean; dots: boolean }): LineDataset {
  return {
    label,
    data,
    borderColor: colour,
    backgroundColor: colour,
    borderWidth: options.dashed ? 1.5 : 2,
    borderDash: options.dashed ? BASELINE_DASH : [],
    pointRadius: options.dots ? DOT_RADIUS : 0,
    pointHoverRadius: DOT_RADIUS + 2,
    tension: 0,
    fill: false,
  };
}

/**
 * The datasets `Line` receives: the readings with dots unless hidden (24 or more readings in a day),
 * then the baseline dashed and without dots; blood pressure has a systolic and a diastolic of each.
 */
export function chartData(
  measure: ChartMeasure,
  answer: Pick<ChartAnswer, 'points' | 'trend_points'>,
  { dotsHidden }: { dotsHidden: boolean },
): ChartData<'line', XY[]> {
  const dots = !dotsHidden;
  if (measure === 'blood_pressure') {
    return {
      datasets: [
        line('Systolic', series(answer.points, false), SERIES_COLOURS.value, { dashed: false, dots }),
        line('Diastolic', series(answer.points, true), SERIES_COLOURS.value2, { dashed: false, dots }),
        line('Systolic baseline', series(answer.trend_points, false), SERIES_COLOURS.baseline, { dashed: true, dots: false }),
        line('Diastolic baseline', series(answer.trend_points, true), SERIES_COLOURS.baseline2, { dashed: true, dots: false }),
      ],
    };
  }
  return {
    datasets: [
      line(MEASURE_INFO[measure].label, series(answer.points, false), SERIES_COLOURS.value, { dashed: false, dots }),
      line('Baseline', series(answer.trend_points, false), SERIES_COLOURS.baseline, { dashed: true, dots: false }),
    ],
  };
}

/** A monitoring limit as a band: the range readings should stay in; a missing bound runs to the axis' edge. */
export interface LimitBand {
  label: string;
  min: number | null;
  max: number | null;
  colour: string;
}

/** A bound as stored: a number or a numeric text. */
function bound(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

type Limit = { parameter: string; sub_parameter: string };

function limitsOf(value: unknown): (Limit & { min: number | null; max: number | null })[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const limit = item as Record<string, unknown>;
    if (typeof limit.parameter !== 'string') return [];
    const sub = typeof limit.sub_parameter === 'string' ? limit.sub_parameter : '';
    return [{ parameter: limit.parameter, sub_parameter: sub, min: bound(limit.min), max: bound(limit.max) }];
  });
}

/**
 * Whether a limit is of a measure (src/domain/monitoringLimits.ts names them so): blood pressure's
 * by `sub_parameter`, or `systolic` / `diastolic` alone; another measure's by its name.
 */
function limitOf(limit: Limit, measure: ChartMeasure, part?: 'systolic' | 'diastolic'): boolean {
  if (part) return (limit.parameter === 'blood_pressure' && limit.sub_parameter === part) || (limit.parameter === part && limit.sub_parameter === '');
  return limit.sub_parameter === '' && limit.parameter === measure;
}

/**
 * The bands of a patient's monitoring limits (`care_plan.monitoring_limits`) for a measure: blood
 * pressure's systolic and diastolic each in its line's colour, another measure's one band; a limit
 * with neither bound is no band.
 */
export function limitBands(measure: ChartMeasure, monitoringLimits: unknown): LimitBand[] {
  const limits = limitsOf(monitoringLimits).filter((limit) => limit.min !== null || limit.max !== null);
  const band = (label: string, colour: string, part?: 'systolic' | 'diastolic'): LimitBand[] => {
    const limit = limits.find((candidate) => limitOf(candidate, measure, part));
    return limit ? [{ label, min: limit.min, max: limit.max, colour }] : [];
  };
  if (measure === 'blood_pressure') return [...band('Systolic', BAND_COLOURS.value, 'systolic'), ...band('Diastolic', BAND_COLOURS.value2, 'diastolic')];
  return band(MEASURE_INFO[measure].label, BAND_COLOURS.single);
}

/** A band in words, beside the chart: 'Systolic: 90 to 150 mmHg', 'Heart Rate: at most 110 bpm'. */
export function bandWords(band: LimitBand, unit: string): string {
  const range =
    band.min !== null && band.max !== null ? `${band.min} to ${band.max}` : band.min !== null ? `at least ${band.min}` : `at most ${band.max ?? ''}`;
  return `${band.label}: ${range}${unit ? ` ${unit}` : ''}`;
}

/** The part of the y axis a band covers, cut to the axis; null when none of it shows. */
export function bandSpan(band: Pick<LimitBand, 'min' | 'max'>, axisMin: number, axisMax: number): { from: number; to: number } | null {
  const from = Math.max(band.min ?? axisMin, axisMin);
  const to = Math.min(band.max ?? axisMax, axisMax);
  return from < to ? { from, to } : null;
}

/** The y axis' suggested ends, so that the bands' bounds show beside the readings. */
export function suggestedBounds(data: ChartData<'line', XY[]>, bands: readonly LimitBand[]): { suggestedMin?: number; suggestedMax?: number } {
  const values = [
    ...data.datasets.flatMap((dataset) => dataset.data.map((point) => point.y)),
    ...bands.flatMap((band) => [band.min, band.max].filter((value) => value !== null)),
  ];
  if (values.length === 0) return {};
  return { suggestedMin: Math.min(...values), suggestedMax: Math.max(...values) };
}

const AVERAGES: Readonly<Record<Timescale, [string, string]>> = {
  all: ['reading', 'readings'],
  day: ['daily average', 'daily averages'],
  week: ['weekly average', 'weekly averages'],
  month: ['monthly average', 'monthly averages'],
};

/** The canvas' accessible name: 'Blood Pressure chart, 42 readings, past 3 months'. */
export function chartLabel(measure: ChartMeasure, count: number, timescale: Timescale, range: ChartRange): string {
  const [one, many] = AVERAGES[timescale];
  const span = range === 'all' ? 'all time' : RANGE_LABELS[range].toLowerCase();
  return `${MEASURE_INFO[measure].label} chart, ${count} ${count === 1 ? one : many}, ${span}`;
}

/** A tick of the time axis: 'Jan 5', or 'Jan 2026' for monthly averages, in the user's zone. */
export function tickLabel(ms: number, timescale: Timescale, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = timescale === 'month' ? { month: 'short', year: 'numeric' } : { month: 'short', day: 'numeric' };
  return new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(ms));
}

/** A point's time in the tooltip: the reading's date and time, or the day, week or month it averages. */
export function pointTime(ms: number, timescale: Timescale, timeZone: string): string {
  const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { timeZone, ...options }).format(new Date(ms));
  const day = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
  switch (timescale) {
    case 'all':
      return format({ ...day, hour: '2-digit', minute: '2-digit' });
    case 'day':
      return format(day);
    case 'week':
      return `Week of ${format(day)}`;
    case 'month':
      return format({ month: 'long', year: 'numeric' });
  }
}

/** A value in the tooltip, rounded as the record shows its measure: 'Systolic: 128 mmHg'. */
export function pointText(measure: ChartMeasure, seriesLabel: string, y: number, unit: string): string {
  return `${seriesLabel}: ${formatReading(measure, y)}${unit ? ` ${unit}` : ''}`;
}
