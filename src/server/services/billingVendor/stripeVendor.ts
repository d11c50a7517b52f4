import Stripe from 'stripe';
import {
  PRODUCT_KINDS,
  type BillingVendor,
  type ProductKind,
  type ProductPrice,
  type VendorInvoice,
  type VendorInvoiceRequest,
  type VendorSubscription,
} from './billingVendor';

/**
 * The Stripe implementation of the payment vendor (README.md here, "Stripe"), through the official
 * `stripe` package pinned to its API version. Prices are found by their metadata `kind` (on the price
 * or its product); every create call carries an idempotency key; errors reach the caller as an Error
 * whose message is Stripe's own.
 */

export interface StripeVendorSettings {
  /** STRIPE_SECRET_KEY. */
  secretKey: string;
  /** STRIPE_API_URL: a Stripe-compatible server (e.g. http://127.0.0.1:12111) instead of api.stripe.com. */
  apiUrl?: string;
}

const DAY_SECONDS = 86_400;
/** Subscriptions in these states can no longer be changed: a new one is created instead. */
const ENDED_SUBSCRIPTION = new Set(['canceled', 'incomplete_expired']);
const INVOICE_STATUSES = new Set<VendorInvoice['status']>(['draft', 'open', 'paid', 'void', 'uncollectible']);

/** host/port/protocol of the client when STRIPE_API_URL points it at another server. */
function endpointOf(apiUrl: string | undefined): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** Stripe's message reaches the caller (the routes show it); the Stripe error stays as the cause. */
function vendorError(error: unknown): unknown {
  return isStripeError(error) ? new Error(error.message, { cause: error }) : error;
}

async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw vendorError(error);
  }
}

function isKind(value: string | undefined): value is ProductKind {
  return value !== undefined && (PRODUCT_KINDS as readonly string[]).includes(value);
}

/** The price as one of the kind's offers, or null when it is not of that kind or not a flat per-unit amount. */
function productPrice(price: Stripe.Price, kind: ProductKind): ProductPrice | null {
  const product = typeof price.product === 'string' || price.product.deleted ? null : price.product;
  if (product?.active === false) return null;
  const priceKind = isKind(price.metadata.kind) ? price.metadata.kind : product?.metadata.kind;
  if (priceKind !== kind || price.unit_amount === null) return null;
  // A recurring price other than monthly (yearly, weekly, ...) is not one of the products' shapes.
  if (price.recurring && (price.recurring.interval !== 'month' || price.recurring.interval_count !== 1)) return null;
  return {
    id: price.id,
    kind,
    nickname: price.nickname ?? product?.name ?? price.id,
    unitAmountCents: price.unit_amount,
    currency: price.currency,
    interval: price.recurring ? 'month' : 'one_time',
  };
}

function subscriptionOf(subscription: Stripe.Subscription): VendorSubscription {
  return { id: subscription.id, status: subscription.status, priceIds: subscription.items.data.map((item) => item.price.id) };
}

/** Unix seconds of the due day at 00:00 UTC, at least a day from now (Stripe wants a due date in the future). */
function stripeDueDate(dueDate: string, now = Date.now()): number {
  const [year, month, day] = dueDate.split('-').map(Number);
  const due = Date.UTC(year ?? NaN, (month ?? NaN) - 1, day ?? NaN) / 1000;
  if (!Number.isFinite(due)) throw new Error(`Invalid due date: ${dueDate}`);
  return Math.max(due, Math.ceil(now / 1000) + DAY_SECONDS);
}

/** Days a clinic has to pay a subscription's invoice. */
const SUBSCRIPTION_DAYS_UNTIL_DUE = 30;

export function stripeVendor(settings: StripeVendorSettings): BillingVendor {
  const stripe = new Stripe(settings.secretKey, {
    apiVersion: Stripe.API_VERSION,
    timeout: 10_000,
    maxNetworkRetries: 2,
    ...endpointOf(settings.apiUrl),
  });

  const createCustomer = (input: { providerId: number; name: string; email: string | null }, idempotencyKey: string) =>
    stripe.customers.create(
      { name: input.name, ...(input.email ? { email: input.email } : {}), metadata: { provider_id: String(input.providerId) } },
      { idempotencyKey },
    );

  const cancelSubscription = async (subscriptionId: string): Promise<void> => {
    try {
      await stripe.subscriptions.cancel(subscriptionId);
    } catch (error) {
      if (!isStripeError(error)) throw error;
      if (error.code === 'resource_missing') return;
      // Cancelling a subscription that has already ended is refused; it is gone all the same.
      if (error.statusCode === 400) {
        const current = await stripeCall(() => stripe.subscriptions.retrieve(subscriptionId));
        if (ENDED_SUBSCRIPTION.has(current.status)) return;
      }
      throw vendorError(error);
    }
  };

  const vendor: BillingVendor = {
    name: 'stripe',
    // Stripe keeps nothing in our database: inside a transaction it is the same vendor.
    within: () => vendor,

    async ensureCustomer(input) {
      const key = `customer-${input.providerId}`;
      if (!input.customerId) return (await stripeCall(() => createCustomer(input, key))).id;
      const existingId = input.customerId;
      try {
        const customer = await stripe.customers.retrieve(existingId);
        if (!customer.deleted) return customer.id;
      } catch (error) {
        if (!isStripeError(error) || error.code !== 'resource_missing') throw vendorError(error);
      }
      // A key of its own: `customer-{id}` may still replay (for 24 hours) the customer just found deleted.
      return (await stripeCall(() => createCustomer(input, `${key}-replacing-${existingId}`))).id;
    },

    async listProductPrices(kind) {
      return stripeCall(async () => {
        const prices: ProductPrice[] = [];
        for await (const price of stripe.prices.list({ active: true, limit: 100, expand: ['data.product'] })) {
          const offer = productPrice(price, kind);
          if (offer) prices.push(offer);
        }
        return prices;
      });
    },

    async syncSubscription({ customerId, subscriptionId, priceIds }) {
      const wanted = [...new Set(priceIds)];
      if (wanted.length === 0) {
        if (subscriptionId) await cancelSubscription(subscriptionId);
        return null;
      }
      return stripeCall(async () => {
        // Invoiced, not charged: a clinic pays by invoice (as its fee-for-service invoices), so a customer with no card on file gets an open invoice rather than an incomplete subscription.
        const create = async () =>
          subscriptionOf(
            await stripe.subscriptions.create({
              customer: customerId,
              items: wanted.map((price) => ({ price })),
              collection_method: 'send_invoice',
              days_until_due: SUBSCRIPTION_DAYS_UNTIL_DUE,
            }),
          );
        if (!subscriptionId) return create();
        const current = await stripe.subscriptions.retrieve(subscriptionId);
        if (ENDED_SUBSCRIPTION.has(current.status)) return create();
        const held = current.items.data;
        const removed = held.filter((item) => !wanted.includes(item.price.id)).map((item) => ({ id: item.id, deleted: true }));
        const added = wanted.filter((price) => !held.some((item) => item.price.id === price)).map((price) => ({ price }));
        if (removed.length === 0 && added.length === 0) return subscriptionOf(current);
        return subscriptionOf(await stripe.subscriptions.update(subscriptionId, { items: [...removed, ...added], proration_behavior: 'none' }));
      });
    },

    cancelSubscription,

    async createInvoice(request: VendorInvoiceRequest): Promise<VendorInvoice> {
      const key = request.idempotencyKey;
      return stripeCall(async () => {
        const draft = await stripe.invoices.create(
          {
            customer: request.customerId,
            collection_method: 'send_invoice',
            due_date: stripeDueDate(request.dueDate),
            metadata: request.metadata,
            pending_invoice_items_behavior: 'exclude',
            auto_advance: false,
          },
          { idempotencyKey: `${key}-invoice` },
        );
        for (const [i, line] of request.lines.entries()) {
          await stripe.invoiceItems.create(
            {
              customer: request.customerId,
              invoice: draft.id,
              description: line.description,
              // `quantity` takes whole units only; a fractional count goes as `quantity_decimal`.
              ...(Number.isInteger(line.units) ? { quantity: line.units } : { quantity_decimal: Stripe.Decimal.from(line.units) }),
              unit_amount_decimal: Stripe.Decimal.from(line.unitAmountCents),
              currency: 'usd',
            },
            { idempotencyKey: `${key}-line-${i}` },
          );
        }
        const invoice = await stripe.invoices.finalizeInvoice(draft.id, {}, { idempotencyKey: `${key}-finalize` });
        return {
          id: invoice.id,
          number: invoice.number ?? invoice.id,
          status: INVOICE_STATUSES.has(invoice.status as VendorInvoice['status']) ? (invoice.status as VendorInvoice['status']) : 'open',
          totalCents: invoice.total,
          hostedInvoiceUrl: invoice.hosted_invoice_url ?? null,
        };
      });
    },
  };
  return vendor;
}
