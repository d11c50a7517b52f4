import type { FromSchema } from 'json-schema-to-ts';
import { EMPTY_TEXT } from '../../src/domain/emptyText';
import { pathId } from './common';

/**
 * Reports (spec 002 sections 2, 3 "Report", 7 "Reports", 9): the record the engine lists and reads,
 * the body of POST reports (ours: the spec has no generate call, src/server/routes/reports/README.md),
 * the signed link of the PDF viewer, and the content of each report type with the tables it is shown
 * and printed as (one description for the console's widget and the server's PDF).
 */

/** Spec 002 section 9: the report types. Any other type shows 'Unsupported report type'. */
export const REPORT_TYPES = ['monitoring_report', 'clinician_monitoring_report', 'care_plan_report', 'care_plan_clinician_report'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Spec 002 section 8: a report of a type the console (or the server) does not know. */
export const UNSUPPORTED_REPORT_TYPE = 'Unsupported report type';

export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  monitoring_report: 'Monitoring Report',
  clinician_monitoring_report: 'Clinician Monitoring Report',
  care_plan_report: 'Care Plan Report',
  care_plan_clinician_report: 'Care Plan Clinician Report',
};

export const isReportType = (type: unknown): type is ReportType => typeof type === 'string' && (REPORT_TYPES as readonly string[]).includes(type);

const day = { type: 'string', format: 'date' } as const;

/** A generated report (spec 002 section 3): everything is the server's, set when it is generated. */
export const reportSchema = {
  title: 'Report',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    name: { type: 'string', readOnly: true },
    /** When it was generated. */
    report_date: { type: 'string', format: 'date-time', readOnly: true },
    /** The first and last day of the data it covers, inclusive, in the provider's time zone. */
    range_start: { ...day, readOnly: true },
    range_end: { ...day, readOnly: true },
    /** A report type; a stored row of a type no longer known is still served, and shown as unsupported. */
    type: { type: 'string', readOnly: true },
    /** The provider reported on. */
    tenant_id: { type: 'integer', readOnly: true },
    /** Set for a one-patient report. */
    patient_id: { type: ['integer', 'null'], readOnly: true },
    /** The figures, as computed when it was generated: `{rows, totals, timezone}` (see the content schemas below). */
    content: { type: 'object', readOnly: true },
    created_by_id: { type: ['integer', 'null'], readOnly: true },
  },
  required: ['id', 'name', 'report_date', 'range_start', 'range_end', 'type', 'tenant_id', 'content'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type Report = FromSchema<typeof reportSchema>;

/** POST reports: generate a report of a provider (and optionally one of its patients) over a range of days. */
export const reportCreateBody = {
  title: 'Generate report',
  type: 'object',
  properties: {
    /** Checked by the route, so that an unknown type answers the spec's 'Unsupported report type'. */
    type: { type: 'string', minLength: 1, maxLength: 100 },
    tenant_id: pathId,
    range_start: day,
    range_end: day,
    patient_id: { anyOf: [pathId, { type: 'null' }] },
  },
  required: ['type', 'tenant_id', 'range_start', 'range_end'],
  additionalProperties: false,
} as const;

export type ReportCreateBody = FromSchema<typeof reportCreateBody>;

/** What the console's Generate report dialog shows: the body with the report types to choose from. */
export const reportCreateForm = {
  ...reportCreateBody,
  properties: {
    ...reportCreateBody.properties,
    type: { type: 'string', enum: REPORT_TYPES },
  },
} as const;

export const reportIdParams = { type: 'object', properties: { id: pathId }, required: ['id'] } as const;

/** GET reports/{id}/pdf: the signed link's parts, as a file's (services/reports/reportLinks.ts). */
export { fileLinkQuery as reportLinkQuery } from './patientDocuments';

export const reportLinkResponse = {
  type: 'object',
  properties: { signed_link: { type: 'string' }, title: { type: 'string' } },
  required: ['signed_link', 'title'],
  additionalProperties: false,
} as const;

/** A count of things (patients, notes, readings). */
const count = { type: 'integer', minimum: 0 } as const;
/** Minutes of care, to one decimal (the seconds of the monitoring activities / 60). */
const minutes = { type: 'number', minimum: 0 } as const;
const instant = { type: ['string', 'null'], format: 'date-time' } as const;

const contentOf = <R extends object, T extends object>(row: R, totals: T) =>
  ({
    type: 'object',
    properties: {
      /** The provider's IANA zone, in which the range's days were counted. */
      timezone: { type: 'string' },
      provider_name: { type: 'string' },
      rows: { type: 'array', items: row },
      totals,
    },
    required: ['timezone', 'provider_name', 'rows', 'totals'],
    additionalProperties: false,
  }) as const;

const monitoringRow = {
  type: 'object',
  properties: {
    patient_id: count,
    patient_name: { type: 'string' },
    minutes,
    notes: count,
    readings: count,
    reading_days: count,
    /** CPT codes whose period starts in the range and were met (complete or billed), in code order. */
    codes_met: { type: 'array', items: { type: 'string' } },
  },
  required: ['patient_id', 'patient_name', 'minutes', 'notes', 'readings', 'reading_days', 'codes_met'],
  additionalProperties: false,
} as const;

export const monitoringReportContent = contentOf(monitoringRow, {
  type: 'object',
  properties: { patients: count, minutes, notes: count, readings: count },
  required: ['patients', 'minutes', 'notes', 'readings'],
  additionalProperties: false,
} as const);

const clinicianMonitoringRow = {
  type: 'object',
  properties: {
    practitioner_id: { type: ['integer', 'null'] },
    practitioner_name: { type: 'string' },
    patients: count,
    notes: count,
    minutes,
  },
  required: ['practitioner_id', 'practitioner_name', 'patients', 'notes', 'minutes'],
  additionalProperties: false,
} as const;

export const clinicianMonitoringReportContent = contentOf(clinicianMonitoringRow, {
  type: 'object',
  properties: { clinicians: count, patients: count, notes: count, minutes },
  required: ['clinicians', 'patients', 'notes', 'minutes'],
  additionalProperties: false,
} as const);

/** A care plan's state when the report was generated. */
export const CARE_PLAN_STATES = ['active', 'draft', 'deactivated'] as const;

const carePlanRow = {
  type: 'object',
  properties: {
    patient_id: count,
    patient_name: { type: 'string' },
    care_plan_id: count,
    plan_name: { type: 'string' },
    status: { type: 'string', enum: CARE_PLAN_STATES },
    activated_at: instant,
    last_reviewed_at: instant,
    /** Revisions of kind `reviewed` within the range. */
    reviews: count,
    /** Revisions of kind `revised` or `edited` within the range. */
    revisions: count,
  },
  required: ['patient_id', 'patient_name', 'care_plan_id', 'plan_name', 'status', 'activated_at', 'last_reviewed_at', 'reviews', 'revisions'],
  additionalProperties: false,
} as const;

export const carePlanReportContent = contentOf(carePlanRow, {
  type: 'object',
  properties: { patients: count, care_plans: count, active: count, reviews: count, revisions: count },
  required: ['patients', 'care_plans', 'active', 'reviews', 'revisions'],
  additionalProperties: false,
} as const);

const carePlanClinicianRow = {
  type: 'object',
  properties: {
    author_id: { type: ['integer', 'null'] },
    author_name: { type: 'string' },
    patients: count,
    created: count,
    reviewed: count,
    revised: count,
    activated: count,
  },
  required: ['author_id', 'author_name', 'patients', 'created', 'reviewed', 'revised', 'activated'],
  additionalProperties: false,
} as const;

export const carePlanClinicianReportContent = contentOf(carePlanClinicianRow, {
  type: 'object',
  properties: { clinicians: count, patients: count, reviewed: count, revised: count },
  required: ['clinicians', 'patients', 'reviewed', 'revised'],
  additionalProperties: false,
} as const);

export type MonitoringReportContent = FromSchema<typeof monitoringReportContent>;
export type ClinicianMonitoringReportContent = FromSchema<typeof clinicianMonitoringReportContent>;
export type CarePlanReportContent = FromSchema<typeof carePlanReportContent>;
export type CarePlanClinicianReportContent = FromSchema<typeof carePlanClinicianReportContent>;

export interface ReportContents {
  monitoring_report: MonitoringReportContent;
  clinician_monitoring_report: ClinicianMonitoringReportContent;
  care_plan_report: CarePlanReportContent;
  care_plan_clinician_report: CarePlanClinicianReportContent;
}

/** How a value of a report's table is worded: as it is, a count, minutes, a list, or a day/instant. */
export type ReportCellFormat = 'text' | 'number' | 'minutes' | 'list' | 'datetime';

export interface ReportColumn {
  key: string;
  label: string;
  format: ReportCellFormat;
  /** Its part of the printed width. */
  share: number;
}

/** The table of each report type (its rows) and its totals line: what the console shows and the PDF prints. */
export const REPORT_TABLES: Record<ReportType, { title: string; columns: readonly ReportColumn[]; totals: readonly ReportColumn[]; empty: string }> = {
  monitoring_report: {
    title: 'Patients',
    columns: [
      { key: 'patient_name', label: 'Patient', format: 'text', share: 18 },
      { key: 'minutes', label: 'Monitoring minutes', format: 'minutes', share: 10 },
      { key: 'notes', label: 'Notes', format: 'number', share: 7 },
      { key: 'readings', label: 'Readings', format: 'number', share: 8 },
      { key: 'reading_days', label: 'Days with readings', format: 'number', share: 9 },
      { key: 'codes_met', label: 'Codes met', format: 'list', share: 14 },
    ],
    totals: [
      { key: 'patients', label: 'Patients', format: 'number', share: 1 },
      { key: 'minutes', label: 'Monitoring minutes', format: 'minutes', share: 1 },
      { key: 'notes', label: 'Notes', format: 'number', share: 1 },
      { key: 'readings', label: 'Readings', format: 'number', share: 1 },
    ],
    empty: 'No patient was monitored in this range',
  },
  clinician_monitoring_report: {
    title: 'Clinicians',
    columns: [
      { key: 'practitioner_name', label: 'Clinician', format: 'text', share: 20 },
      { key: 'patients', label: 'Patients', format: 'number', share: 8 },
      { key: 'notes', label: 'Notes', format: 'number', share: 8 },
      { key: 'minutes', label: 'Monitoring minutes', format: 'minutes', share: 10 },
    ],
    totals: [
      { key: 'clinicians', label: 'Clinicians', format: 'number', share: 1 },
      { key: 'patients', label: 'Patients', format: 'number', share: 1 },
      { key: 'notes', label: 'Notes', format: 'number', share: 1 },
      { key: 'minutes', label: 'Monitoring minutes', format: 'minutes', share: 1 },
    ],
    empty: 'No monitoring was logged in this range',
  },
  care_plan_report: {
    title: 'Care plans',
    columns: [
      { key: 'patient_name', label: 'Patient', format: 'text', share: 16 },
      { key: 'plan_name', label: 'Care plan', format: 'text', share: 16 },
      { key: 'status', label: 'Status', format: 'text', share: 8 },
      { key: 'activated_at', label: 'Activated', format: 'datetime', share: 11 },
      { key: 'last_reviewed_at', label: 'Last reviewed', format: 'datetime', share: 11 },
      { key: 'reviews', label: 'Reviews in range', format: 'number', share: 8 },
      { key: 'revisions', label: 'Revisions in range', format: 'number', share: 8 },
    ],
    totals: [
      { key: 'patients', label: 'Patients', format: 'number', share: 1 },
      { key: 'care_plans', label: 'Care plans', format: 'number', share: 1 },
      { key: 'active', label: 'Active', format: 'number', share: 1 },
      { key: 'reviews', label: 'Reviews', format: 'number', share: 1 },
      { key: 'revisions', label: 'Revisions', format: 'number', share: 1 },
    ],
    empty: 'No care plan in this range',
  },
  care_plan_clinician_report: {
    title: 'Clinicians',
    columns: [
      { key: 'author_name', label: 'Clinician', format: 'text', share: 20 },
      { key: 'patients', label: 'Patients', format: 'number', share: 8 },
      { key: 'created', label: 'Created', format: 'number', share: 8 },
      { key: 'reviewed', label: 'Reviewed', format: 'number', share: 8 },
      { key: 'revised', label: 'Revised', format: 'number', share: 8 },
      { key: 'activated', label: 'Activated', format: 'number', share: 8 },
    ],
    totals: [
      { key: 'clinicians', label: 'Clinicians', format: 'number', share: 1 },
      { key: 'patients', label: 'Patients', format: 'number', share: 1 },
      { key: 'reviewed', label: 'Reviewed', format: 'number', share: 1 },
      { key: 'revised', label: 'Revised', format: 'number', share: 1 },
    ],
    empty: 'No care plan was reviewed or revised in this range',
  },
};

/**
 * A value of a report's table as it is shown and printed: counts as they are, minutes to one decimal,
 * lists joined with commas, instants as the provider's day (05/31/2026), nothing as the one dash.
 */
export function reportCellText(value: unknown, format: ReportCellFormat, timezone: string): string {
  if (Array.isArray(value)) return value.length > 0 ? value.map(scalarText).join(', ') : EMPTY_TEXT;
  const text = scalarText(value);
  if (text === '') return EMPTY_TEXT;
  switch (format) {
    case 'minutes':
      return typeof value === 'number' ? value.toFixed(1) : text;
    case 'datetime': {
      const when = new Date(text);
      if (Number.isNaN(when.getTime())) return EMPTY_TEXT;
      return new Intl.DateTimeFormat('en-US', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(when);
    }
    case 'list':
    case 'number':
    case 'text':
      return text;
  }
}

/** A stored scalar as text; anything else (no value, an object) as nothing. */
function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** A day of the range (yyyy-mm-dd) as 05/31/2026. */
export function reportDayText(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : EMPTY_TEXT;
}
