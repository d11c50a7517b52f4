import { trendOf } from '../../../../domain/clinical/baseline';
import { CHART_MEASURES, formatReading, isChartMeasure, MEASURE_INFO, type ChartMeasure } from '../../../../domain/clinical/measures';
import type { OutOfRange } from '../../../../domain/monitoringLimits';
import { unitLabel } from '../../../../domain/patientQueue';

/**
 * The physiological measurement cards of the clinical view (spec 001 section 2, "Clinical view
 * sections"): one per measure the patient has (`measure_reports` of category 'vital-signs'), with
 * the latest reading that counts (the report's; `observations` adds its out-of-range verdict when it is
 * the same reading), rounded per spec 001 section 9, its time, and where it stands
 * against the 7-day baseline, in words as well as by an arrow. Pure: the widget gives the record.
 */

/** What an empty card list and an empty chart say (spec 001). */
export const NO_DATA = 'No data available';

export type TrendDirection = 'up' | 'down' | 'flat';

export const TREND_WORDS: Readonly<Record<TrendDirection, string>> = {
  up: 'Above baseline',
  down: 'Below baseline',
  flat: 'At baseline',
};
export const TREND_ARROWS: Readonly<Record<TrendDirection, string>> = { up: '↑', down: '↓', flat: '→' };

export interface MeasurementCard {
  measure: ChartMeasure;
  label: string;
  /** The latest reading as the record writes it ('128/84', '98.6'), or null when there is none. */
  value: string | null;
  unit: string;
  /** When the latest reading was taken (ISO), else when the report was last updated. */
  at: string | null;
  trend: TrendDirection | null;
  /** The baseline as the record writes it, or null without one. */
  baseline: string | null;
  /** 'above 150', 'below 92': how the latest reading left the patient's limits, or null within them. */
  outOfRange: { range: OutOfRange['range']; words: string } | null;
}

type Row = Readonly<Record<string, unknown>>;

const isRow = (value: unknown): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);

function isTrend(value: unknown): value is TrendDirection {
  return value === 'up' || value === 'down' || value === 'flat';
}

function outOfRangeOf(value: unknown): MeasurementCard['outOfRange'] {
  if (!isRow(value)) return null;
  const limit = finite(value.limit);
  if ((value.range !== 'high' && value.range !== 'low') || limit === null) return null;
  return { range: value.range, words: `${value.range === 'high' ? 'above' : 'below'} ${limit}` };
}

/** The latest reading's values: blood pressure's systolic and diastolic, another measure's value; the report's when there is no reading. */
function latestValues(measure: ChartMeasure, observation: Row | undefined, report: Row): { y: number; y2: number | null } | null {
  if (observation) {
    const [y, y2] =
      measure === 'blood_pressure'
        ? [finite(observation.systolic) ?? finite(observation.value), finite(observation.diastolic) ?? finite(observation.value2)]
        : [finite(observation.value), null];
    if (y !== null) return { y, y2 };
  }
  const y = finite(report.value);
  return y === null ? null : { y, y2: measure === 'blood_pressure' ? finite(report.value2) : null };
}

const sameInstant = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);

function cardOf(measure: ChartMeasure, report: Row, observations: readonly Row[]): MeasurementCard {
  // The report's reading is the latest one that counts (a flagged reading does not): the latest
  // observation (with its out-of-range verdict) describes it only when it is that same reading.
  const observation = observations.find((candidate) => candidate.name === measure && sameInstant(candidate.timestamp, report.updated_at));
  const latest = latestValues(measure, observation, report);
  const baseline = finite(report.baseline);
  const baseline2 = measure === 'blood_pressure' ? finite(report.baseline2) : null;
  const trend = isTrend(report.trend) ? report.trend : latest && trendOf(latest.y, baseline);
  const unit = text(observation?.unit) ?? text(report.unit) ?? MEASURE_INFO[measure].unit;
  return {
    measure,
    label: MEASURE_INFO[measure].label,
    value: latest && formatReading(measure, latest.y, latest.y2),
    unit: unitLabel(unit),
    at: (observation && text(observation.timestamp)) ?? text(report.updated_at),
    trend: latest ? trend : null,
    baseline: baseline === null ? null : formatReading(measure, baseline, baseline2),
    outOfRange: observation && latest ? outOfRangeOf(observation.out_of_range) : null,
  };
}

/**
 * The record's cards: a card for each vital-signs report whose name is a chart measure, in the
 * order `measures` gives (only those), else in the record's order of measures.
 */
export function measurementCards(record: Row | undefined, measures?: readonly string[]): MeasurementCard[] {
  const reports = rows(record?.measure_reports).filter((report) => report.category === 'vital-signs' && isChartMeasure(report.name));
  const observations = rows(record?.observations);
  const order = [...new Set(measures ?? CHART_MEASURES)].filter(isChartMeasure);
  return order.flatMap((measure) => {
    const report = reports.find((candidate) => candidate.name === measure);
    return report ? [cardOf(measure, report, observations)] : [];
  });
}

/** The trend in words with the baseline: 'Above baseline (baseline 72 bpm)'. */
export function trendWords(card: Pick<MeasurementCard, 'trend' | 'baseline' | 'unit'>): string | null {
  if (card.trend === null) return null;
  return card.baseline === null ? TREND_WORDS[card.trend] : `${TREND_WORDS[card.trend]} (baseline ${card.baseline} ${card.unit})`;
}
