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
    /** The forecast (issue 13): the last day everything still missing can be earned; null once all is earned. */
    reachable_until: { type: ['string', 'null'], format: 'date', readOnly: true },
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

/**
 * A row of the Monitoring Progress screen: the record plus `services`, which the list adds with
 * `meta={"expand": ["services"]}`.
 */
export const monitoringProgressRowSchema = {
  ...monitoringProgressSchema,
  title: 'Monitoring progress row',
  properties: {
    ...monitoringProgressSchema.properties,
    /** `meta={"expand": ["services"]}`: the month's services of the patient, by code (the bars of the rpm, ccm and pcm views). */
    services: {
      type: 'array',
      readOnly: true,
      items: {
        type: 'object',
        properties: {
          cpt_code: { type: 'string' },
          program: { type: 'string' },
          measure: { type: 'string', enum: ['setup', 'days', 'minutes'] },
          value: { type: 'integer' },
          max_value: { type: 'integer' },
          progress: { type: 'number' },
          units: { type: 'integer' },
          remaining: { type: 'integer' },
          status: { type: 'string' },
          claimable: { type: 'boolean' },
        },
        required: ['cpt_code', 'program', 'measure', 'value', 'max_value', 'progress', 'units', 'remaining', 'status', 'claimable'],
        additionalProperties: false,
      },
    },
    /** Filter only, never in a row: the patient's current care team (`care_team_members.practitioner_id[eq]`, relations.ts). */
    care_team_members: { type: 'object', readOnly: true, properties: { practitioner_id: { type: 'integer' } } },
  },
} as const;

/** @public The record type of the screen's rows. */
export type MonitoringProgressRow = FromSchema<typeof monitoringProgressRowSchema>;
