/**
 * Claims (spec 002 sections 3 "Claim item", 5 "Claims" and 9): the constants and texts that the
 * API and the console share. The rules that need the database are in
 * src/server/resources/definitions/claimItems.ts and src/server/services/billing/claims.ts.
 */

/** manual: entered by a person; based_on_service: made from a claimable service of the monthly ledger. */
export const CLAIM_SOURCES = ['manual', 'based_on_service'] as const;

/** Spec 002 section 9: "Diagnosis codes max 4". */
export const MAX_DIAGNOSIS_CODES = 4;
/** Spec 002 section 5, the refusal of a fifth diagnosis code, word for word. */
export const MAX_DIAGNOSIS_CODES_MESSAGE = 'Max of 4 choices';
/** Spec 002 section 9: "ICD10 search min 3 characters". */
export const ICD10_SEARCH_MIN = 3;

export const CLAIM_EXPORT_TYPES = ['csv', 'pdf'] as const;
/** Spec 002 section 9: "Export year 2022 to 2100". */
export const CLAIM_EXPORT_YEARS = { min: 2022, max: 2100 } as const;
/** Spec 002 section 9, "Claim export disclaimer: no guarantee of reimbursement; rates vary by geography", as a sentence. */
export const CLAIM_EXPORT_DISCLAIMER = 'This export does not guarantee reimbursement; rates vary by geography.';

/**
 * An ICD-10-CM code as the release writes it: upper case, the dot after the third character
 * (`e119` and `E11.9` are both `E11.9`). Anything that is no code comes back trimmed and upper case.
 */
export function normalIcd10Code(text: string): string {
  const code = text.trim().toUpperCase();
  return /^[A-Z][0-9A-Z]{2}[0-9A-Z]{1,4}$/.test(code) ? `${code.slice(0, 3)}.${code.slice(3)}` : code;
}

/** The day after the month of `day` (`yyyy-mm-dd`) ends: when a month's claim may be billed. */
export function suggestedBillingDate(day: string): string {
  const [year = 0, month = 1] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year, month, 1));
  return next.toISOString().slice(0, 10);
}
