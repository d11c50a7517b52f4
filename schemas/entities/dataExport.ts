import type { FromSchema } from 'json-schema-to-ts';
import { DATA_EXPORT_STATUSES } from '../../src/domain/dataExports';

/**
 * A patient data export as the API answers it (spec 001 section 3; routes/dataExports/README.md).
 * Never the download token nor its hash, nor the stored file's id: only the patient downloads,
 * through the mailed one-time link.
 */
export const dataExportSchema = {
  title: 'Data export',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    patient_id: { type: 'integer' },
    type: { type: 'string', enum: ['patient_data_export'] },
    format: { type: 'string', enum: ['zip'] },
    status: { type: 'string', enum: DATA_EXPORT_STATUSES },
    consent_given: { type: 'boolean' },
    /** 0-100 while the archive is built. */
    progress: { type: 'integer', minimum: 0, maximum: 100 },
    failure: { type: ['string', 'null'] },
    created_at: { type: 'string', format: 'date-time' },
    validated_at: { type: ['string', 'null'], format: 'date-time' },
    completed_at: { type: ['string', 'null'], format: 'date-time' },
    revoked_at: { type: ['string', 'null'], format: 'date-time' },
    download_expires_at: { type: ['string', 'null'], format: 'date-time' },
  },
  required: ['id', 'patient_id', 'type', 'format', 'status', 'consent_given', 'progress', 'created_at'],
  additionalProperties: false,
} as const;

export type DataExport = FromSchema<typeof dataExportSchema>;
