import type { FromSchema } from 'json-schema-to-ts';
import { CARE_PROGRAM_TYPES } from '../../src/domain/enums';

/**
 * A care program (service instance, spec 001 section 3): the program type, its period, and the
 * billing provider (practitioner_id). The provider is the patient's, set by the server.
 */
export const serviceInstanceSchema = {
  title: 'Care program',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    tenant_id: { type: 'integer', readOnly: true },
    type: { type: 'string', enum: CARE_PROGRAM_TYPES },
    start: { type: 'string', format: 'date' },
    /** Required once the program is inactive (spec 001 section 4, "Care program"). */
    end: { type: ['string', 'null'], format: 'date' },
    is_active: { type: 'boolean' },
    /** The billing provider: a provider user of the patient's provider with an NPI number. */
    practitioner_id: { type: 'integer' },
    /** Set by internal users only (spec 001 section 6). */
    is_labor_provided: { type: 'boolean' },
    icd10_ids: { type: 'array', items: { type: 'string', minLength: 1, maxLength: 16 }, maxItems: 20, uniqueItems: true },
    created_at: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'patient_id', 'type', 'start', 'practitioner_id'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type ServiceInstance = FromSchema<typeof serviceInstanceSchema>;
