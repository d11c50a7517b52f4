/**
 * Height and weight of the patient form (spec 001 section 5): the bounds in imperial and metric
 * units, the conversions, and BMI.
 *
 * What is stored: always metric, `{value, unit: 'cm'}` and `{value, unit: 'kg'}` rounded to the
 * metric step (0.1), plus `input_unit`, the unit the user typed in, so that the form reopens in it.
 * Imperial entries are whole numbers (feet and inches, pounds): 0.1 cm and 0.1 kg are finer than
 * an inch and a pound, so a stored value converts back to exactly what was typed.
 */
export const CM_PER_INCH = 2.54;
export const POUNDS_PER_KG = 2.20462;

export const HEIGHT_UNITS = ['ft_in', 'cm'] as const;
export type HeightUnit = (typeof HEIGHT_UNITS)[number];
export const WEIGHT_UNITS = ['lb', 'kg'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

/** Spec 001 section 5: feet 4-7 and inches 0-11, total 48-84 in; 122-213 cm. */
export const HEIGHT_LIMITS = { feet: { min: 4, max: 7 }, inches: { min: 0, max: 11 }, totalInches: { min: 48, max: 84 }, cm: { min: 122, max: 213 } } as const;
/** Spec 001 section 5: 88-440 lb; 40-200 kg. */
export const WEIGHT_LIMITS = { lb: { min: 88, max: 440 }, kg: { min: 40, max: 200 } } as const;

export const HEIGHT_IMPERIAL_RANGE = 'Must be between 4 ft 0 in and 7 ft 0 in';
export const HEIGHT_METRIC_RANGE = 'Must be between 122 and 213 cm';
export const WEIGHT_IMPERIAL_RANGE = 'Must be between 88 and 440 lb';
export const WEIGHT_METRIC_RANGE = 'Must be between 40 and 200 kg';
export const METRIC_STEP_TEXT = 'Use at most one decimal';

export interface Height {
  value: number;
  unit: 'cm';
  input_unit?: HeightUnit;
}
export interface Weight {
  value: number;
  unit: 'kg';
  input_unit?: WeightUnit;
}

/** One decimal, as the metric inputs step. */
export const roundToStep = (value: number) => Math.round(value * 10) / 10;
const isStep = (value: number) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;

/** @example centimetresFromFeetAndInches(5, 10) // 177.8 */
export function centimetresFromFeetAndInches(feet: number, inches: number): number {
  return roundToStep((feet * 12 + inches) * CM_PER_INCH);
}

/** @example feetAndInchesFromCentimetres(177.8) // {feet: 5, inches: 10} */
export function feetAndInchesFromCentimetres(cm: number): { feet: number; inches: number } {
  const total = Math.round(cm / CM_PER_INCH);
  return { feet: Math.floor(total / 12), inches: total % 12 };
}

/** @example kilogramsFromPounds(180) // 81.6 */
export const kilogramsFromPounds = (pounds: number) => roundToStep(pounds / POUNDS_PER_KG);
/** Whole pounds. @example poundsFromKilograms(81.6) // 180 */
export const poundsFromKilograms = (kg: number) => Math.round(kg * POUNDS_PER_KG);

/** Body mass index, kg/m², one decimal; null without both measures. */
export function bmiOf(height: Height | null | undefined, weight: Weight | null | undefined): number | null {
  if (!height || !weight || !(height.value > 0) || !(weight.value > 0)) return null;
  const metres = height.value / 100;
  return roundToStep(weight.value / (metres * metres));
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Why a height is refused, in the unit the user typed, or null. */
export function heightError(height: Partial<Height>): string | null {
  const { value } = height;
  if (!isNumber(value)) return null;
  if (height.input_unit === 'ft_in') {
    const inches = Math.round(value / CM_PER_INCH);
    return inches < HEIGHT_LIMITS.totalInches.min || inches > HEIGHT_LIMITS.totalInches.max ? HEIGHT_IMPERIAL_RANGE : null;
  }
  if (value < HEIGHT_LIMITS.cm.min || value > HEIGHT_LIMITS.cm.max) return HEIGHT_METRIC_RANGE;
  return isStep(value) ? null : METRIC_STEP_TEXT;
}

/** Why a weight is refused, in the unit the user typed, or null. */
export function weightError(weight: Partial<Weight>): string | null {
  const { value } = weight;
  if (!isNumber(value)) return null;
  if (weight.input_unit === 'lb') {
    const pounds = poundsFromKilograms(value);
    return pounds < WEIGHT_LIMITS.lb.min || pounds > WEIGHT_LIMITS.lb.max ? WEIGHT_IMPERIAL_RANGE : null;
  }
  if (value < WEIGHT_LIMITS.kg.min || value > WEIGHT_LIMITS.kg.max) return WEIGHT_METRIC_RANGE;
  return isStep(value) ? null : METRIC_STEP_TEXT;
}
