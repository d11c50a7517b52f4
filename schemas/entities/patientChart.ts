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
 * What the monitoring note form warns of (spec 001 section 8, "Warnings in the monitoring form"),
 * from facts the server computes: `meta={"expand": ["monitoring_facts"]}`.
 */
const monitoringFactsSchema = {
  type: 'object',
  properties: {
    /** Devices assigned to the patient ('No Device Assigned' at 0). */
    devices: { type: 'integer', minimum: 0 },
    /** The last reading, or null ('No Device Measurements'). */
    last_measurement: { type: ['string', 'null'], format: 'date-time' },
    /** More than 7 business days since the last reading ('Stale Device Measurements'; an rpm note then needs 'You must confirm'). */
    stale_measurements: { type: 'boolean' },
    /** Whether the patient has an active care program (none: 'Note only mode', nothing is billed). */
    billable: { type: 'boolean' },
    /** For each note type, the note types of the last 30 days it may not be billed with ('Potential incompatible work'). */
    incompatible: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['devices', 'last_measurement', 'stale_measurements', 'billable', 'incompatible'],
  additionalProperties: false,
  readOnly: true,
} as const;

/**
 * The record's measure reports (spec 001 section 3, "measure_reports (name, category, updated_at,
 * value)"): per measure the patient has, its latest reading and 7-day baseline with the trend
 * (category 'vital-signs'); and the algorithm scores (category 'prediction': exacerbation_risk 0 to
 * 100 with its tier and the factors that made it). `meta={"expand": ["measure_reports"]}`.
 */
const measureReportSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    category: { type: 'string', enum: ['vital-signs', 'prediction'] },
    value: { type: 'number' },
    value2: { type: ['number', 'null'] },
    unit: { type: ['string', 'null'] },
    baseline: { type: ['number', 'null'] },
    baseline2: { type: ['number', 'null'] },
    trend: { enum: ['up', 'down', 'flat', null] },
    tier: { type: 'string' },
    factors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, points: { type: 'number' }, reason: { type: 'string' } },
        required: ['name', 'points', 'reason'],
        additionalProperties: false,
      },
    },
    updated_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['name', 'category', 'value', 'updated_at'],
  additionalProperties: false,
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
    monitoring_facts: monitoringFactsSchema,
    measure_reports: { type: 'array', items: measureReportSchema, readOnly: true },
  },
} as const;

export type ChartDevice = FromSchema<typeof chartDeviceSchema>;
export type OpenTasks = FromSchema<typeof openTasksSchema>;
export type MonitoringFacts = FromSchema<typeof monitoringFactsSchema>;
export type MeasureReport = FromSchema<typeof measureReportSchema>;
