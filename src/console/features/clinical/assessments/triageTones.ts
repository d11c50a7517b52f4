import { triageGroup, triageLabel, type TriageCode, type TriageGroup } from '../../../../domain/clinical/triage';

/**
 * How a triage looks in the record (spec 001 section 9, "Triage labels"): its label, and a colour by
 * its group, the same on the runs table's badge and on the donut's slice (LOW green, MEDIUM amber,
 * DOC orange, ER red, TEST slate). The label always goes with the colour, so colour is never the
 * only sign.
 */

/** A badge's shape (the run cells'). */
export const BADGE_CLASSES = 'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

/** The badge's colours by group. */
export const TRIAGE_BADGE_CLASSES: Readonly<Record<TriageGroup, string>> = {
  LOW: 'bg-green-50 text-green-800 ring-green-600/30',
  MEDIUM: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  TEST: 'bg-slate-100 text-slate-700 ring-slate-400/40',
  DOC: 'bg-orange-50 text-orange-900 ring-orange-600/40',
  ER: 'bg-red-50 text-red-800 ring-red-600/30',
};

/** The donut's slice colours by group (Tailwind's green-600, amber-500, slate-500, orange-500, red-600). */
export const TRIAGE_CHART_COLOURS: Readonly<Record<TriageGroup, string>> = {
  LOW: '#16a34a',
  MEDIUM: '#f59e0b',
  TEST: '#64748b',
  DOC: '#f97316',
  ER: '#dc2626',
};

export interface TriageBadge {
  code: TriageCode;
  group: TriageGroup;
  label: string;
}

/**
 * The triage of a run: its `result.triage`, given as the cell's value (the column's field is
 * `result`: the result object, or the code itself) or read from the row; null when it has none.
 */
export function triageBadgeOf(value: unknown, run: Readonly<Record<string, unknown>> = {}): TriageBadge | null {
  const fromResult = (result: unknown) =>
    typeof result === 'object' && result !== null ? (result as Record<string, unknown>).triage : typeof result === 'string' ? result : undefined;
  const code = fromResult(value) ?? fromResult(run.result);
  if (typeof code !== 'string' || code.trim() === '') return null;
  return { code, group: triageGroup(code), label: triageLabel(code) };
}
