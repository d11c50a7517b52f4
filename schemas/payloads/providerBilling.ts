import type { FromSchema } from 'json-schema-to-ts';
import { PRODUCT_KINDS } from '../../src/server/services/billingVendor/billingVendor';
import { pathId } from './common';

/**
 * Provider billing (spec 002 sections 3, 5 and 7 "Providers and billing"; routes/providerBilling/README.md).
 * Dollars are numbers with at most 2 decimals (multipleOf 0.01 is checked in cents by the route:
 * floating point makes 0.07 no multiple of 0.01).
 */
export const providerParams = { type: 'object', properties: { id: pathId }, required: ['id'] } as const;
export const productKindParams = { type: 'object', properties: { kind: { type: 'string', enum: PRODUCT_KINDS } }, required: ['kind'] } as const;

/** A page: `page` and `perPage` (spec 002 section 7), or the engine's `skip` and `limit`. */
export const pageQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: 100000 },
    perPage: { type: 'integer', minimum: 1, maximum: 100 },
    skip: { type: 'integer', minimum: 0, maximum: 10000000 },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    sort: { type: 'string', maxLength: 50 },
    order: { type: 'string', enum: ['asc', 'desc'] },
  },
  additionalProperties: false,
} as const;
export type PageQuery = FromSchema<typeof pageQuery>;

const dollars = { type: 'number', minimum: -1000000, maximum: 1000000 } as const;
const date = { type: 'string', format: 'date' } as const;

export const pricingCreateBody = {
  type: 'object',
  properties: {
    proportion: { type: 'number', minimum: 0, maximum: 1 },
    specific_locality_id_override: { type: ['string', 'null'], maxLength: 20 },
    volume_threshold: { type: 'integer', minimum: 0, maximum: 10000000 },
    effective_date: { type: ['string', 'null'], format: 'date' },
    clear_existing: { type: 'boolean' },
    hybrid_pricing: { type: 'boolean' },
  },
  required: ['proportion', 'volume_threshold'],
  additionalProperties: false,
} as const;

export const pricingUpdateBody = {
  type: 'object',
  properties: {
    id: pathId,
    negotiated_price: { type: 'number', minimum: 0, maximum: 1000000 },
    volume_threshold: { type: 'integer', minimum: 0, maximum: 10000000 },
  },
  required: ['id', 'negotiated_price', 'volume_threshold'],
  additionalProperties: false,
} as const;

export const invoiceBody = {
  type: 'object',
  properties: {
    month: { type: 'integer', minimum: 1, maximum: 12 },
    year: { type: 'integer', minimum: 2000, maximum: 2999 },
    is_preview: { type: 'boolean' },
    due_date: { ...date, type: ['string', 'null'] },
    /** spec 002 section 5: "vendor is required (only Stripe is offered)"; the configured vendor issues it. */
    vendor: { type: 'string', enum: ['stripe'] },
    adjustments: {
      type: 'array',
      maxItems: 200,
      items: {
        type: 'object',
        properties: {
          patient_id: pathId,
          description: { type: 'string', minLength: 1, maxLength: 500 },
          units: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
          amount: dollars,
        },
        required: ['patient_id', 'description', 'amount'],
        additionalProperties: false,
      },
    },
  },
  required: ['month', 'year', 'is_preview'],
  additionalProperties: false,
} as const;

export const clearSubscriptionQuery = {
  type: 'object',
  properties: { tenant_id: pathId },
  required: ['tenant_id'],
  additionalProperties: false,
} as const;

/**
 * Offboarding is irreversible: the request names the provider as the operator typed it (the console's
 * confirmation), so that no stray or replayed call can remove a provider.
 */
export const offboardBody = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 300 } },
  required: ['name'],
  additionalProperties: false,
} as const;
