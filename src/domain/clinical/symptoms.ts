/**
 * Self-reported symptoms of the record's symptoms grid (spec 001 sections 2 and 9: "Symptom severity
 * is self-reported 1-10; colour bands are at most 0, 1, 4 and 10").
 */

/** The symptoms patients report, in the grid's order. */
export const SYMPTOMS = [
  { name: 'shortness_of_breath', label: 'Shortness of Breath' },
  { name: 'cough', label: 'Cough' },
  { name: 'wheezing', label: 'Wheezing' },
  { name: 'chest_pain', label: 'Chest Pain' },
  { name: 'swelling', label: 'Swelling' },
  { name: 'fatigue', label: 'Fatigue' },
  { name: 'dizziness', label: 'Dizziness' },
  { name: 'nausea', label: 'Nausea' },
] as const;

/** The lowest and highest severity a patient can report. */
export const SYMPTOM_SEVERITY = { min: 1, max: 10 } as const;

/** The colour band of a severity. */
export type SymptomBand = 'none' | 'mild' | 'moderate' | 'severe';

/** Upper bounds of the bands, from spec 001 section 9 ("at most 0, 1, 4 and 10"). */
const BAND_UPPER_BOUNDS: readonly (readonly [number, SymptomBand])[] = [
  [0, 'none'],
  [1, 'mild'],
  [4, 'moderate'],
];

/**
 * The colour band of a day's severity: none at most 0 (or no report), mild at most 1, moderate at
 * most 4, severe above (up to 10; a value above 10 is severe too).
 * @example symptomBand(4) // 'moderate'
 * @example symptomBand(5) // 'severe'
 */
export function symptomBand(severity: number | null | undefined): SymptomBand {
  if (typeof severity !== 'number' || Number.isNaN(severity)) return 'none';
  return BAND_UPPER_BOUNDS.find(([upper]) => severity <= upper)?.[1] ?? 'severe';
}

/** A symptom's label: 'Shortness of Breath' for shortness_of_breath; an unknown name with its underscores as spaces. */
export function symptomLabel(name: string): string {
  return SYMPTOMS.find((symptom) => symptom.name === name)?.label ?? name.replaceAll('_', ' ');
}
