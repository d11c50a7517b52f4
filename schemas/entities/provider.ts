import type { FromSchema } from 'json-schema-to-ts';
import { addressSchema } from './address';

/** Billing schemes of a provider (spec 002 section 4). Not yet in src/domain/enums.ts, so written once here. */
export const BILLING_SCHEMES = ['subscription', 'fee_for_service', 'hybrid_fee_for_service'] as const;

/** Sizes of a customer organisation. The spec names the field only; these are ours (the seed's providers are medium). */
export const CUSTOMER_SIZES = ['small', 'medium', 'large', 'enterprise'] as const;

/**
 * The time zones a provider may work in: the United States' (the product serves US clinics; locations
 * are US only, spec 002 section 9). The spec names the field only. The database default is the first.
 */
export const PROVIDER_TIME_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Puerto_Rico',
] as const;

/** A price of the billing vendor (GET billing/product-prices/{kind}), or none. */
const PRICE_ID = { type: ['string', 'null'], minLength: 1, maxLength: 255 } as const;
/** A user's id, or none. */
const USER_ID = { type: ['integer', 'null'], minimum: 1 } as const;

/** A provider (tenant) organisation, spec 002 section 3. `id` is the tenant id. */
export const providerSchema = {
  title: 'Provider',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    slug: { type: 'string', readOnly: true },
    name: { type: 'string', minLength: 1, maxLength: 200 },
    is_active: { type: 'boolean' },
    registered_on: { type: 'string', format: 'date-time', readOnly: true },
    email: { type: ['string', 'null'], format: 'email' },
    npi_number: { type: ['string', 'null'], pattern: '^[0-9]{10}$' },
    customer_size: { type: ['string', 'null'], enum: [...CUSTOMER_SIZES, null] },
    timezone: { type: 'string', enum: PROVIDER_TIME_ZONES },
    address: { anyOf: [addressSchema, { type: 'null' }] },
    billing_scheme: { type: 'string', enum: BILLING_SCHEMES },
    // Billing (spec 002 section 3): the vendor's customer and subscription, and the price of each product.
    stripe_billing_enabled: { type: 'boolean' },
    stripe_customer_id: { type: ['string', 'null'], maxLength: 255 },
    stripe_subscription_id: { type: ['string', 'null'], readOnly: true },
    simple_price_id: PRICE_ID,
    complex_price_id: PRICE_ID,
    software_only_price_id: PRICE_ID,
    ccm_only_price_id: PRICE_ID,
    initiation_fee_price_id: PRICE_ID,
    llm_summary_enabled: { type: 'boolean' },
    // The provider's own clinicians who take each program's new patients, and the operator's staff who look after the provider.
    default_rpm_clinician_id: USER_ID,
    default_rtm_clinician_id: USER_ID,
    default_ccm_clinician_id: USER_ID,
    default_pcm_clinician_id: USER_ID,
    default_provider_success_id: USER_ID,
    provider_success_id: USER_ID,
    sales_manager_id: USER_ID,
    settings: { type: 'object' },
    /** Set when the provider was offboarded; such a provider is no longer served (the resource's row filter). */
    offboarded_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
  },
  required: ['id', 'name'],
  additionalProperties: false,
} as const;

export type Provider = FromSchema<typeof providerSchema>;
