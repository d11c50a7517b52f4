import type { FromSchema } from 'json-schema-to-ts';
import { ALL_ANNOTATION_REASONS, ANNOTATION_TYPES } from '../../src/domain/clinical/recordValues';

/**
 * A flag or a note on one reading (spec 001 sections 3 "Annotation", 4, 5): type, reason and note
 * required; a flag may give the value the reading should have been (new_value, and new_value2 for a
 * blood pressure's diastolic). The author is the caller.
 */
export const observationAnnotationSchema = {
  title: 'Observation annotation',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    observation_id: { type: 'integer', minimum: 1 },
    annotation_type: { type: 'string', enum: ANNOTATION_TYPES },
    annotation_reason: { type: 'string', enum: ALL_ANNOTATION_REASONS },
    note: { type: 'string', minLength: 1, maxLength: 2000 },
    new_value: { type: ['number', 'null'], minimum: 0, maximum: 100_000 },
    new_value2: { type: ['number', 'null'], minimum: 0, maximum: 100_000 },
    author_id: { type: ['integer', 'null'], readOnly: true },
    author_name: { type: ['string', 'null'], readOnly: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['patient_id', 'observation_id', 'annotation_type', 'annotation_reason', 'note'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type ObservationAnnotation = FromSchema<typeof observationAnnotationSchema>;
