import { isDay, zonedDay } from '../zonedDays';
import { CHART_MEASURES, MEASURE_INFO, formatReading, type ChartMeasure } from './measures';
import { symptomBand, symptomLabel } from './symptoms';
import { triageLabel } from './triage';

/**
 * The built-in summariser of the record's AI summaries tab (spec 001 section 2, "an AI summaries
 * table with a Generate AI Summary dialog"; section 3, "AI summary: content, created_at, patient_id,
 * period dates"): plain factual paragraphs written from the period's recorded data, with no network
 * and no language model.
 */

/** One measure's readings over the period (blood pressure: y the systolic, y2 the diastolic). */
export interface SummaryReading {
  measure: ChartMeasure;
  count: number;
  mean: number;
  min: number;
  max: number;
  latest: number;
  latest2?: number | null;
  mean2?: number | null;
  /** The 7-day moving-average baseline at the latest reading. */
  baseline: number | null;
  trend: 'up' | 'down' | 'flat' | null;
}

/** What the summariser is told of a period; nothing that names the patient. */
export interface SummaryFacts {
  /** yyyy-mm-dd days, both included. */
  period: { start: string; end: string };
  readings: SummaryReading[];
  /** Days of the period with a reading out of range. */
  outOfRangeDays: number;
  daysWithReadings: number;
  /** Monitoring notes (care time) of the period. */
  notes: { count: number; minutes: number };
  tasks: { open: number; completed: number };
  /** Assessment runs not entered in error; created_at an ISO instant or a yyyy-mm-dd day. */
  assessments: { name: string; created_at: string; triage: string }[];
  /** Stretches without readings; from and to ISO instants or yyyy-mm-dd days. */
  deviceGaps: { from: string; to: string; days: number }[];
  symptoms: { name: string; maxSeverity: number; days: number }[];
  /** The zone instants are written in as days; UTC when not given. */
  timeZone?: string;
}

/** The summary's last line, so that a reader knows how it was written. */
export const SUMMARY_FOOTER = "Written by the built-in summariser from the period's recorded data; no language model was used.";

/** Gaps shorter than this many days are not worth a line. */
export const DEVICE_GAP_MIN_DAYS = 3;

const TREND_WORDS = { up: 'rising', down: 'falling', flat: 'stable' } as const;

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** A day as written: a yyyy-mm-dd as given, an instant as its day in the zone. */
function dayOf(text: string, timeZone: string): string {
  if (isDay(text)) return text;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? text : zonedDay(instant, timeZone);
}

function readingLine(reading: SummaryReading): string {
  const { label, unit } = MEASURE_INFO[reading.measure];
  const value = (y: number, y2?: number | null) => `${formatReading(reading.measure, y, y2)} ${unit}`;
  const latest = value(reading.latest, reading.latest2);
  const range = `${reading.measure === 'blood_pressure' ? 'systolic range' : 'range'} ${formatReading(reading.measure, reading.min)}–${formatReading(reading.measure, reading.max)}`;
  const body =
    reading.count === 1
      ? `1 reading, ${latest}`
      : `${plural(reading.count, 'reading')}, mean ${value(reading.mean, reading.mean2)} (${range}), latest ${latest}`;
  const trend =
    reading.trend === null || reading.baseline === null ? '' : `, ${TREND_WORDS[reading.trend]} against its 7-day baseline of ${value(reading.baseline)}`;
  return `${label}: ${body}${trend}.`;
}

function readingsParagraph(facts: SummaryFacts): string {
  const readings = facts.readings.filter((reading) => reading.count > 0).sort((a, b) => CHART_MEASURES.indexOf(a.measure) - CHART_MEASURES.indexOf(b.measure));
  if (readings.length === 0) return 'No readings were recorded in this period.';
  const outOfRange = facts.outOfRangeDays > 0 ? `Readings were out of range on ${plural(facts.outOfRangeDays, 'day')}.` : 'No reading was out of range.';
  return [`Readings were recorded on ${plural(facts.daysWithReadings, 'day')} of the period.`, ...readings.map(readingLine), outOfRange].join('\n');
}

function careParagraph({ notes, tasks }: SummaryFacts): string {
  const care =
    notes.count > 0
      ? `Care time: ${plural(notes.count, 'monitoring note')} totalling ${plural(Math.round(notes.minutes), 'minute')}.`
      : 'No monitoring notes were recorded.';
  const work = tasks.open + tasks.completed > 0 ? `Tasks: ${tasks.open} open, ${tasks.completed} completed.` : 'No tasks were open or completed.';
  return `${care}\n${work}`;
}

function assessmentsParagraph(facts: SummaryFacts, timeZone: string): string {
  if (facts.assessments.length === 0) return 'No assessments were run.';
  const runs = facts.assessments
    .map((run) => ({ ...run, day: dayOf(run.created_at, timeZone), time: Date.parse(run.created_at) }))
    .sort((a, b) => (a.time || 0) - (b.time || 0) || compareText(a.day, b.day) || compareText(a.name, b.name))
    .map((run) => `${run.name} on ${run.day} (triage ${triageLabel(run.triage)})`);
  return `${runs.length === 1 ? 'Assessment' : 'Assessments'}: ${runs.join('; ')}.`;
}

function gapsParagraph(facts: SummaryFacts, timeZone: string): string | null {
  const gaps = facts.deviceGaps
    .filter((gap) => gap.days >= DEVICE_GAP_MIN_DAYS)
    .map((gap) => ({ ...gap, from: dayOf(gap.from, timeZone), to: dayOf(gap.to, timeZone) }))
    .sort((a, b) => compareText(a.from, b.from) || compareText(a.to, b.to));
  if (gaps.length === 0) {
    // Without any reading the whole period is a gap, already said by the readings paragraph.
    return facts.readings.some((reading) => reading.count > 0) ? `No gaps of ${DEVICE_GAP_MIN_DAYS} days or more between readings.` : null;
  }
  return `${gaps.length === 1 ? 'Device gap' : 'Device gaps'}: ${gaps.map((gap) => `no readings from ${gap.from} to ${gap.to} (${plural(gap.days, 'day')})`).join('; ')}.`;
}

function symptomsParagraph(facts: SummaryFacts): string {
  const symptoms = facts.symptoms
    .filter((symptom) => symptom.days > 0 && symptom.maxSeverity > 0)
    .map((symptom) => ({ ...symptom, label: symptomLabel(symptom.name) }))
    .sort((a, b) => b.maxSeverity - a.maxSeverity || b.days - a.days || compareText(a.label, b.label));
  if (symptoms.length === 0) return 'No symptoms were reported.';
  const parts = symptoms.map((s) => `${s.label} on ${plural(s.days, 'day')} (worst ${s.maxSeverity} of 10, ${symptomBand(s.maxSeverity)})`);
  return `Symptoms reported: ${parts.join('; ')}.`;
}

/**
 * Writes a period's summary from its facts: the period; each measure's readings with its unit and
 * the record's rounding (spec 001 section 9), and its trend against the 7-day baseline (rising,
 * falling or stable); days out of range; care-time notes and tasks; assessments with their triage
 * labels; device gaps of 3 days or more; self-reported symptoms; then SUMMARY_FOOTER. Paragraphs are
 * separated by a blank line. Deterministic: the same facts always give the same text, whatever their
 * order. A period without readings says "No readings were recorded in this period."
 */
export function writeSummary(facts: SummaryFacts): string {
  const timeZone = facts.timeZone ?? 'UTC';
  return [
    `Summary of ${facts.period.start} to ${facts.period.end}.`,
    readingsParagraph(facts),
    careParagraph(facts),
    assessmentsParagraph(facts, timeZone),
    gapsParagraph(facts, timeZone),
    symptomsParagraph(facts),
    SUMMARY_FOOTER,
  ]
    .filter((paragraph): paragraph is string => paragraph !== null)
    .join('\n\n');
}
