import type { FromSchema } from 'json-schema-to-ts';
import { CLAIM_SOURCES } from '../../src/domain/billing/claims';

/**
 * A claim item (spec 002 section 3): one CPT code billed for one patient and date of service, made
 * by hand or from a claimable service of the monthly ledger. The provider (tenant_id) is always
 * the patient's: provider users' is their own, internal users name it. `patient`, `tenant` and
 * `billing_provider_user` are read through joins, for the list's columns.
 */
export const claimItemSchema = {
  title: 'Claim item',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    /** The provider: required of internal users, and it must be the patient's (spec 002 section 5). */
    tenant_id: { type: 'integer' },
    /** Taken from the service for a claim based on one. */
    patient_id: { type: 'integer' },
    /** based_on_service when the body names a service_id; manual otherwise. */
    source: { type: 'string', enum: CLAIM_SOURCES },
    service_id: { type: ['integer', 'null'] },
    date_of_service: { type: 'string', format: 'date' },
    end_date_of_service: { type: ['string', 'null'], format: 'date' },
    /** Required on edit; the day after the month of service ends when a create leaves it out. */
    suggested_billing_date: { type: ['string', 'null'], format: 'date' },
    created_on: { type: 'string', format: 'date-time', readOnly: true },
    /** One of the code set's codes in force on the date of service (spec 002 section 9, "Claim CPT choices"). */
    cpt_code: { type: 'string', minLength: 1, maxLength: 10 },
    units: { type: 'integer', minimum: 1, maximum: 999 },
    note: { type: ['string', 'null'], maxLength: 10000 },
    /** A user of the provider with an NPI number (spec 001 section 5, "Care program"). */
    billing_provider: { type: ['integer', 'null'] },
    /** ICD-10-CM codes of the diagnoses (E11.9), at most 4: 'Max of 4 choices'. */
    icd10_ids: { type: 'array', items: { type: 'string', minLength: 3, maxLength: 10 } },
    submitted: { type: 'boolean' },
    patient: {
      type: ['object', 'null'],
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        user_full_name: { type: 'string' },
      },
      additionalProperties: false,
    },
    tenant: {
      type: ['object', 'null'],
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        name: { type: 'string' },
      },
      additionalProperties: false,
    },
    billing_provider_user: {
      type: ['object', 'null'],
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        full_name: { type: 'string' },
        npi_number: { type: ['string', 'null'] },
      },
      additionalProperties: false,
    },
  },
  required: ['id', 'units'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type ClaimItem = FromSchema<typeof claimItemSchema>;
