import { dataExportSchema } from '../entities/dataExport';
import { errorResponse, idParams, pathId } from './common';

/** The data-export calls' bodies and answers (routes/dataExports/dataExportRoutes.ts). */
export { idParams, errorResponse };

/** GET data-exports: `filter` `{"patient_id[eq]": N}` (or `{"patient_id": N}`), required; `skip`/`limit` (max 50). */
export const listQuery = {
  type: 'object',
  properties: {
    filter: { type: 'string', maxLength: 200 },
    skip: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 0 },
    limit: { type: 'integer', minimum: 1, maximum: 50, default: 5 },
    sort: { type: 'string', maxLength: 100 },
    range: { type: 'string', maxLength: 100 },
  },
  additionalProperties: true,
} as const;

export const requestBody = {
  type: 'object',
  properties: { patient_id: pathId, consent_given: { type: 'boolean' } },
  required: ['patient_id', 'consent_given'],
  additionalProperties: false,
} as const;

export const validateBody = {
  type: 'object',
  properties: { export_request_id: pathId },
  required: ['export_request_id'],
  additionalProperties: false,
} as const;

export const exchangeBody = {
  type: 'object',
  properties: { token: { type: 'string', minLength: 1, maxLength: 200 } },
  required: ['token'],
  additionalProperties: false,
} as const;

export const exchangeResponse = {
  type: 'object',
  properties: { signed_url: { type: 'string' } },
  required: ['signed_url'],
  additionalProperties: false,
} as const;

export const dataExportResponse = dataExportSchema;
export const dataExportListResponse = { type: 'array', items: dataExportSchema } as const;
