import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { BillingVendor, ProductKind, ProductPrice, VendorInvoice, VendorSubscription } from './billingVendor';

/**
 * The built-in payment vendor (the default; README.md here): the operator's own books, in our
 * database. Customers are the providers themselves (`builtin_cus_{id}`), the product prices are the
 * rows of billing_product_prices (the demo seed writes a few), subscriptions are rows of
 * billing_subscriptions, and an invoice's number comes from the invoice_numbers sequence; the
 * invoice's page is ours (`hostedInvoiceUrl` null: the route links its own signed page).
 */
export function builtInVendor(db: Kysely<DB>): BillingVendor {
  return {
    name: 'builtin',
    within: (trx) => builtInVendor(trx),

    ensureCustomer({ providerId, customerId }) {
      return Promise.resolve(customerId ?? `builtin_cus_${String(providerId)}`);
    },

    async listProductPrices(kind: ProductKind): Promise<ProductPrice[]> {
      const rows = await db
        .selectFrom('billing_product_prices')
        .selectAll()
        .where('kind', '=', kind)
        .where('active', '=', true)
        .orderBy('unit_amount_cents')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        kind,
        nickname: r.nickname,
        unitAmountCents: r.unit_amount_cents,
        currency: r.currency,
        interval: r.billing_interval === 'month' ? 'month' : 'one_time',
      }));
    },

    async syncSubscription({ customerId, subscriptionId, priceIds }): Promise<VendorSubscription | null> {
      const tenantId = Number(/^builtin_cus_(\d+)$/.exec(customerId)?.[1]);
      if (!Number.isInteger(tenantId)) throw new Error(`Unknown customer ${customerId}`);
      if (priceIds.length === 0) {
        if (subscriptionId) await this.cancelSubscription(subscriptionId);
        return null;
      }
      const known = await db.selectFrom('billing_product_prices').select('id').where('id', 'in', priceIds).where('billing_interval', '=', 'month').execute();
      const unknown = priceIds.filter((id) => !known.some((k) => k.id === id));
      if (unknown.length) throw new Error(`No such recurring price: ${unknown.join(', ')}`);
      const live = subscriptionId
        ? await db.selectFrom('billing_subscriptions').selectAll().where('id', '=', subscriptionId).where('status', '=', 'active').executeTakeFirst()
        : undefined;
      if (live) {
        await db.updateTable('billing_subscriptions').set({ price_ids: priceIds }).where('id', '=', live.id).execute();
        return { id: live.id, status: 'active', priceIds };
      }
      const id = `builtin_sub_${randomUUID()}`;
      await db.insertInto('billing_subscriptions').values({ id, tenant_id: tenantId, status: 'active', price_ids: priceIds }).execute();
      return { id, status: 'active', priceIds };
    },

    async cancelSubscription(subscriptionId) {
      await db
        .updateTable('billing_subscriptions')
        .set({ status: 'canceled', canceled_on: new Date() })
        .where('id', '=', subscriptionId)
        .where('status', '=', 'active')
        .execute();
    },

    async createInvoice(request): Promise<VendorInvoice> {
      const { next } = await sql<{ next: string }>`select nextval('invoice_numbers')::text as next`.execute(db).then((r) => r.rows[0] as { next: string });
      const year = request.metadata.year ?? String(new Date().getUTCFullYear());
      return {
        id: `builtin_inv_${randomUUID()}`,
        number: `INV-${year}-${next.padStart(6, '0')}`,
        status: 'open',
        totalCents: request.lines.reduce((sum, line) => sum + line.amountCents, 0),
        hostedInvoiceUrl: null,
      };
    },
  };
}
