import type { FromSchema } from 'json-schema-to-ts';
import {
  CKD_STAGES,
  COMORBIDITIES,
  DYSPNEA_GRADES,
  ETHNICITIES,
  GOLD_STAGES,
  MLHFQ_LEVELS,
  RACES,
  RISK_FACTORS,
  SMOKING_STATUSES,
} from '../../src/domain/enums';
import { HEIGHT_UNITS, WEIGHT_UNITS } from '../../src/domain/patientFormMeasures';

/*
 * The patient's profile (spec 001 section 3, Patient.profile), stored as one jsonb value. Every
 * part may be null: the edit form sends a cleared field as null, and the server then drops it.
 * Bounds with a text of the spec (heights, weights, "greater than 0") are domain rules
 * (src/domain/patientForm.ts), so that both sides give that text; the rest are bounds here.
 */

const flag = { type: ['boolean', 'null'] } as const;
const note = { type: ['string', 'null'], maxLength: 1000 } as const;
const count = { type: ['integer', 'null'], minimum: 0, maximum: 365 } as const;

/** Stored metric whatever the user typed (src/domain/patientFormMeasures.ts); `input_unit` is what they typed in. */
const heightSchema = {
  type: ['object', 'null'],
  properties: {
    value: { type: 'number' },
    unit: { type: 'string', enum: ['cm'] },
    input_unit: { type: 'string', enum: HEIGHT_UNITS },
  },
  required: ['value'],
  additionalProperties: false,
} as const;

const weightSchema = {
  type: ['object', 'null'],
  properties: {
    value: { type: 'number' },
    unit: { type: 'string', enum: ['kg'] },
    input_unit: { type: 'string', enum: WEIGHT_UNITS },
  },
  required: ['value'],
  additionalProperties: false,
} as const;

const block = <const P>(properties: P) => ({ type: ['object', 'null'], properties, additionalProperties: false }) as const;

export const patientProfileSchema = {
  type: 'object',
  properties: {
    demographics: block({
      race: { type: ['string', 'null'], enum: [...RACES, null] },
      ethnicity: { type: ['string', 'null'], enum: [...ETHNICITIES, null] },
      height: heightSchema,
      weight: weightSchema,
      /** kg/m², computed by the server from height and weight. */
      bmi: { type: ['number', 'null'], readOnly: true },
    }),
    comorbidities: { type: ['array', 'null'], items: { type: 'string', enum: COMORBIDITIES }, uniqueItems: true },
    risk_factors: { type: ['array', 'null'], items: { type: 'string', enum: RISK_FACTORS }, uniqueItems: true },
    smoking: { type: ['string', 'null'], enum: [...SMOKING_STATUSES, null] },
    no_known_allergies: flag,
    /** The items the clinical view needs that are empty, added by `meta={"expand": ["profile"]}` (src/domain/clinical/missingProfile.ts). */
    missing_profile: {
      type: 'array',
      readOnly: true,
      items: {
        type: 'object',
        properties: { loc: { type: 'array', items: { type: 'string' } }, text: { type: 'string' } },
        required: ['loc', 'text'],
        additionalProperties: false,
      },
    },
    chf: block({
      /** Percent; above 0 is a domain rule with the spec's text. */
      ejection_fraction: { type: ['number', 'null'], maximum: 100 },
      mlhfq_level: { type: ['string', 'null'], enum: [...MLHFQ_LEVELS, null] },
      bp_meds: flag,
      diuretics: flag,
      iv_diuretics_6_months: flag,
      hospitalized_last_year: flag,
      icu_last_year: flag,
    }),
    copd: block({
      /** Exacerbations in the last year; above 0 is a domain rule with the spec's text. */
      exacerbations: { type: ['integer', 'null'], maximum: 365 },
      dyspnea_grade: { type: ['integer', 'null'], enum: [...DYSPNEA_GRADES, null] },
      gold_stage: { type: ['string', 'null'], enum: [...GOLD_STAGES, null] },
      icu_visit: flag,
    }),
    asthma: block({
      exacerbations: count,
      icu: flag,
      hospitalized: flag,
      current_medications: note,
    }),
    diabetes: block({
      initial_diagnosis_date: { type: ['string', 'null'], format: 'date' },
      insulin_usage: flag,
      recent_heart_attack: flag,
      recent_stroke: flag,
      high_sugar_diet: flag,
    }),
    chronic_kidney_disease: block({
      /** mL/min/1.73 m². */
      egfr: { type: ['number', 'null'], minimum: 0, maximum: 200 },
      /** Albumin-to-creatinine ratio, mg/g. */
      acr: { type: ['number', 'null'], minimum: 0, maximum: 10000 },
      in_dialysis: flag,
      stage: { type: ['string', 'null'], enum: [...CKD_STAGES, null] },
      cause: note,
      bp_meds: flag,
    }),
  },
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type PatientProfile = FromSchema<typeof patientProfileSchema>;
