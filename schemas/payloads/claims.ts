import type { FromSchema } from 'json-schema-to-ts';
import { CLAIM_EXPORT_TYPES, CLAIM_EXPORT_YEARS } from '../../src/domain/billing/claims';

const dbId = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

/**
 * PUT claim-items (spec 002 section 7, "Bulk update of claim-items with ids and submitted"): the
 * console's updateMany, `{ids, data: {submitted}}` (Bulk Mark Submitted), all or nothing. At most a
 * page of the list (500) at once.
 */
export const claimBulkUpdateBody = {
  type: 'object',
  properties: {
    ids: { type: 'array', items: dbId, minItems: 1, maxItems: 500 },
    data: {
      type: 'object',
      properties: { submitted: { type: 'boolean' } },
      required: ['submitted'],
      additionalProperties: false,
    },
  },
  required: ['ids', 'data'],
  additionalProperties: false,
} as const;

/**
 * GET claim-items/export (spec 002 section 7): the claims whose date of service is in the month, as
 * csv or pdf. export_type, month and year are required (spec 002 section 5), the year from 2022 to
 * 2100; tenant_id narrows the export to one provider (a provider user's own is theirs anyway).
 */
export const claimExportQuery = {
  type: 'object',
  properties: {
    export_type: { type: 'string', enum: CLAIM_EXPORT_TYPES },
    month: { type: 'integer', minimum: 1, maximum: 12 },
    year: { type: 'integer', minimum: CLAIM_EXPORT_YEARS.min, maximum: CLAIM_EXPORT_YEARS.max },
    tenant_id: dbId,
  },
  required: ['export_type', 'month', 'year'],
  additionalProperties: false,
} as const;

export type ClaimExportQuery = FromSchema<typeof claimExportQuery>;

/**
 * GET icd10 (spec 002 section 7, "GET icd10 (search)"): `q`, or the list's `filter` as the
 * console's data provider sends it (`{"q": "E11"}` for a search, `{"id[in]": ["E11.9"]}` for the
 * codes a claim holds), and the list's window; `sort` and `order` are accepted and the order is
 * the search's own (codes starting with the text first, then by code).
 */
export const icd10Query = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 200 },
    filter: { type: 'string', maxLength: 20_000 },
    skip: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    sort: { type: 'string', maxLength: 100 },
    order: { type: 'string', maxLength: 10 },
  },
  additionalProperties: false,
} as const;

export type Icd10Query = FromSchema<typeof icd10Query>;
