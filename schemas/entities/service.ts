import type { FromSchema } from 'json-schema-to-ts';
import { CARE_PROGRAM_TYPES } from '../../src/domain/enums';

/**
 * One patient's progress toward one CPT code in one calendar month (spec 001 section 3, "Service";
 * issue 13): written by the server from the month's readings and notes, read only. `value` and
 * `max_value` are seconds for a time code (the console shows seconds / 60), days otherwise.
 */
export const serviceSchema = {
  title: 'Service',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    service_instance_id: { type: ['integer', 'null'], readOnly: true },
    cpt_code: { type: 'string', readOnly: true },
    program: { type: 'string', enum: CARE_PROGRAM_TYPES, readOnly: true },
    measure: { type: 'string', enum: ['setup', 'days', 'minutes'], readOnly: true },
    start_date: { type: 'string', format: 'date', readOnly: true },
    end_date: { type: 'string', format: 'date', readOnly: true },
    value: { type: 'integer', readOnly: true },
    max_value: { type: 'integer', readOnly: true },
    progress: { type: 'number', readOnly: true },
    units: { type: 'integer', readOnly: true },
    remaining: { type: 'integer', readOnly: true },
    status: { type: 'string', enum: ['not_started', 'in_progress', 'complete', 'excluded', 'billed'], readOnly: true },
    claimable: { type: 'boolean', readOnly: true },
    excluded_by: { type: ['string', 'null'], readOnly: true },
    patient_communication_performed: { type: 'boolean', readOnly: true },
    date: { type: 'string', format: 'date-time', readOnly: true },
  },
  required: ['id', 'patient_id', 'cpt_code', 'start_date', 'end_date', 'value', 'max_value', 'progress', 'status', 'claimable'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type Service = FromSchema<typeof serviceSchema>;
