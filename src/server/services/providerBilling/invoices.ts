import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { computeInvoice, type InvoiceComputation, type InvoicePatient } from '../../../domain/billing/invoice';
import { toCents, toDollars } from '../../../domain/billing/money';
import { addDays, zonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
import { conflict, invalid } from '../../errors';
import { auditPatients, auditTenantRecord } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { MISSING_REFERENCE } from '../../resources/references';
import { saveFile } from '../storage/fileStorage';
import { signLink } from '../storage/signedLinks';
import { invoiceHtml, invoicePdf, type InvoiceDocument } from './invoiceDocuments';
import { day } from './pricing';
import type { ProviderRow } from './reachProvider';

export const INVOICE_PAGE_SIZE = 20;
/** Days to pay when the request names no due date. */
const DEFAULT_DUE_DAYS = 30;

export interface InvoiceRequest {
  month: number;
  year: number;
  is_preview: boolean;
  due_date?: string | null | undefined;
  vendor?: string | undefined;
  adjustments?: readonly { patient_id: number; description: string; units?: number | undefined; amount: number }[] | undefined;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
export const monthName = (year: number, month: number) => `${MONTHS[month - 1] ?? ''} ${String(year)}`;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The month's claims, patients, tiers and schedule of a provider, computed (src/domain/billing/invoice.ts).
 * Refuses a month outside the provider's registration month to the current month (spec 002 section 5),
 * a subscription provider, and an adjustment not for an active patient of the provider.
 */
async function compute(db: Kysely<DB>, provider: ProviderRow, body: InvoiceRequest): Promise<InvoiceComputation> {
  if (provider.billing_scheme === 'subscription')
    throw invalid(['body', 'month'], 'This provider is billed by subscription: fee-for-service invoices are for providers billed by fee for service');
  const zone = provider.timezone;
  const current = zonedDay(new Date(), zone).slice(0, 7);
  const first = zonedDay(new Date(provider.registered_on), zone).slice(0, 7);
  const asked = `${String(body.year)}-${pad(body.month)}`;
  if (asked < first || asked > current) throw invalid(['body', 'month'], `Choose a month from ${first} to ${current}`);
  const start = `${asked}-01`;
  const end = addDays(`${body.month === 12 ? String(body.year + 1) : String(body.year)}-${pad(body.month === 12 ? 1 : body.month + 1)}-01`, -1);

  const adjustments = body.adjustments ?? [];
  const adjustmentIds = [...new Set(adjustments.map((a) => a.patient_id))];
  const adjusted = adjustmentIds.length
    ? await db.selectFrom('patients').select(['id', 'tenant_id', 'patient_status']).where('id', 'in', adjustmentIds).execute()
    : [];
  adjustments.forEach((a, i) => {
    const patient = adjusted.find((p) => p.id === a.patient_id);
    if (!patient || patient.tenant_id !== provider.id) throw invalid(['body', 'adjustments', i, 'patient_id'], MISSING_REFERENCE, 'foreign_key');
    if (patient.patient_status !== 'active') throw invalid(['body', 'adjustments', i, 'patient_id'], 'Must be an active patient of the provider');
  });

  const claims = await db
    .selectFrom('claim_items')
    .select(['id', 'patient_id', 'cpt_code', 'units', 'date_of_service', 'end_date_of_service', 'icd10_ids', 'billing_provider'])
    .where('tenant_id', '=', provider.id)
    .where('date_of_service', '>=', start as never)
    .where('date_of_service', '<=', end as never)
    .execute();
  const patientIds = [...new Set([...claims.map((c) => c.patient_id), ...adjustmentIds])];
  const [patients, tiers, schedule, codes] = await Promise.all([
    // Every claim and adjustment names a patient of the provider: its patients, read by the provider (no list of ids).
    patientIds.length
      ? db
          .selectFrom('patients')
          .innerJoin('users', 'users.id', 'patients.user_id')
          .select(['patients.id', 'users.full_name', 'patients.consented_on', 'patients.first_device_activity'])
          .where('patients.tenant_id', '=', provider.id)
          .execute()
      : Promise.resolve([]),
    db
      .selectFrom('fee_for_service_prices')
      .select(['cpt_code', 'volume_threshold', 'as_of_date', 'fee_schedule_price_cents', 'negotiated_price_cents'])
      .where('tenant_id', '=', provider.id)
      .where('as_of_date', '<=', end as never)
      .execute(),
    db.selectFrom('fee_schedule_amounts').select(['code', 'effective_from', 'effective_to', 'amount_cents']).execute(),
    db.selectFrom('billing_codes').select(['code', 'description', 'effective_from']).orderBy('effective_from').execute(),
  ]);
  const patientMap = new Map<number, InvoicePatient>(
    patients.map((p) => [
      p.id,
      {
        id: p.id,
        name: p.full_name ?? `Patient ${String(p.id)}`,
        first_billable_date: p.consented_on ? zonedDay(new Date(p.consented_on), zone) : null,
        first_device_activity: p.first_device_activity ? zonedDay(new Date(p.first_device_activity), zone) : null,
      },
    ]),
  );
  return computeInvoice({
    claims: claims.map((c) => ({
      ...c,
      date_of_service: day(c.date_of_service),
      end_date_of_service: c.end_date_of_service === null ? null : day(c.end_date_of_service),
    })),
    patients: patientMap,
    tiers: tiers.map((t) => ({ ...t, as_of_date: day(t.as_of_date) })),
    schedule: schedule.map((r) => ({ ...r, effective_from: day(r.effective_from), effective_to: r.effective_to === null ? null : day(r.effective_to) })),
    codeNames: new Map(codes.map((c) => [c.code, c.description])),
    adjustments: adjustments.map((a) => ({
      patient_id: a.patient_id,
      description: a.description.trim(),
      units: a.units ?? 1,
      amount_cents: toCents(a.amount),
    })),
    hybrid: provider.billing_scheme === 'hybrid_fee_for_service',
  });
}

/** The preview's answer (spec 002 section 3, "Invoice preview"): dollars with 2 decimals. */
export function previewView(year: number, month: number, result: InvoiceComputation) {
  return {
    is_preview: true,
    month,
    year,
    validation_issues: result.validation_issues,
    line_items: result.line_items.map((l) => ({
      description: l.description,
      units: l.units,
      unit_price: toDollars(l.unit_price_cents),
      amount: toDollars(l.amount_cents),
    })),
    summary: result.breakdown
      .filter((p) => p.count > 0)
      .map((p) => ({
        patient_id: p.patient_id,
        'Patient Name': p.patient_name,
        count: p.count,
        total_fee_schedule_price: toDollars(p.total_fee_schedule_price_cents),
        total_price: toDollars(p.total_price_cents),
      })),
    totals: {
      count: result.totals.count,
      total_fee_schedule_price: toDollars(result.totals.total_fee_schedule_price_cents),
      total_price: toDollars(result.totals.total_price_cents),
      adjustments: toDollars(result.totals.adjustments_cents),
      total: toDollars(result.totals.total_cents),
    },
    detailed_breakdown: result.breakdown.map((p) => ({
      patient_name: p.patient_name,
      patient_id: p.patient_id,
      first_billable_date: p.first_billable_date,
      first_device_activity: p.first_device_activity,
      should_not_bill: p.should_not_bill,
      tier: p.tier,
      items: p.items.map((i) => ({
        cpt_code: i.cpt_code,
        date_of_service: i.date_of_service,
        units: i.units,
        fee_schedule_price: toDollars(i.fee_schedule_price_cents),
        price: toDollars(i.price_cents),
        billed: i.billed,
      })),
      total_fee_schedule_price: toDollars(p.total_fee_schedule_price_cents),
      total_price: toDollars(p.total_price_cents),
    })),
  };
}

/** POST providers/{id}/fee-for-service-invoice with is_preview true: computed, audited, nothing stored. */
export async function previewInvoice(db: Kysely<DB>, request: FastifyRequest, caller: Caller, provider: ProviderRow, body: InvoiceRequest) {
  const result = await compute(db, provider, body);
  // One row for the month's patient data read (as a list's row: the patients are many).
  await auditTenantRecord(db, {
    request,
    identity: caller.identity,
    resource: 'invoices',
    action: 'read',
    tenantId: provider.id,
    recordId: `preview:${String(body.year)}-${pad(body.month)}`,
  });
  return previewView(body.year, body.month, result);
}

type InvoiceRow = {
  id: number;
  number: string;
  status: string;
  total_cents: number;
  created: Date | string;
  year: number;
  month: number;
  due_date: Date | string;
  hosted_invoice_url: string | null;
  file_id: string | number | bigint | null;
  hosted_file_id: string | number | bigint | null;
};

/** An invoice as the list shows it (spec 002 section 3, "Invoice"): total in cents, links signed for the caller (5 minutes). */
export function invoiceView(app: FastifyInstance, caller: Caller, row: InvoiceRow) {
  const link = (fileId: InvoiceRow['file_id']) => (fileId === null ? null : signLink(app.fileLinkKey, { fileId: Number(fileId), userId: caller.identity.id }));
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    total: row.total_cents,
    created: new Date(row.created).toISOString(),
    year: row.year,
    month: row.month,
    due_date: day(row.due_date),
    hosted_invoice_url: row.hosted_invoice_url ?? link(row.hosted_file_id),
    detailed_pdf: link(row.file_id),
  };
}

/** GET providers/{id}/invoices: newest first, 20 a page. */
export async function listInvoices(app: FastifyInstance, caller: Caller, provider: ProviderRow, page: number, perPage: number) {
  const [rows, count] = await Promise.all([
    app.db
      .selectFrom('invoices')
      .select(['id', 'number', 'status', 'total_cents', 'created', 'year', 'month', 'due_date', 'hosted_invoice_url', 'file_id', 'hosted_file_id'])
      .where('tenant_id', '=', provider.id)
      .orderBy('created', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    app.db
      .selectFrom('invoices')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', provider.id)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => invoiceView(app, caller, r)), total: Number(count.n), offset: (page - 1) * perPage };
}

/** What makes two issuing requests the same: the month, the due date and the adjustments as sent. */
function requestHash(body: InvoiceRequest, dueDate: string): string {
  const adjustments = (body.adjustments ?? []).map((a) => [a.patient_id, a.description.trim(), a.units ?? 1, toCents(a.amount)]);
  return createHash('sha256')
    .update(JSON.stringify([body.year, body.month, dueDate, adjustments]))
    .digest('hex');
}

/**
 * POST providers/{id}/fee-for-service-invoice with is_preview false: computes as the preview does,
 * then issues through the vendor, stores the PDF (and the built-in vendor's page) and the invoice,
 * in one transaction holding the provider's row. A month already invoiced is refused (409), unless
 * the request is the very one that issued it (same due date and adjustments): a retried request
 * answers the invoice it made. Nothing billable is 422.
 */
export async function issueInvoice(
  app: FastifyInstance,
  trx: Kysely<DB>,
  request: FastifyRequest,
  caller: Caller,
  provider: ProviderRow,
  body: InvoiceRequest,
) {
  const today = zonedDay(new Date(), provider.timezone);
  const dueDate = body.due_date ?? addDays(today, DEFAULT_DUE_DAYS);
  if (dueDate < today) throw invalid(['body', 'due_date'], 'The due date cannot be in the past');
  const hash = requestHash(body, dueDate);
  await sql`select id from tenants where id = ${provider.id} for update`.execute(trx);
  const existing = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('tenant_id', '=', provider.id)
    .where('year', '=', body.year)
    .where('month', '=', body.month)
    .executeTakeFirst();
  if (existing) {
    if (existing.request_hash === hash) return { invoice: invoiceView(app, caller, existing), created: false };
    throw conflict(`${monthName(body.year, body.month)} was already invoiced: ${existing.number}`);
  }
  const result = await compute(trx, provider, body);
  const vendor = app.billingVendor.within(trx);
  if (result.line_items.length === 0) throw invalid(['body', 'month'], `Nothing to invoice for ${monthName(body.year, body.month)}`);

  const customerId = await vendor.ensureCustomer({
    providerId: provider.id,
    name: provider.name,
    email: provider.email,
    customerId: provider.stripe_customer_id,
  });
  if (customerId !== provider.stripe_customer_id)
    await trx.updateTable('tenants').set({ stripe_customer_id: customerId }).where('id', '=', provider.id).execute();
  const issued = await vendor.createInvoice({
    providerId: provider.id,
    customerId,
    dueDate,
    lines: result.line_items.map((l) => ({ description: l.description, units: l.units, unitAmountCents: l.unit_price_cents, amountCents: l.amount_cents })),
    metadata: { provider_id: String(provider.id), year: String(body.year), month: String(body.month) },
    idempotencyKey: `invoice-${String(provider.id)}-${String(body.year)}-${pad(body.month)}-${hash.slice(0, 16)}`,
  });
  if (issued.totalCents !== result.totals.total_cents)
    throw new Error(`The vendor's total ${String(issued.totalCents)} differs from ours ${String(result.totals.total_cents)}`);

  const document: InvoiceDocument = {
    number: issued.number,
    provider: { name: provider.name, email: provider.email, address: provider.address },
    month: monthName(body.year, body.month),
    issuedOn: today,
    dueDate,
    computation: result,
  };
  const fileName = `${issued.number}.pdf`;
  // The invoice is the operator's record of the provider: its files belong to no provider (tenant null), so that offboarding keeps them.
  const fileId = await saveFile(trx, app.fileStorage, {
    bytes: await invoicePdf(document),
    contentType: 'application/pdf',
    fileName,
    tenantId: null,
    createdBy: caller.identity.id,
  });
  const hostedFileId =
    issued.hostedInvoiceUrl === null
      ? await saveFile(trx, app.fileStorage, {
          bytes: Buffer.from(invoiceHtml(document), 'utf8'),
          contentType: 'text/html; charset=utf-8',
          fileName: `${issued.number}.html`,
          tenantId: null,
          createdBy: caller.identity.id,
        })
      : null;
  const row = await trx
    .insertInto('invoices')
    .values({
      tenant_id: provider.id,
      number: issued.number,
      status: issued.status,
      vendor: app.billingVendor.name,
      vendor_invoice_id: issued.id,
      hosted_invoice_url: issued.hostedInvoiceUrl,
      year: body.year,
      month: body.month,
      due_date: dueDate,
      total_cents: result.totals.total_cents,
      lines: JSON.stringify(result.line_items),
      breakdown: JSON.stringify(result.breakdown),
      request_hash: hash,
      file_id: fileId,
      hosted_file_id: hostedFileId,
      created_by: caller.identity.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const billedPatients = new Set([...result.breakdown.map((p) => p.patient_id), ...(body.adjustments ?? []).map((a) => a.patient_id)]);
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: 'invoices',
    action: 'create',
    tenantId: provider.id,
    records: [...billedPatients].map((patientId) => ({ patientId, recordId: String(row.id) })),
  });
  return { invoice: invoiceView(app, caller, row), created: true };
}
