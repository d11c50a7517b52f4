import { pathId } from './common';

/** The largest number of patients added to a group in one call: the filter lists' own limit. */
export const MAX_PATIENTS_PER_CALL = 1000;

/** POST patient-groups/{id}/patients (spec 001 section 7): the patients to add. */
export const patientGroupPatientsSchema = {
  type: 'object',
  properties: {
    patient_ids: {
      type: 'array',
      items: { type: 'integer', minimum: 1, maximum: 2147483647 },
      minItems: 1,
      maxItems: MAX_PATIENTS_PER_CALL,
      uniqueItems: true,
    },
  },
  required: ['patient_ids'],
  additionalProperties: false,
} as const;

/** DELETE patient-groups/{id}/patients/{patient_id}. */
export const groupPatientParams = {
  type: 'object',
  properties: { id: pathId, patient_id: pathId },
  required: ['id', 'patient_id'],
} as const;
