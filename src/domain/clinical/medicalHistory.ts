/**
 * The value lists and rules of the medical history (spec 001 sections 3 "Other record entities",
 * 4 "Other record states", 5 "Other record forms", 6 source-limited editing, 9): conditions,
 * medication statements, allergies and intolerances, encounters. The tables' checks (migration
 * 0026), the entity schemas, the server's rules and the console's forms share them.
 */

/**
 * Where a record came from. `product` is this console (what its users enter); `ehr` a record
 * imported from the provider's electronic health record; `patient` one the patient reported in the
 * mobile app. Spec 001 section 6: only the product's own records are edited here.
 */
export const RECORD_SOURCES = ['product', 'ehr', 'patient'] as const;
export type RecordSource = (typeof RECORD_SOURCES)[number];
export const PRODUCT_SOURCE = 'product' satisfies RecordSource;

/** Spec 001 section 4, "Condition status". */
export const CONDITION_STATUSES = ['active', 'recurrence', 'relapse', 'inactive', 'remission', 'resolved', 'entered-in-error', 'event'] as const;
/** Spec 001 section 3: conditions are "created as diagnosis"; the other FHIR categories arrive from an EHR. */
export const CONDITION_CATEGORIES = ['diagnosis', 'problem-list-item', 'encounter-diagnosis'] as const;

/** Spec 001 section 4, "Medication status" (active/in-progress, stopped, completed). */
export const MEDICATION_STATUSES = ['active', 'in-progress', 'stopped', 'completed'] as const;
/** The statuses whose product rows may be edited and deleted (spec 001 section 4). */
export const MEDICATION_EDITABLE_STATUSES = ['active', 'in-progress'] as const;
/** FHIR MedicationStatement categories; the console creates `outpatient` (spec 001 section 4). */
export const MEDICATION_CATEGORIES = ['outpatient', 'inpatient', 'community', 'patient-specified'] as const;
/** Spec 001 section 4: editing sets incorrect-details, deleting status-change. */
export const MEDICATION_UPDATE_REASONS = ['incorrect-details', 'status-change'] as const;
/** Spec 001 section 5: "Period units: d, wk, mo, a." (day, week, month, year: UCUM / FHIR timing units). */
export const PERIOD_UNITS = ['d', 'wk', 'mo', 'a'] as const;
export const PERIOD_UNIT_LABELS: Record<(typeof PERIOD_UNITS)[number], string> = { d: 'day', wk: 'week', mo: 'month', a: 'year' };
/** The medication's code system as the record keeps it (spec 001 section 3: codes list with code, codeSystem, codeSystemName). */
export const RXNORM_SYSTEM = { codeSystem: '2.16.840.1.113883.6.88', codeSystemName: 'RxNorm' } as const;

/** Spec 001 section 3, "Allergy-intolerance". */
export const ALLERGY_CATEGORIES = ['food', 'medication', 'environment', 'biologic'] as const;
export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe', 'unknown'] as const;
export const ALLERGY_STATUSES = ['active', 'inactive', 'resolved'] as const;
/** Spec 001 section 9: "Maximum 3 allergy reactions." */
export const MAX_ALLERGY_REACTIONS = 3;
export const TOO_MANY_REACTIONS = 'You can only add up to 3 reactions';
export const SNOMED_SYSTEM = 'http://snomed.info/sct';

/** Spec 001 section 3: encounter classes and statuses. */
export const ENCOUNTER_CLASSES = ['inpatient', 'outpatient', 'emergency', 'virtual', 'other'] as const;
export const ENCOUNTER_STATUSES = [
  'planned',
  'in_progress',
  'on_hold',
  'discharged',
  'completed',
  'cancelled',
  'discontinued',
  'entered_in_error',
  'unknown',
] as const;
/**
 * The 20 encounter types. The spec names six (routine_checkup, follow_up_visit, hospital_admission,
 * emergency_er, emergency_icu, virtual_telehealth_checkup) and says there are 20; the other fourteen
 * are the visits a chronic-care clinic records, chosen here (README "Decisions").
 */
export const ENCOUNTER_TYPES = [
  'routine_checkup',
  'follow_up_visit',
  'annual_wellness_visit',
  'new_patient_visit',
  'specialist_consultation',
  'urgent_care_visit',
  'emergency_er',
  'emergency_icu',
  'hospital_admission',
  'hospital_discharge',
  'observation_stay',
  'skilled_nursing_stay',
  'home_health_visit',
  'virtual_telehealth_checkup',
  'virtual_phone_consultation',
  'lab_test',
  'imaging',
  'procedure',
  'medication_review',
  'care_plan_review',
] as const;
/** Spec 001 section 5: coded and medication searches need 3 characters; a coded search answers at most 25 (section 9). */
export const CODED_SEARCH_MIN = 3;
export const CODED_SEARCH_LIMIT = 25;
export const SEARCH_TOO_SHORT = 'Type at least 3 characters to search';

/** Spec 001 section 2: the demographics card shows "diagnoses as ICD-10 badges", at most 20 (section 9). */
export const MAX_DIAGNOSES = 20;

/** Spec 001 section 4: may a medication row be edited or deleted (else copied and re-added)? */
export function medicationEditable(row: { source?: string | null; status?: string | null }): boolean {
  return row.source === PRODUCT_SOURCE && (MEDICATION_EDITABLE_STATUSES as readonly (string | null | undefined)[]).includes(row.status);
}
