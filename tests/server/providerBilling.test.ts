import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { zonedDay } from '../../src/domain/zonedDays';
import { loadFile } from '../../src/server/services/storage/fileStorage';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Issue 17, the API of provider billing (spec 002 section 7 "Providers and billing"): pricing,
 * invoices (preview and issue), product prices, subscriptions and offboarding, with their refusals
 * and the tenant matrix. Lakeside is offboarded last (its own describe, at the end).
 */

type Row = Record<string, unknown>;
let t: TestApp;
let northwind: number;
let lakeside: number;
let billing: Client;
let superadmin: Client;
let northwindAdmin: Client;
let northwindStaff: Client;
let lakesideAdmin: Client;
let clinician: Client;
const db = () => t.app.db;
const folder = mkdtempSync(join(tmpdir(), 'invoices-'));

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  northwindAdmin = await clientFor(t.app, 'admin@northwind.demo.example');
  northwindStaff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
});
afterAll(async () => t?.close());

const ok = (answer: ApiAnswer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as Row;
};
const NOT_FOUND = { status: 404, body: { detail: 'Not found' } };
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };

/** The month before this one in Northwind's zone, as the console offers it. */
function previousMonth(): { year: number; month: number } {
  const [y, m] = zonedDay(new Date(), 'America/Chicago').split('-').map(Number) as [number, number];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

function pdfText(pdf: Buffer, name: string): string {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function download(link: string): Promise<{ status: number; type: string; bytes: Buffer }> {
  const r = await t.app.inject({ method: 'GET', url: link });
  return { status: r.statusCode, type: String(r.headers['content-type']), bytes: r.rawPayload };
}

async function activePatient(tenantId: number): Promise<{ id: number; name: string }> {
  const row = await db()
    .selectFrom('patients')
    .innerJoin('users', 'users.id', 'patients.user_id')
    .select(['patients.id', 'users.full_name'])
    .where('patients.tenant_id', '=', tenantId)
    .where('patient_status', '=', 'active')
    .orderBy('patients.id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.full_name ?? '' };
}

/** A new fee-for-service provider, made by the internal billing admin as the console's Add organization does. */
async function newProvider(name: string): Promise<Row> {
  return ok(
    await billing.send('POST', '/api/providers', {
      name: `${name} ${String(Date.now())}`,
      email: 'office@clinic.example',
      npi_number: '1234567893',
      customer_size: 'small',
      timezone: 'America/Chicago',
      address: { address_line1: '1 Main St', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
      billing_scheme: 'fee_for_service',
    }),
    201,
  );
}

describe('the provider record', () => {
  test('carries the billing and people fields; default clinicians are the provider own clinicians', async () => {
    const provider = ok(await billing.get(`/api/providers/${String(northwind)}`));
    expect(provider).toMatchObject({ billing_scheme: 'fee_for_service', stripe_billing_enabled: true, offboarded_at: null });
    expect(typeof provider.default_rpm_clinician_id).toBe('number');

    const lakesideClinician = await db().selectFrom('users').select('id').where('email', '=', 'clinician@lakeside.demo.example').executeTakeFirstOrThrow();
    const staff = await db().selectFrom('users').select('id').where('email', '=', 'staff@northwind.demo.example').executeTakeFirstOrThrow();
    const before = await tableFingerprint(t.app, 'tenants');
    const put = (values: Row) => superadmin.send('PUT', `/api/providers/${String(northwind)}`, { ...stripRead(provider), ...values });
    expect(isValidationError(await put({ default_rpm_clinician_id: lakesideClinician.id }), ['body', 'default_rpm_clinician_id'])).toBe(true);
    expect(await put({ default_ccm_clinician_id: staff.id })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'default_ccm_clinician_id'], msg: 'Must be an active clinician of the provider' }] },
    });
    expect(await put({ sales_manager_id: staff.id })).toMatchObject({ status: 422, body: { detail: [{ msg: 'Must be an active internal user' }] } });
    expect(await tableFingerprint(t.app, 'tenants')).toBe(before);

    await db()
      .updateTable('tenants')
      .set({ settings: JSON.stringify({ ...(provider.settings as Row), queue_note: 'kept' }) })
      .where('id', '=', northwind)
      .execute();
    const limits = [{ parameter: 'heart_rate', sub_parameter: null, min: '', max: 110 }];
    const saved = ok(await put({ settings: { monitoring_limits: limits } }));
    // Empty strings become null (spec 002 section 3), and the settings the body does not name are kept.
    expect(saved.settings).toEqual({ monitoring_limits: [{ parameter: 'heart_rate', sub_parameter: null, min: null, max: 110 }], queue_note: 'kept' });
  });
});

/** The writable fields of a read record, for a PUT. */
function stripRead(record: Row): Row {
  const { id: _i, slug: _s, registered_on: _r, stripe_subscription_id: _sub, offboarded_at: _o, ...rest } = record;
  return rest;
}

describe('fee-for-service pricing', () => {
  test('lists 30 a page by id, with the total; the provider admin reads its own; others are refused', async () => {
    const page = await billing.get(`/api/providers/${String(northwind)}/fee-for-service-pricing`, { page: '1', perPage: '30' });
    const rows = ok(page) as unknown as Row[];
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => r.id)).toEqual([...rows.map((r) => r.id as number)].sort((a, b) => a - b));
    expect(page.headers['content-range']).toMatch(/^fee-for-service-pricing 0-29\/\d+$/);
    expect(rows[0]).toEqual({
      id: expect.any(Number) as unknown,
      cpt_code: expect.stringMatching(/^\d{5}$/) as unknown,
      fee_schedule_price: expect.any(Number) as unknown,
      negotiated_price: expect.any(Number) as unknown,
      volume_threshold: expect.any(Number) as unknown,
      as_of_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
    });
    expect(ok(await northwindAdmin.get(`/api/providers/${String(northwind)}/fee-for-service-pricing`))).toHaveLength(30);
    expect(await lakesideAdmin.get(`/api/providers/${String(northwind)}/fee-for-service-pricing`)).toMatchObject(NOT_FOUND);
    expect(await lakesideAdmin.get(`/api/providers/2147483000/fee-for-service-pricing`)).toMatchObject(NOT_FOUND);
    expect(await clinician.get(`/api/providers/${String(northwind)}/fee-for-service-pricing`)).toMatchObject(FORBIDDEN);
    expect((await t.app.inject({ method: 'GET', url: `/api/providers/${String(northwind)}/fee-for-service-pricing` })).statusCode).toBe(401);
  });

  test('creates a tier per code at a proportion of the schedule of its date; clear, hybrid and locality', async () => {
    const created = await newProvider('Pricing Clinic');
    const path = `/api/providers/${String(created.id)}/fee-for-service-pricing`;
    const made = ok(await billing.send('POST', path, { proportion: 0.8, volume_threshold: 0, effective_date: '2026-01-01' }), 201);
    const rows = made.rows as Row[];
    const schedule2026 = await db()
      .selectFrom('fee_schedule_amounts')
      .select(['code', 'amount_cents'])
      .where('effective_from', '=', '2026-01-01' as never)
      .execute();
    expect(made.created).toBe(schedule2026.length);
    for (const row of rows) {
      const amount = schedule2026.find((s) => s.code === row.cpt_code)?.amount_cents as number;
      expect(row.fee_schedule_price).toBe(amount / 100);
      expect(row.negotiated_price).toBe(Math.round(amount * 0.8) / 100);
      expect(row).toMatchObject({ volume_threshold: 0, as_of_date: '2026-01-01' });
    }
    // 2025's rows are priced from 2025's schedule.
    const y2025 = ok(await billing.send('POST', path, { proportion: 0.5, volume_threshold: 100, effective_date: '2025-03-01' }), 201);
    const price2025 = (y2025.rows as Row[]).find((r) => r.cpt_code === '99454');
    expect(price2025).toMatchObject({ fee_schedule_price: 43.02, negotiated_price: 21.51, volume_threshold: 100, as_of_date: '2025-03-01' });

    const hybrid = ok(
      await billing.send('POST', path, { proportion: 1, volume_threshold: 0, effective_date: '2026-01-01', clear_existing: true, hybrid_pricing: true }),
      201,
    );
    const minuteCodes = (await db().selectFrom('billing_codes').select('code').where('measure', '=', 'minutes').execute()).map((r) => r.code);
    expect((hybrid.rows as Row[]).every((r) => minuteCodes.includes(r.cpt_code as string))).toBe(true);
    const all = ok(await billing.get(path, { perPage: '100' })) as unknown as Row[];
    expect(all).toHaveLength(hybrid.created as number);

    const local = ok(
      await billing.send('POST', path, { proportion: 1, volume_threshold: 0, effective_date: '2025-06-01', specific_locality_id_override: '01112-05' }),
      201,
    );
    expect((local.rows as Row[]).find((r) => r.cpt_code === '99457')).toMatchObject({ fee_schedule_price: 58.93, negotiated_price: 58.93 });
  });

  test('refuses a bad proportion, an unknown locality, and a provider admin, changing nothing', async () => {
    const path = `/api/providers/${String(northwind)}/fee-for-service-pricing`;
    const before = await tableFingerprint(t.app, 'fee_for_service_prices');
    expect(isValidationError(await billing.send('POST', path, { proportion: 1.5, volume_threshold: 0 }), ['body', 'proportion'])).toBe(true);
    expect(await billing.send('POST', path, { proportion: 0.805, volume_threshold: 0 })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'proportion'], msg: 'Must have at most 2 decimals' }] },
    });
    expect(isValidationError(await billing.send('POST', path, { proportion: 0.8, volume_threshold: -1 }), ['body', 'volume_threshold'])).toBe(true);
    expect(isValidationError(await billing.send('POST', path, { proportion: '0.8', volume_threshold: 0 }), ['body', 'proportion'])).toBe(true);
    expect(isValidationError(await billing.send('POST', path, { volume_threshold: 0 }), ['body', 'proportion'])).toBe(true);
    expect(
      isValidationError(await billing.send('POST', path, { proportion: 0.8, volume_threshold: 0, specific_locality_id_override: '99999-99' }), [
        'body',
        'specific_locality_id_override',
      ]),
    ).toBe(true);
    expect(
      isValidationError(await billing.send('POST', path, { proportion: 0.8, volume_threshold: 0, effective_date: '2019-01-01' }), ['body', 'effective_date']),
    ).toBe(true);
    expect(await northwindAdmin.send('POST', path, { proportion: 0.1, volume_threshold: 0 })).toMatchObject(FORBIDDEN);
    expect(await lakesideAdmin.send('POST', path, { proportion: 0.1, volume_threshold: 0 })).toMatchObject(FORBIDDEN);
    expect(await tableFingerprint(t.app, 'fee_for_service_prices')).toBe(before);
  });

  test('edits a row inline in whole cents; another provider row is 404', async () => {
    const path = `/api/providers/${String(northwind)}/fee-for-service-pricing`;
    const [row] = ok(await billing.get(path)) as unknown as Row[];
    const edited = ok(await billing.send('PUT', path, { id: row?.id, negotiated_price: 12.34, volume_threshold: 0 }));
    expect(edited).toMatchObject({ id: row?.id, negotiated_price: 12.34, volume_threshold: 0 });
    const before = await tableFingerprint(t.app, 'fee_for_service_prices');
    expect(await billing.send('PUT', path, { id: row?.id, negotiated_price: 12.345, volume_threshold: 0 })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'negotiated_price'], msg: 'Must be a multiple of 0.01' }] },
    });
    expect(isValidationError(await billing.send('PUT', path, { id: row?.id, negotiated_price: -1, volume_threshold: 0 }), ['body', 'negotiated_price'])).toBe(
      true,
    );
    expect(isValidationError(await billing.send('PUT', path, { id: row?.id, negotiated_price: 1, volume_threshold: 1.5 }), ['body', 'volume_threshold'])).toBe(
      true,
    );
    expect(
      await billing.send('PUT', `/api/providers/${String(lakeside)}/fee-for-service-pricing`, { id: row?.id, negotiated_price: 1, volume_threshold: 0 }),
    ).toMatchObject(NOT_FOUND);
    expect(await northwindAdmin.send('PUT', path, { id: row?.id, negotiated_price: 0, volume_threshold: 0 })).toMatchObject(FORBIDDEN);
    expect(await tableFingerprint(t.app, 'fee_for_service_prices')).toBe(before);
    // Put it back at its tier price, for the invoices below.
    ok(await billing.send('PUT', path, { id: row?.id, negotiated_price: row?.negotiated_price, volume_threshold: row?.volume_threshold }));
  });
});

describe('invoices', () => {
  const path = () => `/api/providers/${String(northwind)}/fee-for-service-invoice`;

  test('a preview computes lines, summary, breakdown and totals from the month claims, and stores nothing', async () => {
    const { year, month } = previousMonth();
    const patient = await activePatient(northwind);
    const before = await tableFingerprint(t.app, 'invoices');
    const preview = ok(
      await billing.send('POST', path(), {
        month,
        year,
        is_preview: true,
        vendor: 'stripe',
        adjustments: [{ patient_id: patient.id, description: 'Replacement cuff', amount: 12.5, units: 2 }],
      }),
    );
    expect(preview).toMatchObject({ is_preview: true, month, year });
    const lines = preview.line_items as Row[];
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Math.round((line.units as number) * (line.unit_price as number) * 100)).toBe(Math.round((line.amount as number) * 100));
    expect(lines.at(-1)).toEqual({ description: `Replacement cuff (${patient.name})`, units: 2, unit_price: 12.5, amount: 25 });
    const totals = preview.totals as Row;
    const cents = (n: unknown) => Math.round((n as number) * 100);
    expect(cents(totals.total)).toBe(lines.reduce((sum, l) => sum + cents(l.amount), 0));
    expect(cents(totals.adjustments)).toBe(2500);
    const summary = preview.summary as Row[];
    expect(summary.reduce((sum, s) => sum + cents(s.total_price), 0)).toBe(cents(totals.total_price));
    expect(summary[0]).toEqual({
      patient_id: expect.any(Number) as unknown,
      'Patient Name': expect.any(String) as unknown,
      count: expect.any(Number) as unknown,
      total_fee_schedule_price: expect.any(Number) as unknown,
      total_price: expect.any(Number) as unknown,
    });
    const claims = await db()
      .selectFrom('claim_items')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', northwind)
      .where(sql<boolean>`date_of_service >= make_date(${year}, ${month}, 1) and date_of_service < make_date(${year}, ${month}, 1) + interval '1 month'`)
      .executeTakeFirstOrThrow();
    const items = (preview.detailed_breakdown as Row[]).flatMap((p) => p.items as Row[]);
    expect(items.length).toBeGreaterThanOrEqual(Number(claims.n));
    expect(preview.detailed_breakdown as Row[]).toContainEqual(
      expect.objectContaining({
        patient_name: expect.any(String) as unknown,
        should_not_bill: expect.any(Boolean) as unknown,
        first_billable_date: expect.anything() as unknown,
        tier: expect.anything() as unknown,
      }),
    );
    expect(await tableFingerprint(t.app, 'invoices')).toBe(before);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'resource', 'record_id'])
      .where('resource', '=', 'invoices')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'read', record_id: `preview:${String(year)}-${String(month).padStart(2, '0')}` });
  });

  test('refuses months out of range, a subscription provider, and adjustments that name no active patient of the provider', async () => {
    const { year, month } = previousMonth();
    const send = (body: Row, client = billing, url = path()) => client.send('POST', url, { month, year, is_preview: true, ...body });
    expect(isValidationError(await send({ year: 2020, month: 1 }), ['body', 'month'])).toBe(true);
    expect(isValidationError(await send({ year: year + 1 }), ['body', 'month'])).toBe(true);
    expect(isValidationError(await send({ month: 13 }), ['body', 'month'])).toBe(true);
    expect(isValidationError(await send({ vendor: 'paypal' }), ['body', 'vendor'])).toBe(true);
    expect(isValidationError(await send({}, billing, `/api/providers/${String(lakeside)}/fee-for-service-invoice`), ['body', 'month'])).toBe(true);
    const other = await activePatient(lakeside);
    expect(await send({ adjustments: [{ patient_id: other.id, description: 'x', amount: 1 }] })).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'adjustments', 0, 'patient_id'], msg: 'The referenced record does not exist', type: 'foreign_key' }] },
    });
    const inactive = await db()
      .selectFrom('patients')
      .select('id')
      .where('tenant_id', '=', northwind)
      .where('patient_status', '=', 'declined')
      .executeTakeFirstOrThrow();
    expect(await send({ adjustments: [{ patient_id: inactive.id, description: 'x', amount: 1 }] })).toMatchObject({
      status: 422,
      body: { detail: [{ msg: 'Must be an active patient of the provider' }] },
    });
    const mine = await activePatient(northwind);
    expect(
      isValidationError(await send({ adjustments: [{ patient_id: mine.id, description: '', amount: 1 }] }), ['body', 'adjustments', 0, 'description']),
    ).toBe(true);
    expect(
      isValidationError(await send({ adjustments: [{ patient_id: mine.id, description: 'x', amount: 1.005 }] }), ['body', 'adjustments', 0, 'amount']),
    ).toBe(true);
    expect(
      isValidationError(await send({ adjustments: [{ patient_id: mine.id, description: 'x', amount: 1, units: 1.5 }] }), ['body', 'adjustments', 0, 'units']),
    ).toBe(true);
    expect(await send({}, northwindAdmin)).toMatchObject(FORBIDDEN);
    expect(await send({}, lakesideAdmin)).toMatchObject(FORBIDDEN);
  });

  test('issues once: numbered, listed in cents, PDF and page with the same total; a retry answers the same invoice; the month again is 409', async () => {
    const { year, month } = previousMonth();
    const patient = await activePatient(northwind);
    const due = zonedDay(new Date(Date.now() + 20 * 86_400_000), 'America/Chicago');
    const body = { month, year, vendor: 'stripe', due_date: due, adjustments: [{ patient_id: patient.id, description: 'Onboarding credit', amount: -10 }] };
    const preview = ok(await billing.send('POST', path(), { ...body, is_preview: true }));
    const issued = ok(await billing.send('POST', path(), { ...body, is_preview: false }), 201);
    const total = Math.round(((preview.totals as Row).total as number) * 100);
    expect(issued).toMatchObject({ number: expect.stringMatching(/^INV-\d{4}-\d{6}$/) as unknown, status: 'open', total, year, month, due_date: due });

    const again = ok(await billing.send('POST', path(), { ...body, is_preview: false }), 200);
    expect(again.id).toBe(issued.id);
    expect(await billing.send('POST', path(), { ...body, is_preview: false, adjustments: [] })).toMatchObject({ status: 409 });
    expect(await db().selectFrom('invoices').select('id').where('tenant_id', '=', northwind).execute()).toHaveLength(1);

    const list = await billing.get(`/api/providers/${String(northwind)}/invoices`, { page: '1', perPage: '20' });
    expect(ok(list)).toEqual([expect.objectContaining({ id: issued.id, number: issued.number, total, status: 'open' })]);
    expect(list.headers['content-range']).toBe('invoices 0-0/1');

    const pdf = await download(issued.detailed_pdf as string);
    expect(pdf).toMatchObject({ status: 200, type: 'application/pdf' });
    const text = pdfText(pdf.bytes, 'issued');
    expect(text).toContain(`Invoice ${String(issued.number)}`);
    expect(text).toContain(`Total due: $${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    const fileReads = await db().selectFrom('audit_logs').select(['record_id', 'actor_email']).where('resource', '=', 'invoices/file').execute();
    expect(fileReads).toEqual([{ record_id: String(issued.id), actor_email: 'internal.billing@demo.example' }]);
    const page = await download(issued.hosted_invoice_url as string);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.bytes.toString('utf8')).toContain(`Total due: $${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

    // Immutable: the database refuses a change of what was issued.
    await expect(
      db()
        .updateTable('invoices')
        .set({ total_cents: 1 })
        .where('id', '=', issued.id as number)
        .execute(),
    ).rejects.toThrow(/cannot be changed/);
    // Audited for every patient billed.
    const rows = await db().selectFrom('audit_logs').select('patient_id').where('resource', '=', 'invoices').where('action', '=', 'create').execute();
    expect(rows.map((r) => r.patient_id)).toContain(patient.id);
  });

  test('the provider own admin lists its invoices; staff without the permission and other providers cannot', async () => {
    expect(ok(await northwindAdmin.get(`/api/providers/${String(northwind)}/invoices`))).toHaveLength(1);
    expect(await northwindStaff.get(`/api/providers/${String(northwind)}/invoices`)).toMatchObject(FORBIDDEN);
    expect(await lakesideAdmin.get(`/api/providers/${String(northwind)}/invoices`)).toMatchObject(NOT_FOUND);
    expect(ok(await lakesideAdmin.get(`/api/providers/${String(lakeside)}/invoices`))).toEqual([]);
  });

  test('a due date in the past and a month with nothing to bill are refused', async () => {
    const { year, month } = previousMonth();
    const monthBefore = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
    expect(isValidationError(await billing.send('POST', path(), { ...monthBefore, is_preview: false, due_date: '2020-01-01' }), ['body', 'due_date'])).toBe(
      true,
    );
    const fresh = await newProvider('Empty Clinic');
    const now = zonedDay(new Date(), 'America/Chicago');
    const answer = await billing.send('POST', `/api/providers/${String(fresh.id)}/fee-for-service-invoice`, {
      year: Number(now.slice(0, 4)),
      month: Number(now.slice(5, 7)),
      is_preview: false,
    });
    expect(answer).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'month'], msg: expect.stringMatching(/^Nothing to invoice for /) as unknown }] },
    });
  });
});

describe('products and subscriptions', () => {
  test('lists the prices of a product in cents', async () => {
    const prices = ok(await billing.get('/api/billing/product-prices/simple')) as unknown as Row[];
    expect(prices).toContainEqual({ id: 'builtin_price_simple_49', nickname: 'Simple monitoring', unit_amount: 4900, currency: 'usd', interval: 'month' });
    expect(prices.every((p) => String(p.id).includes('simple'))).toBe(true);
    expect(ok(await billing.get('/api/billing/product-prices/initiation_fee'))).toEqual([expect.objectContaining({ interval: 'one_time', unit_amount: 2500 })]);
    expect(isValidationError(await billing.get('/api/billing/product-prices/gold'), ['path', 'kind'])).toBe(true);
    expect(await northwindAdmin.get('/api/billing/product-prices/simple')).toMatchObject(FORBIDDEN);
  });

  test('refresh makes the subscription of the chosen prices; clear cancels it; a fee-for-service provider has none', async () => {
    const refreshed = ok(await billing.send('POST', `/api/billing/${String(lakeside)}/refresh-subscription/`));
    expect(refreshed).toMatchObject({
      id: lakeside,
      stripe_customer_id: `builtin_cus_${String(lakeside)}`,
      stripe_subscription_id: expect.stringMatching(/^builtin_sub_/) as unknown,
    });
    const subscription = await db()
      .selectFrom('billing_subscriptions')
      .selectAll()
      .where('id', '=', refreshed.stripe_subscription_id as string)
      .executeTakeFirstOrThrow();
    expect(subscription).toMatchObject({ tenant_id: lakeside, status: 'active', price_ids: ['builtin_price_simple_49'] });
    // Refreshing again keeps the one subscription.
    expect(ok(await billing.send('POST', `/api/billing/${String(lakeside)}/refresh-subscription/`)).stripe_subscription_id).toBe(
      refreshed.stripe_subscription_id,
    );

    expect(isValidationError(await billing.send('POST', `/api/billing/${String(northwind)}/refresh-subscription/`), ['path', 'id'])).toBe(true);
    expect(await lakesideAdmin.send('POST', `/api/billing/${String(lakeside)}/refresh-subscription/`)).toMatchObject(FORBIDDEN);

    expect(ok(await billing.send('DELETE', `/api/providers/subscription?tenant_id=${String(lakeside)}`))).toEqual({ message: 'Subscriptions cleared' });
    expect(
      await db()
        .selectFrom('billing_subscriptions')
        .select('status')
        .where('id', '=', refreshed.stripe_subscription_id as string)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'canceled' });
    expect(ok(await billing.get(`/api/providers/${String(lakeside)}`)).stripe_subscription_id).toBeNull();
    expect(await billing.send('DELETE', `/api/providers/subscription?tenant_id=${String(lakeside)}`)).toMatchObject({ status: 409 });
    expect(isValidationError(await billing.send('DELETE', '/api/providers/subscription'), ['query', 'tenant_id'])).toBe(true);
  });
});

describe('offboarding (last: it removes Lakeside)', () => {
  test('needs tenants.offboard and the exact name, and changes nothing otherwise', async () => {
    const before = await tableFingerprint(t.app, 'patients');
    const url = `/api/providers/${String(lakeside)}/offboard`;
    expect(await billing.send('POST', url, { name: 'Lakeside Health' })).toMatchObject(FORBIDDEN);
    expect(await lakesideAdmin.send('POST', url, { name: 'Lakeside Health' })).toMatchObject(FORBIDDEN);
    expect(await superadmin.send('POST', url, { name: 'Lakeside' })).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'name'] }] } });
    expect(isValidationError(await superadmin.send('POST', url, {}), ['body', 'name'])).toBe(true);
    expect(await superadmin.send('POST', '/api/providers/2147483000/offboard', { name: 'Lakeside Health' })).toMatchObject(NOT_FOUND);
    expect(await tableFingerprint(t.app, 'patients')).toBe(before);
  });

  test("removes the provider's data in one go, keeps a final archive, and leaves the other provider untouched", async () => {
    const count = async (tenantId: number) =>
      Number(
        (
          await db()
            .selectFrom('patients')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('tenant_id', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const lakesidePatients = await count(lakeside);
    const northwindBefore = await tableFingerprint(t.app, 'patients');
    const northwindPatients = await count(northwind);
    expect(lakesidePatients).toBeGreaterThan(0);

    const answer = ok(await superadmin.send('POST', `/api/providers/${String(lakeside)}/offboard`, { name: 'Lakeside Health' }));
    expect(answer.message).toBe(`Lakeside Health was offboarded: ${String(lakesidePatients)} patients and all its data removed; the final archive is kept.`);

    expect(await count(lakeside)).toBe(0);
    expect(await count(northwind)).toBe(northwindPatients);
    expect(await tableFingerprint(t.app, 'patients')).not.toBe(northwindBefore);
    for (const table of ['observations', 'claim_items', 'services', 'monitoring_activities', 'tasks', 'locations', 'patient_groups', 'stored_files'] as const) {
      const left = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = ${lakeside}`.execute(db());
      expect(left.rows[0]?.n, table).toBe(0);
    }
    expect(await billing.get(`/api/providers/${String(lakeside)}`)).toMatchObject(NOT_FOUND);
    expect((ok(await billing.get('/api/providers', { limit: '50' })) as unknown as Row[]).map((p) => p.id)).not.toContain(lakeside);
    // Its staff are signed out and cannot sign in again.
    expect((await lakesideAdmin.get('/api/providers')).status).toBe(401);

    const record = await db().selectFrom('provider_offboardings').selectAll().where('tenant_id', '=', lakeside).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ provider_name: 'Lakeside Health', patients_removed: lakesidePatients });
    const archive = await loadFile(db(), t.app.fileStorage, Number(record.archive_file_id));
    const files = unzipSync(new Uint8Array(archive?.bytes ?? []));
    expect(JSON.parse(strFromU8(files['patients.json'] as Uint8Array))).toHaveLength(lakesidePatients);
    expect(strFromU8(files['users.json'] as Uint8Array)).not.toMatch(/password_hash|totp_secret/);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'resource', 'record_id'])
      .where('resource', '=', 'providers')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'delete', resource: 'providers', record_id: String(lakeside) });
    // Twice is 404: the provider is gone.
    expect(await superadmin.send('POST', `/api/providers/${String(lakeside)}/offboard`, { name: 'Lakeside Health' })).toMatchObject(NOT_FOUND);
  });
});
