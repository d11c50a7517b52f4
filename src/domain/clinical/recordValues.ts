/**
 * The value lists of the clinical record's entities (spec 001 sections 3 to 5): what the tables'
 * checks (migration 0025), the entity schemas and the forms share.
 */

/** Observation (v2) categories: readings, and self-reported symptom severities (1 to 10). */
export const OBSERVATION_CATEGORIES = ['vital-signs', 'survey'] as const;
/** Where an observation came from: a device, the patient (symptoms), or the product (entered by staff). */
export const OBSERVATION_SOURCES = ['device', 'patient', 'product'] as const;

export const ANNOTATION_TYPES = ['flag', 'note'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];
/** Spec 001 section 5: "Flag reasons: outlier, device_issue, other. Note reasons: clinical_note, context_info, other." */
export const ANNOTATION_REASONS = {
  flag: ['outlier', 'device_issue', 'other'],
  note: ['clinical_note', 'context_info', 'other'],
} as const satisfies Record<AnnotationType, readonly string[]>;
export const ALL_ANNOTATION_REASONS = [...new Set(Object.values(ANNOTATION_REASONS).flat())];

/** Assessment run categories and statuses (spec 001 section 3). */
export const RUN_CATEGORIES = ['survey', 'prediction', 'disease_assessment'] as const;
export const RUN_STATUSES = ['final', 'entered-in-error'] as const;
export const ENTERED_IN_ERROR = 'entered-in-error';

/** AI summary periods (spec 001 section 5: "period required (past_week, past_month, past_year)"), in days back from today. */
export const SUMMARY_PERIODS = { past_week: 7, past_month: 30, past_year: 365 } as const;
export type SummaryPeriod = keyof typeof SUMMARY_PERIODS;
export const SUMMARY_PERIOD_NAMES = Object.keys(SUMMARY_PERIODS) as SummaryPeriod[];
