/**
 * The payment vendor behind provider billing (issue 17; README.md here). Two implementations: the
 * built-in one (`builtInVendor.ts`, the default: customers, subscriptions and invoices kept in our
 * database, used by the demo and the tests) and Stripe (`stripeVendor.ts`, when STRIPE_SECRET_KEY is
 * set). Amounts cross this interface in integer cents, never as floating dollars.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The subscription products a provider may be priced on (spec 002 section 3, "Price ids for ..."). */
export const PRODUCT_KINDS = ['simple', 'complex', 'software_only', 'ccm_only', 'initiation_fee'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** One price of a product: recurring monthly per patient, or once (the patient initiation fee). */
export interface ProductPrice {
  id: string;
  kind: ProductKind;
  nickname: string;
  unitAmountCents: number;
  currency: string;
  interval: 'month' | 'one_time';
}

export interface VendorCustomerInput {
  providerId: number;
  name: string;
  email: string | null;
  /** The customer id already on record (tenants.stripe_customer_id), reused when set. */
  customerId: string | null;
}

export interface VendorSubscription {
  id: string;
  status: string;
  priceIds: string[];
}

export interface VendorInvoiceLine {
  description: string;
  units: number;
  unitAmountCents: number;
  amountCents: number;
}

export interface VendorInvoiceRequest {
  providerId: number;
  customerId: string;
  /** yyyy-mm-dd: the day payment is due. */
  dueDate: string;
  lines: VendorInvoiceLine[];
  /** Our invoice's own reference (its id and month), kept on the vendor's record. */
  metadata: Record<string, string>;
  /** Sent as the vendor's idempotency key, so that a retried issue makes one invoice. */
  idempotencyKey: string;
}

export interface VendorInvoice {
  id: string;
  number: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  totalCents: number;
  /** The vendor's hosted page of the invoice, or null when ours serves it (built-in). */
  hostedInvoiceUrl: string | null;
}

export interface BillingVendor {
  readonly name: 'builtin' | 'stripe';
  /**
   * The vendor acting inside a transaction of ours: the built-in vendor writes its rows there (on
   * the embedded database a second connection would wait for the transaction forever), Stripe is
   * the same vendor. Calls made in a write's transaction go through this.
   */
  within(trx: Kysely<DB>): BillingVendor;
  /** The provider's customer id with the vendor, created when it has none. */
  ensureCustomer(input: VendorCustomerInput): Promise<string>;
  /** The prices offered for one product kind (GET billing/product-prices/{kind}). */
  listProductPrices(kind: ProductKind): Promise<ProductPrice[]>;
  /**
   * Makes the customer's subscription hold exactly the recurring prices given: creates it when
   * `subscriptionId` is null, else updates its items. Null when no recurring price is given (and an
   * existing subscription is then cancelled).
   */
  syncSubscription(input: { customerId: string; subscriptionId: string | null; priceIds: string[] }): Promise<VendorSubscription | null>;
  /** Cancels the subscription (Clear Subscriptions); a subscription already gone is not an error. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /** Issues (finalises) one invoice of the given lines for the customer. */
  createInvoice(request: VendorInvoiceRequest): Promise<VendorInvoice>;
}
