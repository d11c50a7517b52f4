import type { FromSchema } from 'json-schema-to-ts';
import { QUEUE_MEASURES, QUEUE_VIEWS, REVIEW_STATUSES, type QueueView } from '../../src/domain/patientQueue';
import { patientSchema } from './patient';

const reviewStatus = { type: 'string', enum: REVIEW_STATUSES, readOnly: true } as const;
const lastReviewed = { type: ['string', 'null'], format: 'date-time', readOnly: true } as const;
const programFlag = { type: 'boolean', readOnly: true } as const;

type ViewProperties = { [V in QueueView as `${V}_review_status`]: typeof reviewStatus } & {
  [V in QueueView as `${V}_last_reviewed`]: typeof lastReviewed;
} & { [V in Exclude<QueueView, 'general'> as `has_${V}`]: typeof programFlag };

/**
 * The patient columns of the queue (spec 001 section 3, Patient queue row; migration 0010): review
 * status and last review per view, and whether an active care program puts the patient in a view.
 * Set by the server, never by a form.
 */
export const patientQueueProperties = Object.fromEntries(
  QUEUE_VIEWS.flatMap((view) => [
    [`${view}_review_status`, reviewStatus],
    [`${view}_last_reviewed`, lastReviewed],
    ...(view === 'general' ? [] : [[`has_${view}`, programFlag]]),
  ]),
) as ViewProperties;

/** A patient as GET /patients answers it: the patient entity and its queue columns. */
export const patientRecordSchema = {
  ...patientSchema,
  properties: { ...patientSchema.properties, ...patientQueueProperties },
} as const;

/** One latest observation of the queue row: blood pressure also has systolic and diastolic. */
export const queueObservationSchema = {
  type: 'object',
  properties: {
    name: { type: 'string', enum: QUEUE_MEASURES },
    value: { type: ['number', 'null'] },
    unit: { type: ['string', 'null'] },
    systolic: { type: ['number', 'null'] },
    diastolic: { type: ['number', 'null'] },
    timestamp: { type: ['string', 'null'], format: 'date-time' },
    /**
     * Only on a reading outside the patient's monitoring limits, else the provider's (src/domain/monitoringLimits.ts):
     * the side it left the range by and the bound it crossed.
     */
    out_of_range: {
      type: 'object',
      properties: { range: { type: 'string', enum: ['low', 'high'] }, limit: { type: 'number' } },
      required: ['range', 'limit'],
      additionalProperties: false,
      readOnly: true,
    },
  },
  required: ['name', 'value'],
  additionalProperties: false,
} as const;

/** A row of the patient queue: the record plus `observations`, which the list adds with `meta={"expand": ["observations"]}`. */
export const patientQueueRowSchema = {
  ...patientRecordSchema,
  title: 'Patient queue row',
  properties: {
    ...patientRecordSchema.properties,
    observations: { type: 'array', items: queueObservationSchema, readOnly: true },
    /**
     * Filter only, never in a row: the patient's current care team, which the queue filters as
     * `care_team_members.practitioner_id[eq]` (the server answers it with EXISTS, see relations.ts).
     */
    care_team_members: { type: 'object', readOnly: true, properties: { practitioner_id: { type: 'integer' } } },
  },
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type PatientQueueRow = FromSchema<typeof patientQueueRowSchema>;
export type QueueObservationRecord = FromSchema<typeof queueObservationSchema>;
