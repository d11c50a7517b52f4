import type { FromSchema } from 'json-schema-to-ts';
import { deviceSchema } from './device';
import { patientRecordSchema, queueObservationSchema } from './patientQueue';
import { taskSchema } from './task';

const { id, external_id, device_type, device_manufacturer, status, last_measurement } = deviceSchema.properties;

/** A device of the patient as the chart shows it: what it is and when it last sent a reading. */
const chartDeviceSchema = {
  type: 'object',
  properties: { id, external_id, device_type, device_manufacturer, status, last_measurement },
  required: ['id', 'device_type', 'last_measurement'],
  additionalProperties: false,
} as const;

/** One open task of the patient as the chart lists it. */
const chartTaskSchema = {
  type: 'object',
  properties: {
    id: taskSchema.properties.id,
    title: taskSchema.properties.title,
    due_on: taskSchema.properties.due_on,
    priority: taskSchema.properties.priority,
  },
  required: ['id', 'title', 'due_on', 'priority'],
  additionalProperties: false,
} as const;

/** How many tasks of the patient are open, and the first of them by due day. */
const openTasksSchema = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 0 },
    items: { type: 'array', items: chartTaskSchema },
  },
  required: ['count', 'items'],
  additionalProperties: false,
  readOnly: true,
} as const;

/**
 * A patient as the record's chart reads it: GET /patients/{id} with `meta={"expand": ["observations",
 * "devices", "open_tasks"]}` (src/server/resources/definitions/patientChart.ts). Each expansion is
 * present only when asked for and when the caller may list what it is made of.
 */
export const patientChartSchema = {
  ...patientRecordSchema,
  title: 'Patient chart',
  properties: {
    ...patientRecordSchema.properties,
    /** The latest reading of each measure. */
    observations: { type: 'array', items: queueObservationSchema, readOnly: true },
    /** The devices assigned to the patient, with their last reading time. */
    devices: { type: 'array', items: chartDeviceSchema, readOnly: true },
    open_tasks: openTasksSchema,
  },
} as const;

export type ChartDevice = FromSchema<typeof chartDeviceSchema>;
export type OpenTasks = FromSchema<typeof openTasksSchema>;
