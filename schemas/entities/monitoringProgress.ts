import type { FromSchema } from 'json-schema-to-ts';

const progress = { type: ['number', 'null'], minimum: 0, maximum: 1, readOnly: true } as const;

/**
 * One patient's month of monitoring progress (spec 001 section 3, "Monitoring progress row"):
 * written by the server with the month's services, read only. A progress is from 0 to 1, null for
 * a program the patient is not in that month (src/domain/billing/programProgress.ts says how it is
 * made). `patient` is the patient's row, for the name and enrolled_on.
 */
export const monitoringProgressSchema = {
  title: 'Monitoring progress',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    start_date: { type: 'string', format: 'date', readOnly: true },
    year: { type: 'integer', minimum: 2022, maximum: 2100, readOnly: true },
    month: { type: 'integer', minimum: 1, maximum: 12, readOnly: true },
    progress_rpm: progress,
    progress_rtm: progress,
    progress_ccm: progress,
    progress_cccm: progress,
    progress_pcm: progress,
    progress_all: progress,
    last_updated: { type: 'string', format: 'date-time', readOnly: true },
    patient: {
      type: 'object',
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        user_full_name: { type: ['string', 'null'] },
        enrolled_on: { type: ['string', 'null'], format: 'date-time' },
        patient_status: { type: 'string' },
      },
    },
  },
  required: ['id', 'patient_id', 'start_date', 'year', 'month'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type MonitoringProgress = FromSchema<typeof monitoringProgressSchema>;
