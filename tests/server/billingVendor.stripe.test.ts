import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { stripeVendor } from '../../src/server/services/billingVendor/stripeVendor';

/**
 * The Stripe vendor (services/billingVendor/README.md, "Stripe") against a local stub that plays
 * Stripe's API: it checks every request as Stripe would (the secret key, form-encoded bodies, an
 * Idempotency-Key on each POST), records it, keeps customers, subscriptions and invoices in memory and
 * answers in Stripe's shapes. The tests assert both what the caller gets and what the stub received.
 */

const SECRET_KEY = 'sk_test_stub_123';

interface Received {
  method: string;
  path: string;
  /** The form body of a POST, the query of a GET or DELETE, as the flat keys Stripe reads (`items[0][price]`). */
  params: Record<string, string>;
  idempotencyKey: string | undefined;
  stripeVersion: string | undefined;
}

type Json = Record<string, unknown>;
interface StubPrice {
  id: string;
  active: boolean;
  unit_amount: number | null;
  nickname: string | null;
  recurring: { interval: string; interval_count: number } | null;
  metadata: Record<string, string>;
  product: string;
}

let stub: Server;
let apiUrl = '';
let received: Received[] = [];
let sequence = 0;
const customers = new Map<string, { id: string; name: string; email: string | null; metadata: Record<string, string>; deleted: boolean }>();
const subscriptions = new Map<string, { id: string; customer: string; status: string; items: { id: string; price: string }[] }>();
const invoices = new Map<string, { id: string; customer: string; status: string; number: string | null; metadata: Json; lines: { amount: number }[] }>();
/** Stripe replays the first answer given to an idempotency key. */
const replays = new Map<string, { status: number; body: Json }>();

const products: Record<string, { id: string; name: string; active: boolean; metadata: Record<string, string> }> = {
  prod_rpm: { id: 'prod_rpm', name: 'RPM simple', active: true, metadata: { kind: 'simple' } },
  prod_complex: { id: 'prod_complex', name: 'RPM complex', active: true, metadata: { kind: 'complex' } },
  prod_fee: { id: 'prod_fee', name: 'Initiation fee', active: true, metadata: {} },
  prod_other: { id: 'prod_other', name: 'Something else', active: true, metadata: {} },
};
const month = { interval: 'month', interval_count: 1 };
const prices: StubPrice[] = [
  { id: 'price_simple', active: true, unit_amount: 4500, nickname: 'Simple monthly', recurring: month, metadata: {}, product: 'prod_rpm' },
  { id: 'price_complex', active: true, unit_amount: 8950, nickname: null, recurring: month, metadata: {}, product: 'prod_complex' },
  // The price's own tag wins over its product's.
  { id: 'price_ccm', active: true, unit_amount: 3900, nickname: 'CCM only', recurring: month, metadata: { kind: 'ccm_only' }, product: 'prod_complex' },
  { id: 'price_fee', active: true, unit_amount: 2500, nickname: null, recurring: null, metadata: { kind: 'initiation_fee' }, product: 'prod_fee' },
  { id: 'price_untagged', active: true, unit_amount: 100, nickname: 'Untagged', recurring: month, metadata: {}, product: 'prod_other' },
  {
    id: 'price_simple_yearly',
    active: true,
    unit_amount: 48000,
    nickname: 'Yearly',
    recurring: { interval: 'year', interval_count: 1 },
    metadata: {},
    product: 'prod_rpm',
  },
  { id: 'price_simple_b', active: true, unit_amount: 5000, nickname: 'Simple B', recurring: month, metadata: { kind: 'simple' }, product: 'prod_other' },
];
/** The stub pages the price list by three, so that the vendor has to follow `has_more`. */
const PAGE = 3;

const nextId = (prefix: string) => `${prefix}_${++sequence}`;

const body = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });

const list = (url: string, data: Json[], hasMore = false) => ({ object: 'list', url, data, has_more: hasMore });
const error = (status: number, message: string, code?: string, type = 'invalid_request_error') => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}) } },
});
const missing = (what: string, id: string) => error(404, `No such ${what}: '${id}'`, 'resource_missing');

const priceJson = (price: StubPrice, expandProduct: boolean) => ({
  object: 'price',
  currency: 'usd',
  type: price.recurring ? 'recurring' : 'one_time',
  livemode: false,
  ...price,
  unit_amount_decimal: price.unit_amount === null ? null : String(price.unit_amount),
  product: expandProduct ? { object: 'product', ...products[price.product] } : price.product,
});
const customerJson = (id: string) => {
  const customer = customers.get(id);
  if (!customer) return null;
  return customer.deleted ? { id, object: 'customer', deleted: true } : { object: 'customer', livemode: false, ...customer, deleted: undefined };
};
const subscriptionJson = (subscription: NonNullable<ReturnType<typeof subscriptions.get>>) => ({
  id: subscription.id,
  object: 'subscription',
  customer: subscription.customer,
  status: subscription.status,
  items: list(
    `/v1/subscription_items?subscription=${subscription.id}`,
    subscription.items.map((item) => {
      const price = prices.find((p) => p.id === item.price);
      return {
        id: item.id,
        object: 'subscription_item',
        subscription: subscription.id,
        quantity: 1,
        price: price ? priceJson(price, false) : { id: item.price },
      };
    }),
  ),
});
const invoiceJson = (invoice: NonNullable<ReturnType<typeof invoices.get>>) => ({
  id: invoice.id,
  object: 'invoice',
  customer: invoice.customer,
  status: invoice.status,
  number: invoice.number,
  metadata: invoice.metadata,
  total: invoice.lines.reduce((sum, line) => sum + line.amount, 0),
  hosted_invoice_url: invoice.status === 'draft' ? null : `https://invoice.stripe.test/i/${invoice.id}`,
});

/** The flat `prefix[i][field]` entries of a form, grouped per index. */
function indexed(params: Record<string, string>, prefix: string): Record<string, string>[] {
  const rows: Record<string, string>[] = [];
  for (const [key, value] of Object.entries(params)) {
    const match = new RegExp(`^${prefix}\\[(\\d+)\\]\\[(\\w+)\\]$`).exec(key);
    if (match) (rows[Number(match[1])] ??= {})[match[2]!] = value;
  }
  return rows;
}

/** Stripe's answer to one request, after the checks that Stripe itself makes. */
function answer(method: string, path: string, params: Record<string, string>): { status: number; body: Json } {
  const ok = (json: Json) => ({ status: 200, body: json });
  let match: RegExpExecArray | null;

  if (method === 'POST' && path === '/v1/customers') {
    const id = nextId('cus');
    const metadata = Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])));
    customers.set(id, { id, name: params.name ?? '', email: params.email ?? null, metadata, deleted: false });
    return ok(customerJson(id)!);
  }
  if (method === 'GET' && (match = /^\/v1\/customers\/(\w+)$/.exec(path))) {
    return customerJson(match[1]!) ? ok(customerJson(match[1]!)!) : missing('customer', match[1]!);
  }

  if (method === 'GET' && path === '/v1/prices') {
    const active = params.active === undefined ? undefined : params.active === 'true';
    const all = prices.filter((p) => active === undefined || p.active === active);
    const start = params.starting_after ? all.findIndex((p) => p.id === params.starting_after) + 1 : 0;
    const size = Math.min(Number(params.limit ?? 10), PAGE);
    const page = all.slice(start, start + size);
    const expandProduct = Object.entries(params).some(([k, v]) => k.startsWith('expand[') && v === 'data.product');
    return ok(
      list(
        '/v1/prices',
        page.map((p) => priceJson(p, expandProduct)),
        start + size < all.length,
      ),
    );
  }

  if (method === 'POST' && path === '/v1/subscriptions') {
    if (!customers.has(params.customer ?? '')) return missing('customer', params.customer ?? '');
    const id = nextId('sub');
    const items = indexed(params, 'items').map((item) => ({ id: nextId('si'), price: item.price ?? '' }));
    const unknown = items.find((item) => !prices.some((p) => p.id === item.price));
    if (unknown) return missing('price', unknown.price);
    subscriptions.set(id, { id, customer: params.customer!, status: 'active', items });
    return ok(subscriptionJson(subscriptions.get(id)!));
  }
  if ((match = /^\/v1\/subscriptions\/(\w+)$/.exec(path))) {
    const subscription = subscriptions.get(match[1]!);
    if (!subscription) return missing('subscription', match[1]!);
    if (method === 'GET') return ok(subscriptionJson(subscription));
    if (method === 'DELETE') {
      if (subscription.status === 'canceled') {
        return error(400, `A canceled subscription can only update its cancellation_details and metadata.`);
      }
      subscription.status = 'canceled';
      return ok(subscriptionJson(subscription));
    }
    if (method === 'POST') {
      for (const item of indexed(params, 'items')) {
        if (item.id && item.deleted === 'true') subscription.items = subscription.items.filter((held) => held.id !== item.id);
        else if (!item.id && item.price) subscription.items.push({ id: nextId('si'), price: item.price });
        else return error(400, `Unexpected subscription item ${JSON.stringify(item)}`);
      }
      return ok(subscriptionJson(subscription));
    }
  }

  if (method === 'POST' && path === '/v1/invoices') {
    if (!customers.has(params.customer ?? '')) return missing('customer', params.customer ?? '');
    if (params.collection_method === 'send_invoice' && Number(params.due_date) <= Date.now() / 1000) {
      return error(400, 'The due_date must be in the future.');
    }
    const id = nextId('in');
    const metadata = Object.fromEntries(Object.entries(params).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])));
    invoices.set(id, { id, customer: params.customer!, status: 'draft', number: null, metadata, lines: [] });
    return ok(invoiceJson(invoices.get(id)!));
  }
  if (method === 'POST' && path === '/v1/invoiceitems') {
    const invoice = invoices.get(params.invoice ?? '');
    if (!invoice) return missing('invoice', params.invoice ?? '');
    if (invoice.status !== 'draft') return error(400, 'You can only add invoice items to draft invoices.');
    if (params.amount !== undefined && params.unit_amount_decimal !== undefined)
      return error(400, 'You may only specify one of amount and unit_amount_decimal.');
    const amount = Math.round(Number(params.quantity ?? params.quantity_decimal ?? 1) * Number(params.unit_amount_decimal ?? params.amount));
    invoice.lines.push({ amount });
    return ok({ id: nextId('ii'), object: 'invoiceitem', invoice: invoice.id, amount, currency: params.currency, description: params.description });
  }
  if (method === 'POST' && (match = /^\/v1\/invoices\/(\w+)\/finalize$/.exec(path))) {
    const invoice = invoices.get(match[1]!);
    if (!invoice) return missing('invoice', match[1]!);
    if (invoice.status !== 'draft') return error(400, 'This invoice is already finalized.');
    invoice.status = 'open';
    invoice.number = `STUB-${String(invoices.size).padStart(4, '0')}`;
    return ok(invoiceJson(invoice));
  }

  return error(404, `Unrecognized request URL (${method}: ${path}).`);
}

function send(response: ServerResponse, status: number, json: Json) {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${sequence}` }).end(JSON.stringify(json));
}

beforeAll(async () => {
  stub = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const method = request.method ?? '';
      const text = await body(request);
      const header = (name: string) => (typeof request.headers[name] === 'string' ? request.headers[name] : undefined);
      if (header('authorization') !== `Bearer ${SECRET_KEY}`) {
        const given = header('authorization')?.replace(/^Bearer /, '') ?? '';
        return send(response, 401, error(401, `Invalid API Key provided: ${given.slice(0, 8)}****`, undefined, 'invalid_request_error').body);
      }
      if (method === 'POST' && header('content-type') !== 'application/x-www-form-urlencoded') {
        return send(response, 400, error(400, `Unexpected content type ${header('content-type')}`).body);
      }
      const params = Object.fromEntries(new URLSearchParams(method === 'POST' ? text : url.search));
      const idempotencyKey = header('idempotency-key');
      received.push({ method, path: url.pathname, params, idempotencyKey, stripeVersion: header('stripe-version') });
      if (method === 'POST' && !idempotencyKey) return send(response, 400, error(400, 'The stub wants an Idempotency-Key on every POST.').body);
      const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : undefined;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      const result = replay ?? answer(method, url.pathname, params);
      if (replayKey && !replay && result.status < 500) replays.set(replayKey, result);
      send(response, result.status, result.body);
    })();
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(stub.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => stub.close(resolve));
});
beforeEach(() => {
  received = [];
  customers.clear();
  subscriptions.clear();
  invoices.clear();
  replays.clear();
});

const vendor = () => stripeVendor({ secretKey: SECRET_KEY, apiUrl });
const posts = () => received.filter((r) => r.method === 'POST');
const customerFor = async (providerId = 7) => vendor().ensureCustomer({ providerId, name: 'Lakeside Clinic', email: null, customerId: null });

describe('customers', () => {
  test('ensureCustomer creates the customer once, reuses the id on record, and replaces one deleted or missing', async () => {
    const stripe = vendor();
    expect(stripe.name).toBe('stripe');
    const id = await stripe.ensureCustomer({ providerId: 7, name: 'Lakeside Clinic', email: 'billing@lakeside.test', customerId: null });
    expect(id).toMatch(/^cus_/);
    expect(received).toEqual([
      {
        method: 'POST',
        path: '/v1/customers',
        params: { name: 'Lakeside Clinic', email: 'billing@lakeside.test', 'metadata[provider_id]': '7' },
        idempotencyKey: 'customer-7',
        stripeVersion: Stripe.API_VERSION,
      },
    ]);

    // A retried creation (no id recorded yet) is the same customer.
    expect(await stripe.ensureCustomer({ providerId: 7, name: 'Lakeside Clinic', email: 'billing@lakeside.test', customerId: null })).toBe(id);
    expect(customers.size).toBe(1);

    received = [];
    expect(await stripe.ensureCustomer({ providerId: 7, name: 'Lakeside Clinic', email: null, customerId: id })).toBe(id);
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/customers/${id}`]);

    // Deleted in Stripe's dashboard: a new customer, under a key that cannot replay the deleted one.
    customers.get(id)!.deleted = true;
    received = [];
    const replacement = await stripe.ensureCustomer({ providerId: 7, name: 'Lakeside Clinic', email: null, customerId: id });
    expect(replacement).not.toBe(id);
    expect(received.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['GET', `/v1/customers/${id}`, undefined],
      ['POST', '/v1/customers', `customer-7-replacing-${id}`],
    ]);
    expect(received[1]!.params).toEqual({ name: 'Lakeside Clinic', 'metadata[provider_id]': '7' });

    // Unknown to Stripe (another account, a test key): a new customer as well.
    const fresh = await stripe.ensureCustomer({ providerId: 8, name: 'Hill Clinic', email: null, customerId: 'cus_unknown' });
    expect(fresh).toMatch(/^cus_/);
    expect(customers.get(fresh)?.metadata).toEqual({ provider_id: '8' });
  });
});

describe('product prices', () => {
  test('listProductPrices returns only the kind asked, tagged on the price or its product, in cents, across pages', async () => {
    const stripe = vendor();
    expect(await stripe.listProductPrices('simple')).toEqual([
      { id: 'price_simple', kind: 'simple', nickname: 'Simple monthly', unitAmountCents: 4500, currency: 'usd', interval: 'month' },
      { id: 'price_simple_b', kind: 'simple', nickname: 'Simple B', unitAmountCents: 5000, currency: 'usd', interval: 'month' },
    ]);
    // Every page asked for active prices with their products; the later ones after the last id seen.
    const pages = received.map((r) => r.params);
    expect(received.every((r) => r.method === 'GET' && r.path === '/v1/prices')).toBe(true);
    expect(pages).toEqual([
      { active: 'true', limit: '100', 'expand[0]': 'data.product' },
      { active: 'true', limit: '100', 'expand[0]': 'data.product', starting_after: 'price_ccm' },
      { active: 'true', limit: '100', 'expand[0]': 'data.product', starting_after: 'price_simple_yearly' },
    ]);

    expect(await stripe.listProductPrices('complex')).toEqual([
      { id: 'price_complex', kind: 'complex', nickname: 'RPM complex', unitAmountCents: 8950, currency: 'usd', interval: 'month' },
    ]);
    expect(await stripe.listProductPrices('ccm_only')).toEqual([
      { id: 'price_ccm', kind: 'ccm_only', nickname: 'CCM only', unitAmountCents: 3900, currency: 'usd', interval: 'month' },
    ]);
    expect(await stripe.listProductPrices('initiation_fee')).toEqual([
      { id: 'price_fee', kind: 'initiation_fee', nickname: 'Initiation fee', unitAmountCents: 2500, currency: 'usd', interval: 'one_time' },
    ]);
    expect(await stripe.listProductPrices('software_only')).toEqual([]);
  });
});

describe('subscriptions', () => {
  test('syncSubscription creates the subscription, updates its items to exactly the prices wanted, and cancels it when given none', async () => {
    const stripe = vendor();
    const customer = await customerFor();
    received = [];

    const created = await stripe.syncSubscription({ customerId: customer, subscriptionId: null, priceIds: ['price_simple', 'price_ccm'] });
    expect(created).toEqual({ id: expect.stringMatching(/^sub_/) as string, status: 'active', priceIds: ['price_simple', 'price_ccm'] });
    expect(posts()).toEqual([
      expect.objectContaining({
        path: '/v1/subscriptions',
        params: { customer, 'items[0][price]': 'price_simple', 'items[1][price]': 'price_ccm', collection_method: 'send_invoice', days_until_due: '30' },
        idempotencyKey: expect.any(String) as string,
      }),
    ]);
    const subscriptionId = created!.id;
    const [simpleItem] = subscriptions.get(subscriptionId)!.items;

    received = [];
    const updated = await stripe.syncSubscription({ customerId: customer, subscriptionId, priceIds: ['price_ccm', 'price_complex'] });
    expect(updated).toEqual({ id: subscriptionId, status: 'active', priceIds: ['price_ccm', 'price_complex'] });
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/subscriptions/${subscriptionId}`, `POST /v1/subscriptions/${subscriptionId}`]);
    expect(received[1]!.params).toEqual({
      'items[0][id]': simpleItem!.id,
      'items[0][deleted]': 'true',
      'items[1][price]': 'price_complex',
      proration_behavior: 'none',
    });

    // Already holding exactly these prices: nothing to change.
    received = [];
    expect(await stripe.syncSubscription({ customerId: customer, subscriptionId, priceIds: ['price_complex', 'price_ccm'] })).toEqual(updated);
    expect(posts()).toEqual([]);

    received = [];
    expect(await stripe.syncSubscription({ customerId: customer, subscriptionId, priceIds: [] })).toBeNull();
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /v1/subscriptions/${subscriptionId}`]);
    expect(subscriptions.get(subscriptionId)!.status).toBe('canceled');

    // A cancelled subscription cannot be changed: a new one is created.
    received = [];
    const renewed = await stripe.syncSubscription({ customerId: customer, subscriptionId, priceIds: ['price_simple'] });
    expect(renewed).toEqual({ id: expect.stringMatching(/^sub_/) as string, status: 'active', priceIds: ['price_simple'] });
    expect(renewed!.id).not.toBe(subscriptionId);
    expect(posts().map((r) => [r.path, r.params])).toEqual([
      ['/v1/subscriptions', { customer, 'items[0][price]': 'price_simple', collection_method: 'send_invoice', days_until_due: '30' }],
    ]);

    expect(await stripe.syncSubscription({ customerId: customer, subscriptionId: null, priceIds: [] })).toBeNull();
  });

  test('cancelSubscription cancels, and a subscription missing or already cancelled is not an error', async () => {
    const stripe = vendor();
    const customer = await customerFor();
    const subscription = await stripe.syncSubscription({ customerId: customer, subscriptionId: null, priceIds: ['price_simple'] });
    received = [];

    await stripe.cancelSubscription(subscription!.id);
    expect(subscriptions.get(subscription!.id)!.status).toBe('canceled');
    await expect(stripe.cancelSubscription(subscription!.id)).resolves.toBeUndefined();
    await expect(stripe.cancelSubscription('sub_missing')).resolves.toBeUndefined();
    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual([
      `DELETE /v1/subscriptions/${subscription!.id}`,
      `DELETE /v1/subscriptions/${subscription!.id}`,
      `GET /v1/subscriptions/${subscription!.id}`,
      'DELETE /v1/subscriptions/sub_missing',
    ]);
  });
});

describe('invoices', () => {
  const lines = [
    { description: 'RPM simple, March 2026', units: 12, unitAmountCents: 4500, amountCents: 54_000 },
    { description: 'Initiation fee', units: 3, unitAmountCents: 2500, amountCents: 7500 },
  ];

  test('createInvoice creates a draft, adds the lines with quantities and unit amounts, and finalises it', async () => {
    const stripe = vendor();
    const customer = await customerFor();
    received = [];

    const request = {
      providerId: 7,
      customerId: customer,
      dueDate: '2099-01-31',
      lines,
      metadata: { invoice_id: '41', month: '2026-03' },
      idempotencyKey: 'inv-41',
    };
    const invoice = await stripe.createInvoice(request);
    expect(invoice).toEqual({
      id: expect.stringMatching(/^in_/) as string,
      number: 'STUB-0001',
      status: 'open',
      totalCents: 61_500,
      hostedInvoiceUrl: `https://invoice.stripe.test/i/${invoice.id}`,
    });
    expect(received.map((r) => [r.method, r.path, r.idempotencyKey])).toEqual([
      ['POST', '/v1/invoices', 'inv-41-invoice'],
      ['POST', '/v1/invoiceitems', 'inv-41-line-0'],
      ['POST', '/v1/invoiceitems', 'inv-41-line-1'],
      ['POST', `/v1/invoices/${invoice.id}/finalize`, 'inv-41-finalize'],
    ]);
    expect(received[0]!.params).toEqual({
      customer,
      collection_method: 'send_invoice',
      due_date: String(Date.UTC(2099, 0, 31) / 1000),
      'metadata[invoice_id]': '41',
      'metadata[month]': '2026-03',
      pending_invoice_items_behavior: 'exclude',
      auto_advance: 'false',
    });
    expect(received.slice(1, 3).map((r) => r.params)).toEqual([
      { customer, invoice: invoice.id, description: 'RPM simple, March 2026', quantity: '12', unit_amount_decimal: '4500', currency: 'usd' },
      { customer, invoice: invoice.id, description: 'Initiation fee', quantity: '3', unit_amount_decimal: '2500', currency: 'usd' },
    ]);
    expect(received[3]!.params).toEqual({});

    // A retried issue sends the same keys, so that Stripe answers with the same invoice.
    expect(await stripe.createInvoice(request)).toEqual(invoice);
    expect(invoices.size).toBe(1);
  });

  test('a due date not in the future is moved to a day from now', async () => {
    const customer = await customerFor();
    received = [];
    const before = Math.floor(Date.now() / 1000);
    await vendor().createInvoice({ providerId: 7, customerId: customer, dueDate: '2020-01-01', lines, metadata: {}, idempotencyKey: 'inv-42' });
    const dueDate = Number(received[0]!.params.due_date);
    expect(dueDate).toBeGreaterThanOrEqual(before + 86_400);
    expect(dueDate).toBeLessThan(before + 86_400 + 60);
  });

  test("Stripe's error message reaches the caller", async () => {
    const request = { providerId: 7, customerId: 'cus_gone', dueDate: '2099-01-31', lines, metadata: {}, idempotencyKey: 'inv-43' };
    const failure = vendor()
      .createInvoice(request)
      .catch((error: unknown) => error);
    expect(await failure).toBeInstanceOf(Error);
    expect(((await failure) as Error).message).toBe("No such customer: 'cus_gone'");
    expect(received.map((r) => r.path)).toEqual(['/v1/invoices']);

    await expect(stripeVendor({ secretKey: 'sk_test_wrong', apiUrl }).listProductPrices('simple')).rejects.toThrow('Invalid API Key provided: sk_test_****');
  });
});
