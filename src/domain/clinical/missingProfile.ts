/**
 * What the clinical record's missing-profile warning lists (spec 001 section 2, "a missing-profile-items
 * warning with a Fix button to the edit page"; section 3, profile.missing_profile (loc, text)): the
 * items the clinical view, the scores and the assessments' prerequisites read, when they are empty.
 * Height and weight make the BMI; smoking status is a risk factor; each primary condition adds the
 * item of its block that its assessments rely on.
 */
export interface MissingProfileItem {
  loc: string[];
  text: string;
}

const CONDITION_ITEMS: Readonly<Record<string, readonly MissingProfileItem[]>> = {
  HeartFailure: [{ loc: ['profile', 'chf', 'ejection_fraction'], text: 'Ejection fraction' }],
  COPD: [{ loc: ['profile', 'copd', 'dyspnea_grade'], text: 'Dyspnea grade' }],
  Asthma: [{ loc: ['profile', 'asthma', 'exacerbations'], text: 'Asthma exacerbations in the last year' }],
  Diabetes: [{ loc: ['profile', 'diabetes', 'initial_diagnosis_date'], text: 'Diabetes diagnosis date' }],
  chronic_kidney_disease: [{ loc: ['profile', 'chronic_kidney_disease', 'stage'], text: 'CKD stage' }],
};

const BASE_ITEMS: readonly MissingProfileItem[] = [
  { loc: ['profile', 'demographics', 'height'], text: 'Height' },
  { loc: ['profile', 'demographics', 'weight'], text: 'Weight' },
  { loc: ['profile', 'smoking'], text: 'Smoking status' },
];

const at = (root: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), root);

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The profile items of a patient ({primary_condition, profile}) that are empty, in the form's order. */
export function missingProfile(patient: { primary_condition?: unknown; profile?: unknown }): MissingProfileItem[] {
  const items = [...BASE_ITEMS, ...(CONDITION_ITEMS[String(patient.primary_condition)] ?? [])];
  return items.filter((item) => isEmpty(at({ profile: patient.profile }, item.loc)));
}
