import { TRIAGE_ORDER, triageGroup, TRIAGE_LABELS, type TriageGroup } from '../../../../domain/clinical/triage';
import { TRIAGE_CHART_COLOURS } from './triageTones';

/**
 * The assessments' 7-day triage donut (spec 001 section 2, "an assessments table with a 7-day
 * triage donut"), built from `GET /patients/{id}/runs/summary`: one slice per triage group (a
 * group's variants, DOC and DOC_24H, are one slice: they read alike), least urgent first, and the
 * totals of the past week and month. Spec 001 section 9: "Pie chart hides labels below 5 percent".
 */

/** A slice whose share is below this percentage shows no label on the chart (the legend still lists it). */
export const SLICE_LABEL_MIN_PERCENT = 5;

export interface DonutSlice {
  group: TriageGroup;
  label: string;
  count: number;
  /** The whole percentage, rounded, as the slice's label and the legend say it. */
  percent: number;
  /** Whether the chart draws the slice's label: its share is at least 5 percent. */
  labelShown: boolean;
  colour: string;
}

export interface TriageDonut {
  slices: DonutSlice[];
  /** Runs of the past 7 days in the slices. */
  total: number;
  pastWeek: number;
  pastMonth: number;
}

const count = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0);

/** Whether a slice of this share (0 to 100) shows its label: not below 5 percent. */
export function sliceLabelShown(percent: number): boolean {
  return percent >= SLICE_LABEL_MIN_PERCENT;
}

/** The donut of a runs summary (`{total_runs_past_week, total_runs_past_month, triage_counts}`); no slices when nothing was triaged. */
export function triageDonut(summary: unknown): TriageDonut {
  const body = typeof summary === 'object' && summary !== null ? (summary as Record<string, unknown>) : {};
  const counts = typeof body.triage_counts === 'object' && body.triage_counts !== null ? (body.triage_counts as Record<string, unknown>) : {};
  const byGroup = new Map<TriageGroup, number>();
  for (const [code, n] of Object.entries(counts)) {
    const group = triageGroup(code);
    byGroup.set(group, (byGroup.get(group) ?? 0) + count(n));
  }
  const total = [...byGroup.values()].reduce((sum, n) => sum + n, 0);
  const slices = TRIAGE_ORDER.filter((group) => (byGroup.get(group) ?? 0) > 0).map((group) => {
    const n = byGroup.get(group) ?? 0;
    const share = (n / total) * 100;
    return {
      group,
      label: TRIAGE_LABELS[group],
      count: n,
      percent: Math.round(share),
      labelShown: sliceLabelShown(share),
      colour: TRIAGE_CHART_COLOURS[group],
    };
  });
  return { slices, total, pastWeek: count(body.total_runs_past_week), pastMonth: count(body.total_runs_past_month) };
}
