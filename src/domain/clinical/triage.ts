/**
 * Triage codes of assessment runs and questionnaire bands (spec 001 section 9, "Triage labels: LOW
 * Low, MEDIUM Medium, TEST Test, DOC variants Contact Physician, ER variants ER").
 */

/** A triage code as stored: LOW, MEDIUM, TEST, or a variant of DOC (DOC, DOC_24H ...) or ER (ER, ER_NOW ...). */
export type TriageCode = string;

/** The triage groups, least urgent first. */
export const TRIAGE_ORDER = ['LOW', 'MEDIUM', 'TEST', 'DOC', 'ER'] as const;
export type TriageGroup = (typeof TRIAGE_ORDER)[number];

/** Spec 001 section 9: the label of each group. */
export const TRIAGE_LABELS: Readonly<Record<TriageGroup, string>> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  TEST: 'Test',
  DOC: 'Contact Physician',
  ER: 'ER',
};

/**
 * The group of a code: a code is its group or a variant of it, the group's name followed by more
 * (`DOC_24H`, `ER_NOW`), compared without regard to case. A code of no group (a typo, a retired code)
 * is read as DOC: a clinician looking at it is the cautious reading of a code the console does not know.
 * @example triageGroup('DOC_24H') // 'DOC'
 */
export function triageGroup(code: TriageCode | null | undefined): TriageGroup {
  const upper = (code ?? '').trim().toUpperCase();
  // No group's name starts another's, so the first match is the only one.
  return TRIAGE_ORDER.find((name) => upper.startsWith(name)) ?? 'DOC';
}

/**
 * The label of a code (spec 001 section 9): LOW 'Low', MEDIUM 'Medium', TEST 'Test', DOC variants
 * 'Contact Physician', ER variants 'ER'.
 * @example triageLabel('ER_NOW') // 'ER'
 */
export function triageLabel(code: TriageCode | null | undefined): string {
  return TRIAGE_LABELS[triageGroup(code)];
}

/** How urgent a code is: its group's place in TRIAGE_ORDER (LOW 0 ... ER 4). */
export function triageRank(code: TriageCode | null | undefined): number {
  return TRIAGE_ORDER.indexOf(triageGroup(code));
}
