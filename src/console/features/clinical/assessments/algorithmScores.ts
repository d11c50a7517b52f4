import { PREDICTION_TIERS, riskTier, type RiskTier } from '../../../../domain/clinical/scores';

/**
 * The record's algorithm scores (spec 001 section 2), read from the patient's `measure_reports`
 * expansion: each report of category 'prediction' (exacerbation_risk: a 0–100 score, its tier on
 * the five-step scale of spec 001 section 9, and the factors that make it up).
 */

/** What the card says of every score: it is a rule, and it says so. */
export const RULE_NOTE = "A documented rule over the patient's readings, symptoms and assessments; not a trained model.";

/** Titles of the scores the server computes; another score's name is humanized. */
const SCORE_TITLES: Readonly<Record<string, string>> = { exacerbation_risk: 'Exacerbation Risk' };
/** The factors' names in words (src/domain/clinical/scores.ts, RiskFactor). */
const FACTOR_LABELS: Readonly<Record<string, string>> = {
  vitals_deviation: 'Vitals deviation',
  out_of_range_days: 'Out-of-range days',
  symptom_severity: 'Symptom severity',
  latest_triage: 'Latest triage',
  no_recent_readings: 'No recent readings',
};

export interface ScoreFactor {
  name: string;
  label: string;
  points: number;
  reason: string;
}

export interface PredictionScore {
  name: string;
  title: string;
  /** 0 to 100, an integer. */
  score: number;
  tier: RiskTier;
  factors: ScoreFactor[];
  updatedAt: string | null;
}

const humanize = (name: string) => {
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const asObject = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** The report's own tier when it is one of the five, else the tier of its score. */
function tierOf(label: unknown, score: number): RiskTier {
  const index = PREDICTION_TIERS.findIndex((tier) => tier === label);
  return index >= 0 ? { index: index as RiskTier['index'], label: PREDICTION_TIERS[index] ?? 'Low' } : riskTier(score);
}

function factorsOf(value: unknown): ScoreFactor[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const factor = asObject(item);
    if (!factor || typeof factor.name !== 'string') return [];
    const points = typeof factor.points === 'number' && Number.isFinite(factor.points) ? factor.points : 0;
    return [
      { name: factor.name, label: FACTOR_LABELS[factor.name] ?? humanize(factor.name), points, reason: typeof factor.reason === 'string' ? factor.reason : '' },
    ];
  });
}

/** The prediction scores among a patient's measure reports, in the order given; [] when there are none. */
export function predictionScores(measureReports: unknown): PredictionScore[] {
  if (!Array.isArray(measureReports)) return [];
  return measureReports.flatMap((item: unknown) => {
    const report = asObject(item);
    if (!report || report.category !== 'prediction' || typeof report.name !== 'string') return [];
    if (typeof report.value !== 'number' || !Number.isFinite(report.value)) return [];
    const score = Math.round(Math.min(100, Math.max(0, report.value)));
    return [
      {
        name: report.name,
        title: SCORE_TITLES[report.name] ?? humanize(report.name),
        score,
        tier: tierOf(report.tier, score),
        factors: factorsOf(report.factors),
        updatedAt: typeof report.updated_at === 'string' ? report.updated_at : null,
      },
    ];
  });
}

/** A factor's points as the list shows them: '+10', '0'. */
export function pointsText(points: number): string {
  return points > 0 ? `+${points}` : String(points);
}
