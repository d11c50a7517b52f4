import { bmiOf, type Height, type Weight } from './patientFormMeasures';

type Doc = Record<string, unknown>;

const isDoc = (value: unknown): value is Doc => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A profile change applied to the stored profile, the way every patient write works (a field the
 * body leaves out is kept): objects merge key by key, a null clears the key (spec 001 section 5:
 * cleared fields are sent as null), lists and values replace, and objects left empty disappear.
 * `risk_factors: null` becomes an empty list, as the spec asks.
 *
 * @example mergeProfile({smoking: 'Smoker', copd: {gold_stage: '2'}}, {copd: {gold_stage: null}}) // {smoking: 'Smoker'}
 */
export function mergeProfile(stored: unknown, change: unknown): Doc {
  const merged = mergeDocs(isDoc(stored) ? stored : {}, isDoc(change) ? change : {});
  if (isDoc(change) && 'risk_factors' in change && change.risk_factors === null) merged.risk_factors = [];
  return withDerivedMeasures(merged);
}

function mergeDocs(stored: Doc, change: Doc): Doc {
  const out: Doc = { ...stored };
  for (const [key, value] of Object.entries(change)) {
    if (value === null || value === undefined) delete out[key];
    else if (isDoc(value)) {
      const inner = mergeDocs(isDoc(out[key]) ? out[key] : {}, value);
      if (Object.keys(inner).length > 0) out[key] = inner;
      else delete out[key];
    } else out[key] = value;
  }
  return out;
}

/** The units are fixed (always metric) and BMI follows height and weight. */
function withDerivedMeasures(profile: Doc): Doc {
  if (!isDoc(profile.demographics)) return profile;
  const demographics: Doc = { ...profile.demographics };
  if (isDoc(demographics.height)) demographics.height = { ...demographics.height, unit: 'cm' };
  if (isDoc(demographics.weight)) demographics.weight = { ...demographics.weight, unit: 'kg' };
  const bmi = bmiOf(demographics.height as Height | undefined, demographics.weight as Weight | undefined);
  if (bmi === null) delete demographics.bmi;
  else demographics.bmi = bmi;
  return { ...profile, demographics };
}
