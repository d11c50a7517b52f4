import type { FromSchema } from 'json-schema-to-ts';
import { pathId } from './common';

/**
 * GET patients/{id}/export (spec 001 section 7: "start_date; returns a PDF download";
 * routes/patientExport/README.md): the month of the monthly export, named by its first day.
 */
export const patientExportParams = { type: 'object', properties: { patient_id: pathId }, required: ['patient_id'] } as const;

export const patientExportQuery = {
  type: 'object',
  properties: { start_date: { type: 'string', format: 'date' } },
  required: ['start_date'],
  additionalProperties: false,
} as const;
export type PatientExportQuery = FromSchema<typeof patientExportQuery>;
