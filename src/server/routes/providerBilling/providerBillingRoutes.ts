import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply } from 'fastify';
import * as s from '../../../../schemas/payloads/providerBilling';
import { invalid } from '../../errors';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { INVOICE_PAGE_SIZE, issueInvoice, listInvoices, previewInvoice } from '../../services/providerBilling/invoices';
import { offboardProvider } from '../../services/providerBilling/offboarding';
import { createPricing, listPricing, PRICING_PAGE_SIZE, updatePricing } from '../../services/providerBilling/pricing';
import { reachProvider } from '../../services/providerBilling/reachProvider';
import { clearSubscriptions, refreshSubscription } from '../../services/providerBilling/subscriptions';
import { zonedDay } from '../../../domain/zonedDays';

const tags = ['providers and billing'];

/** The page asked: `page`/`perPage`, else `skip`/`limit`, else the first page of `size`. */
function pageOf(query: s.PageQuery, size: number): { page: number; perPage: number } {
  const perPage = query.perPage ?? query.limit ?? size;
  if (query.page !== undefined) return { page: query.page, perPage };
  return { page: Math.floor((query.skip ?? 0) / perPage) + 1, perPage };
}

function sendPage<T>(reply: FastifyReply, name: string, { rows, total, offset }: { rows: T[]; total: number; offset: number }) {
  const span = rows.length ? `${String(offset)}-${String(offset + rows.length - 1)}` : '*';
  return reply
    .header('content-range', `${name} ${span}/${String(total)}`)
    .header('access-control-expose-headers', 'Content-Range')
    .send(rows);
}

/** A dollar amount must be whole cents (spec 002 section 5: "a multiple of 0.01"); floating point makes `multipleOf` unreliable, so it is checked here. */
function wholeCents(value: number, loc: (string | number)[]) {
  if (Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) throw invalid(loc, 'Must be a multiple of 0.01');
}

/**
 * Provider billing (README.md in this folder). Reads need `tenants.billing` (pricing) or
 * `tenants.invoices` (invoices) within the caller's reach; every write (pricing, invoices,
 * subscriptions) needs `tenants.billing` over every provider, the operator's: a provider's own admin
 * sees its invoices and prices but does not set them. Offboarding needs `tenants.offboard`.
 */
export const providerBillingRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/providers/:id/fee-for-service-pricing', { schema: { tags, params: s.providerParams, querystring: s.pageQuery } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'tenants.billing');
    const provider = await reachProvider(app.db, caller, request.params.id);
    const { page, perPage } = pageOf(request.query, PRICING_PAGE_SIZE);
    return sendPage(reply, 'fee-for-service-pricing', await listPricing(app.db, provider, page, perPage));
  });

  app.post('/providers/:id/fee-for-service-pricing', { schema: { tags, params: s.providerParams, body: s.pricingCreateBody } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'tenants.billing', { reach: 'all' });
    const body = request.body;
    if (Math.abs(body.proportion * 100 - Math.round(body.proportion * 100)) > 1e-6) throw invalid(['body', 'proportion'], 'Must have at most 2 decimals');
    const provider = await reachProvider(app.db, caller, request.params.id);
    const today = zonedDay(new Date(), provider.timezone);
    const made = await withTransaction(app.db, (trx) => createPricing(trx, caller, provider, body, today));
    return reply.code(201).send(made);
  });

  app.put('/providers/:id/fee-for-service-pricing', { schema: { tags, params: s.providerParams, body: s.pricingUpdateBody } }, async (request) => {
    const caller = callerWithPermission(request, 'tenants.billing', { reach: 'all' });
    wholeCents(request.body.negotiated_price, ['body', 'negotiated_price']);
    const provider = await reachProvider(app.db, caller, request.params.id);
    return withTransaction(app.db, (trx) => updatePricing(trx, provider, request.body));
  });

  app.get('/providers/:id/invoices', { schema: { tags, params: s.providerParams, querystring: s.pageQuery } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'tenants.invoices');
    const provider = await reachProvider(app.db, caller, request.params.id);
    const { page, perPage } = pageOf(request.query, INVOICE_PAGE_SIZE);
    return sendPage(reply, 'invoices', await listInvoices(app, caller, provider, page, perPage));
  });

  app.post('/providers/:id/fee-for-service-invoice', { schema: { tags, params: s.providerParams, body: s.invoiceBody } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'tenants.billing', { reach: 'all' });
    const body = request.body;
    (body.adjustments ?? []).forEach((a, i) => wholeCents(a.amount, ['body', 'adjustments', i, 'amount']));
    const provider = await reachProvider(app.db, caller, request.params.id);
    if (body.is_preview) return previewInvoice(app.db, request, caller, provider, body);
    const { invoice, created } = await withTransaction(app.db, (trx) => issueInvoice(app, trx, request, caller, provider, body));
    return reply.code(created ? 201 : 200).send(invoice);
  });

  app.get('/billing/product-prices/:kind', { schema: { tags, params: s.productKindParams } }, async (request) => {
    callerWithPermission(request, 'tenants.billing', { reach: 'all' });
    const prices = await app.billingVendor.listProductPrices(request.params.kind);
    return prices.map((p) => ({ id: p.id, nickname: p.nickname, unit_amount: p.unitAmountCents, currency: p.currency, interval: p.interval }));
  });

  app.post('/billing/:id/refresh-subscription/', { schema: { tags, params: s.providerParams } }, async (request) => {
    const caller = callerWithPermission(request, 'tenants.billing', { reach: 'all' });
    const provider = await reachProvider(app.db, caller, request.params.id);
    return withTransaction(app.db, (trx) => refreshSubscription(app, trx, caller, provider));
  });

  app.delete('/providers/subscription', { schema: { tags, querystring: s.clearSubscriptionQuery } }, async (request) => {
    const caller = callerWithPermission(request, 'tenants.billing', { reach: 'all' });
    const provider = await reachProvider(app.db, caller, request.query.tenant_id);
    return withTransaction(app.db, (trx) => clearSubscriptions(app, trx, provider));
  });

  app.post('/providers/:id/offboard', { schema: { tags, params: s.providerParams, body: s.offboardBody } }, async (request) => {
    const caller = callerWithPermission(request, 'tenants.offboard', { reach: 'all' });
    const provider = await reachProvider(app.db, caller, request.params.id);
    const { message, objectKeys } = await withTransaction(app.db, (trx) => offboardProvider(app, trx, request, caller, provider, request.body.name));
    // The deleted files' objects (directory or bucket) go once their rows are gone for good.
    for (const key of objectKeys)
      await app.fileStorage.remove(key).catch((error: unknown) => request.log.warn({ err: error }, 'an offboarded file object could not be removed'));
    return { message };
  });
};
