import { MEASURE_INFO, formatReading, type ChartMeasure } from './measures';
import { SYMPTOM_SEVERITY, symptomLabel } from './symptoms';
import { triageGroup, triageLabel, type TriageCode, type TriageGroup } from './triage';

/**
 * The record's algorithm scores (spec 001 section 9: "Prediction scores use a five-tier scale (Low,
 * Low - Medium, Medium, Medium - High, High). Exacerbation risk is 0-100, with tiers in steps of 20").
 */

/** Spec 001 section 9: the five tiers of a prediction score, lowest first. */
export const PREDICTION_TIERS = ['Low', 'Low - Medium', 'Medium', 'Medium - High', 'High'] as const;
export type PredictionTier = (typeof PREDICTION_TIERS)[number];

/** A tier: its place on the scale (0 Low ... 4 High) and its label. */
export interface RiskTier {
  index: 0 | 1 | 2 | 3 | 4;
  label: PredictionTier;
}

const TIER_WIDTH = 20;

/**
 * The tier of a 0–100 score, in steps of 20 (spec 001 section 9): 0–19 Low, 20–39 Low - Medium,
 * 40–59 Medium, 60–79 Medium - High, 80–100 High. A score outside 0–100 counts as its nearest bound,
 * a fraction as its whole part (19.9 is Low), and a score that is no number as 0.
 */
export function riskTier(score: number): RiskTier {
  const bounded = Number.isNaN(score) ? 0 : Math.min(100, Math.max(0, score));
  const index = Math.min(PREDICTION_TIERS.length - 1, Math.floor(bounded / TIER_WIDTH)) as RiskTier['index'];
  return { index, label: PREDICTION_TIERS[index] };
}

/** What the exacerbation-risk rule reads: the facts of the patient's past 7 days. */
export interface RiskInputs {
  /** Each measure's latest reading and its 7-day baseline (blood pressure: the systolic). */
  deviations: { measure: ChartMeasure; latest: number; baseline: number }[];
  /** Days of the past 7 with a reading out of the patient's monitoring limits. */
  outOfRangeDays: number;
  /** Each self-reported symptom's highest severity (1–10) of the past 7 days. */
  symptoms: { name: string; severity: number }[];
  /** The triage of the latest assessment run not entered in error, if any. */
  latestTriage: TriageCode | null;
  /** Whole days since the latest reading; null when the patient has none. */
  daysSinceLastReading: number | null;
}

/** One line of the score's explanation: the points a fact added, and why. */
export interface RiskFactor {
  name: 'vitals_deviation' | 'out_of_range_days' | 'symptom_severity' | 'latest_triage' | 'no_recent_readings';
  points: number;
  reason: string;
}

export interface ExacerbationRisk {
  /** 0–100, an integer. */
  score: number;
  tier: RiskTier;
  /** Every fact that added points, in the rule's order; the points add up to the score. A data gap is named with 0 points. */
  factors: RiskFactor[];
}

/** Vitals deviation: a reading this many percent from its baseline adds these points; the first met applies. */
export const DEVIATION_POINTS: readonly (readonly [percent: number, points: number])[] = [
  [10, 10],
  [5, 5],
];
/** Vitals deviation: the most all measures together add. */
export const DEVIATION_CAP = 30;
/** Out-of-range days: the points of all 7 days; each day weighs a seventh, rounded. */
export const OUT_OF_RANGE_MAX = 25;
/** Symptom severity: the points of the worst severity, 10; each step weighs 2.5, rounded half up. */
export const SYMPTOM_MAX = 25;
/** Latest triage: the points of each group. */
export const TRIAGE_POINTS: Readonly<Record<TriageGroup, number>> = { LOW: 0, MEDIUM: 10, TEST: 10, DOC: 15, ER: 20 };
/** Days without a reading from which the score names the gap (it adds no points). */
export const STALE_AFTER_DAYS = 3;

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Percent distance of a reading from its baseline; null where the baseline is 0 or no number. */
function percentFromBaseline(latest: number, baseline: number): number | null {
  if (!finite(latest) || !finite(baseline) || baseline === 0) return null;
  // The hair of tolerance keeps 94.5 against 90 (5.000...1 % in binary) and 105 against 100 both at 5 %.
  return (Math.abs(latest - baseline) / Math.abs(baseline)) * 100 + 1e-9;
}

function deviationFactor(deviations: RiskInputs['deviations']): RiskFactor | null {
  const parts: string[] = [];
  let total = 0;
  for (const { measure, latest, baseline } of deviations) {
    const percent = percentFromBaseline(latest, baseline);
    if (percent === null) continue;
    const points = DEVIATION_POINTS.find(([threshold]) => percent >= threshold)?.[1] ?? 0;
    if (points === 0) continue;
    total += points;
    const { label, unit } = MEASURE_INFO[measure];
    const direction = latest > baseline ? 'above' : 'below';
    parts.push(`${label} ${Math.floor(percent)}% ${direction} its 7-day baseline of ${formatReading(measure, baseline)} ${unit} (+${points})`);
  }
  if (total === 0) return null;
  const points = Math.min(DEVIATION_CAP, total);
  const capped = total > DEVIATION_CAP ? `; capped at ${DEVIATION_CAP}` : '';
  return { name: 'vitals_deviation', points, reason: `${parts.join('; ')}${capped}` };
}

function outOfRangeFactor(days: number): RiskFactor | null {
  const counted = finite(days) ? clamp(Math.round(days), 0, 7) : 0;
  const points = Math.round((counted * OUT_OF_RANGE_MAX) / 7);
  return points === 0 ? null : { name: 'out_of_range_days', points, reason: `Readings out of range on ${plural(counted, 'day')} of the past 7` };
}

function symptomFactor(symptoms: RiskInputs['symptoms']): RiskFactor | null {
  // The first of the worst, in the order given.
  const worst = symptoms
    .filter((symptom) => finite(symptom.severity))
    .reduce<RiskInputs['symptoms'][number] | null>((top, symptom) => (top === null || symptom.severity > top.severity ? symptom : top), null);
  if (worst === null) return null;
  const severity = clamp(worst.severity, 0, SYMPTOM_SEVERITY.max);
  const points = Math.round((severity * SYMPTOM_MAX) / SYMPTOM_SEVERITY.max);
  return points === 0
    ? null
    : { name: 'symptom_severity', points, reason: `Worst symptom of the past 7 days: ${symptomLabel(worst.name)} at ${severity} of ${SYMPTOM_SEVERITY.max}` };
}

function triageFactor(code: TriageCode | null): RiskFactor | null {
  if (code === null || code.trim() === '') return null;
  const points = TRIAGE_POINTS[triageGroup(code)];
  return points === 0 ? null : { name: 'latest_triage', points, reason: `Latest assessment triaged ${triageLabel(code)} (${code})` };
}

function gapFactor(days: number | null): RiskFactor | null {
  if (days === null) return { name: 'no_recent_readings', points: 0, reason: 'No readings on record: the score rests on symptoms and assessments alone' };
  if (!finite(days) || days < STALE_AFTER_DAYS) return null;
  return { name: 'no_recent_readings', points: 0, reason: `No reading for ${plural(Math.floor(days), 'day')}: the score may be out of date` };
}

/**
 * Exacerbation risk, 0–100 (spec 001 section 9), by a fixed, documented RULE, not a trained model:
 * the same inputs always give the same score, and every point is named in `factors`.
 *
 * | fact (past 7 days)                          | points                                                                            | most |
 * | ------------------------------------------- | --------------------------------------------------------------------------------- | ---- |
 * | each measure's latest vs its 7-day baseline | ≥ 10 % away: 10; ≥ 5 % away: 5 (either direction; a baseline of 0 is skipped)     | 30   |
 * | days with a reading out of range            | round(days × 25 / 7): 0 → 0, 1 → 4, 2 → 7, 3 → 11, 4 → 14, 5 → 18, 6 → 21, 7 → 25 | 25   |
 * | worst self-reported symptom (1–10)          | round half up(severity × 2.5): 1 → 3, 2 → 5, 3 → 8, 4 → 10, 5 → 13 … 10 → 25      | 25   |
 * | latest assessment's triage                  | LOW 0, MEDIUM 10, TEST 10, DOC variants 15, ER variants 20                        | 20   |
 * | no reading for 3 or more days (or none)     | 0, but named as a factor: the score may be out of date                            | 0    |
 *
 * The score is the sum, clamped to 0–100 (the maxima add up to 100), and its tier that of riskTier.
 */
export function exacerbationRisk(inputs: RiskInputs): ExacerbationRisk {
  const factors = [
    deviationFactor(inputs.deviations),
    outOfRangeFactor(inputs.outOfRangeDays),
    symptomFactor(inputs.symptoms),
    triageFactor(inputs.latestTriage),
    gapFactor(inputs.daysSinceLastReading),
  ].filter((factor): factor is RiskFactor => factor !== null);
  const score = clamp(
    factors.reduce((sum, factor) => sum + factor.points, 0),
    0,
    100,
  );
  return { score, tier: riskTier(score), factors };
}
