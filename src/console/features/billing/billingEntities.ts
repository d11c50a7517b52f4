/**
 * The rows and payloads of the provider billing routes (src/server/routes/providerBilling/README.md; spec 002
 * section 3), as the console's lists and dialogs show them.
 */
import { pricingCreateBody } from '../../../../schemas/payloads/providerBilling';

/** GET providers/{id}/invoices: an invoice, its total in cents (spec 002 section 9). */
export const invoiceSchema = {
  title: 'Invoice',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    number: { type: ['string', 'null'] },
    status: { type: 'string' },
    total: { type: 'integer' },
    created: { type: 'string', format: 'date-time' },
    month: { type: 'integer' },
    year: { type: 'integer' },
    due_date: { type: ['string', 'null'], format: 'date' },
    hosted_invoice_url: { type: ['string', 'null'] },
    detailed_pdf: { type: ['string', 'null'] },
  },
  required: ['id'],
  additionalProperties: false,
} as const;

/** GET providers/{id}/fee-for-service-pricing: a CPT code's price for the provider, in dollars. */
export const feeForServicePricingSchema = {
  title: 'Fee-for-service pricing',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    cpt_code: { type: 'string' },
    fee_schedule_price: { type: ['number', 'null'] },
    negotiated_price: { type: ['number', 'null'], minimum: 0, multipleOf: 0.01 },
    volume_threshold: { type: 'integer', minimum: 0 },
    as_of_date: { type: ['string', 'null'], format: 'date' },
  },
  required: ['id'],
  additionalProperties: false,
} as const;

/**
 * POST providers/{id}/fee-for-service-pricing: new pricing rows from the fee schedule (spec 002 sections 3 and 5),
 * the server's body with the form's 2-decimal step on the proportion (the server checks the decimals itself).
 */
export const feeForServicePricingCreateSchema = {
  ...pricingCreateBody,
  title: 'Add pricing',
  properties: { ...pricingCreateBody.properties, proportion: { ...pricingCreateBody.properties.proportion, multipleOf: 0.01 } },
} as const;
