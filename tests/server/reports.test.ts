import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UNSUPPORTED_REPORT_TYPE } from '../../schemas/payloads/reports';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { REPORT_TEXTS } from '../../src/server/services/reports/generateReport';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type Client } from './resources.helpers';

/**
 * Reports (spec 002 sections 3 "Report", 7 "Reports"; POST reports is ours: routes/reports/README.md).
 * Every figure is checked against rows this file inserts in March 2032, far from the seed's months, for
 * Northwind (whose zone is set to New York, so that a day's edges are known instants). Lakeside's rows
 * in the same range must never count.
 */
type Row = Record<string, unknown>;
interface ReportRecord {
  id: number;
  name: string;
  type: string;
  tenant_id: number;
  patient_id: number | null;
  range_start: string;
  range_end: string;
  content: { timezone: string; provider_name: string; rows: Row[]; totals: Row };
}

let t: TestApp;
let northwind: number;
let lakeside: number;
let superadmin: Client;
let billing: Client;
let ids: {
  p1: number;
  p2: number;
  p1Name: string;
  p2Name: string;
  clinician: number;
  internalClinician: number;
  internalAdmin: number;
  lakesidePatient: number;
};
let plans: { active: number; draft: number; deactivated: number };
const folder = mkdtempSync(join(tmpdir(), 'reports-'));
const RANGE = { range_start: '2032-03-01', range_end: '2032-03-31' };

const db = () => t.app.db;
const userId = async (email: string) => (await db().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  await db().updateTable('tenants').set({ timezone: 'America/New_York' }).where('id', '=', northwind).execute();
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  billing = await clientFor(t.app, 'internal.billing@demo.example');
  // Two Northwind patients without a care plan, so that the plans below are theirs alone.
  const patients = await db()
    .selectFrom('patients as p')
    .select(['p.id', 'p.user_full_name'])
    .where('p.tenant_id', '=', northwind)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('care_plans as c').select('c.id').whereRef('c.patient_id', '=', 'p.id'))))
    .orderBy('p.id')
    .limit(2)
    .execute();
  const [p1, p2] = patients;
  if (!p1 || !p2) throw new Error('two Northwind patients without a care plan');
  const lakesidePatient = await db().selectFrom('patients').select('id').where('tenant_id', '=', lakeside).orderBy('id').executeTakeFirstOrThrow();
  ids = {
    p1: p1.id,
    p2: p2.id,
    p1Name: p1.user_full_name,
    p2Name: p2.user_full_name,
    clinician: await userId('clinician@northwind.demo.example'),
    internalClinician: await userId('internal.clinician@demo.example'),
    internalAdmin: await userId('internal.admin@demo.example'),
    lakesidePatient: lakesidePatient.id,
  };
  const activity = (patientId: number, tenantId: number, practitionerId: number, duration: number, at: string) => ({
    patient_id: patientId,
    tenant_id: tenantId,
    practitioner_id: practitionerId,
    type: 'note',
    description: 'Reviewed readings',
    duration,
    reviewed_on: at,
  });
  await db()
    .insertInto('monitoring_activities')
    .values([
      // 00:30 on March 1st in New York: in the range.
      activity(ids.p1, northwind, ids.clinician, 600, '2032-03-01T05:30:00Z'),
      activity(ids.p1, northwind, ids.clinician, 300, '2032-03-31T12:00:00Z'),
      // 23:30 on February 29th in New York (04:30 UTC on March 1st): outside.
      activity(ids.p1, northwind, ids.clinician, 900, '2032-03-01T04:30:00Z'),
      activity(ids.p2, northwind, ids.internalClinician, 1200, '2032-03-15T15:00:00Z'),
      // Lakeside's: never in a Northwind report.
      activity(ids.lakesidePatient, lakeside, ids.internalClinician, 1800, '2032-03-10T15:00:00Z'),
    ])
    .execute();
  const reading = (patientId: number, tenantId: number, at: string) => ({
    patient_id: patientId,
    tenant_id: tenantId,
    name: 'heart_rate',
    value: 70,
    timestamp: at,
  });
  await db()
    .insertInto('observations')
    .values([
      reading(ids.p1, northwind, '2032-03-05T14:00:00Z'),
      reading(ids.p1, northwind, '2032-03-05T20:00:00Z'),
      // 23:30 on March 5th in New York: the same day as the two above.
      reading(ids.p1, northwind, '2032-03-06T04:30:00Z'),
      reading(ids.p1, northwind, '2032-03-07T14:00:00Z'),
      // 01:00 on April 1st in New York (summer time): outside.
      reading(ids.p1, northwind, '2032-04-01T05:00:00Z'),
      reading(ids.lakesidePatient, lakeside, '2032-03-05T14:00:00Z'),
    ])
    .execute();
  const service = (cpt: string, status: string, start: string) => ({
    tenant_id: northwind,
    patient_id: ids.p1,
    cpt_code: cpt,
    program: 'rpm',
    measure: 'days',
    start_date: start,
    end_date: '2032-03-31',
    value: 16,
    max_value: 16,
    progress: 1,
    units: 1,
    remaining: 0,
    status,
    claimable: true,
  });
  await db()
    .insertInto('services')
    .values([service('99454', 'complete', '2032-03-01'), service('99457', 'billed', '2032-03-01'), service('99458', 'in_progress', '2032-03-01')])
    .execute();

  // Care plans: p1's active plan with its history, p2's draft, and p2's plan deactivated before the range.
  const plan = async (patientId: number, values: Row) =>
    (
      await db()
        .insertInto('care_plans')
        .values({ tenant_id: northwind, patient_id: patientId, care_plan_template_id: 'general-monitoring', plan_name: 'Plan', content: '{}', ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  plans = {
    active: await plan(ids.p1, {
      plan_name: 'Heart plan',
      is_active: true,
      activated_at: '2032-03-02T15:00:00Z',
      last_reviewed_at: '2032-03-10T15:00:00Z',
      created_at: '2032-03-01T15:00:00Z',
    }),
    draft: await plan(ids.p2, { plan_name: 'Lung plan', created_at: '2032-03-15T15:00:00Z' }),
    deactivated: await plan(ids.p2, { plan_name: 'Old plan', created_at: '2032-01-01T15:00:00Z', deactivated_at: '2032-02-01T15:00:00Z' }),
  };
  const revision = (carePlanId: number, kind: string, authorId: number, at: string) => ({
    care_plan_id: carePlanId,
    revision: 1,
    kind,
    plan_name: 'Plan',
    content: '{}',
    author_id: authorId,
    created_at: at,
  });
  await db()
    .insertInto('care_plan_revisions')
    .values([
      revision(plans.active, 'created', ids.clinician, '2032-03-01T15:00:00Z'),
      revision(plans.active, 'activated', ids.clinician, '2032-03-02T15:00:00Z'),
      revision(plans.active, 'reviewed', ids.internalAdmin, '2032-03-10T15:00:00Z'),
      revision(plans.active, 'revised', ids.clinician, '2032-03-20T15:00:00Z'),
      revision(plans.active, 'reviewed', ids.clinician, '2032-04-05T15:00:00Z'),
      revision(plans.draft, 'created', ids.clinician, '2032-03-15T15:00:00Z'),
      revision(plans.deactivated, 'deactivated', ids.clinician, '2032-02-01T15:00:00Z'),
    ])
    .execute();
}, 120_000);
afterAll(async () => t?.close());

async function generate(client: Client, body: Row) {
  const answer = await client.send('POST', '/api/reports', body);
  return { ...answer, report: answer.body as ReportRecord };
}

const rowOf = (report: ReportRecord, key: string, value: unknown) => report.content.rows.find((r) => r[key] === value);

function pdfText(pdf: Buffer, name: string): string {
  const file = join(folder, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

const auditRows = (recordId: number, resource: string) =>
  db()
    .selectFrom('audit_logs')
    .select(['action', 'resource', 'actor_email', 'tenant_id', 'patient_id', 'record_id'])
    .where('resource', '=', resource)
    .where('record_id', '=', String(recordId))
    .execute();

describe('POST reports: each type from the data of its range', () => {
  test('monitoring_report: per patient, minutes, notes, readings and their days, codes met; in the provider zone', async () => {
    const { status, report } = await generate(superadmin, { type: 'monitoring_report', tenant_id: northwind, ...RANGE });
    expect(status).toBe(201);
    expect(report).toMatchObject({ type: 'monitoring_report', tenant_id: northwind, patient_id: null, ...RANGE });
    expect(report.name).toMatch(/^Monitoring Report, .+, 03\/01\/2032 to 03\/31\/2032$/);
    expect(report.content.timezone).toBe('America/New_York');
    expect(rowOf(report, 'patient_id', ids.p1)).toEqual({
      patient_id: ids.p1,
      patient_name: ids.p1Name,
      minutes: 15,
      notes: 2,
      readings: 4,
      reading_days: 2,
      codes_met: ['99454', '99457'],
    });
    expect(rowOf(report, 'patient_id', ids.p2)).toEqual({
      patient_id: ids.p2,
      patient_name: ids.p2Name,
      minutes: 20,
      notes: 1,
      readings: 0,
      reading_days: 0,
      codes_met: [],
    });
    expect(rowOf(report, 'patient_id', ids.lakesidePatient)).toBeUndefined();
    // Nothing else was logged in March 2032: the totals are this file's rows.
    expect(report.content.totals).toEqual({ patients: report.content.rows.length, minutes: 35, notes: 3, readings: 4 });
  });

  test('monitoring_report of one patient: that patient only, named in the report', async () => {
    const { status, report } = await generate(superadmin, { type: 'monitoring_report', tenant_id: northwind, patient_id: ids.p1, ...RANGE });
    expect(status).toBe(201);
    expect(report.patient_id).toBe(ids.p1);
    expect(report.name).toContain(ids.p1Name);
    expect(report.content.rows.map((r) => r.patient_id)).toEqual([ids.p1]);
    expect(report.content.totals).toEqual({ patients: 1, minutes: 15, notes: 2, readings: 4 });
  });

  test('clinician_monitoring_report: per clinician, patients touched, notes and minutes', async () => {
    const { status, report } = await generate(billing, { type: 'clinician_monitoring_report', tenant_id: northwind, ...RANGE });
    expect(status).toBe(201);
    expect(rowOf(report, 'practitioner_id', ids.clinician)).toMatchObject({ patients: 1, notes: 2, minutes: 15 });
    expect(rowOf(report, 'practitioner_id', ids.internalClinician)).toMatchObject({ patients: 1, notes: 1, minutes: 20 });
    expect(report.content.rows).toHaveLength(2);
    expect(report.content.totals).toEqual({ clinicians: 2, patients: 2, notes: 3, minutes: 35 });
  });

  test('care_plan_report: each plan of the range with its state, dates, reviews and revisions in the range', async () => {
    const { status, report } = await generate(superadmin, { type: 'care_plan_report', tenant_id: northwind, ...RANGE });
    expect(status).toBe(201);
    expect(rowOf(report, 'care_plan_id', plans.active)).toEqual({
      patient_id: ids.p1,
      patient_name: ids.p1Name,
      care_plan_id: plans.active,
      plan_name: 'Heart plan',
      status: 'active',
      activated_at: '2032-03-02T15:00:00.000Z',
      last_reviewed_at: '2032-03-10T15:00:00.000Z',
      reviews: 1,
      revisions: 1,
    });
    expect(rowOf(report, 'care_plan_id', plans.draft)).toMatchObject({ patient_id: ids.p2, status: 'draft', activated_at: null, reviews: 0, revisions: 0 });
    // Deactivated before the range began.
    expect(rowOf(report, 'care_plan_id', plans.deactivated)).toBeUndefined();
    const rows = report.content.rows;
    expect(report.content.totals).toEqual({
      patients: new Set(rows.map((r) => r.patient_id)).size,
      care_plans: rows.length,
      active: rows.filter((r) => r.status === 'active').length,
      reviews: 1,
      revisions: 1,
    });
  });

  test('care_plan_clinician_report: care plans created, reviewed, revised and activated per clinician', async () => {
    const { status, report } = await generate(superadmin, { type: 'care_plan_clinician_report', tenant_id: northwind, ...RANGE });
    expect(status).toBe(201);
    expect(report.content.rows).toHaveLength(2);
    expect(rowOf(report, 'author_id', ids.clinician)).toMatchObject({ patients: 2, created: 2, reviewed: 0, revised: 1, activated: 1 });
    expect(rowOf(report, 'author_id', ids.internalAdmin)).toMatchObject({ patients: 1, created: 0, reviewed: 1, revised: 0, activated: 0 });
    expect(report.content.totals).toEqual({ clinicians: 2, patients: 2, reviewed: 1, revised: 1 });
  });

  test('a range with nothing in it: empty tables, zero totals', async () => {
    const { status, report } = await generate(superadmin, {
      type: 'clinician_monitoring_report',
      tenant_id: northwind,
      range_start: '2040-01-01',
      range_end: '2040-01-01',
    });
    expect(status).toBe(201);
    expect(report.content).toMatchObject({ rows: [], totals: { clinicians: 0, patients: 0, notes: 0, minutes: 0 } });
  });

  test('the generation is audited in its transaction', async () => {
    const { report } = await generate(superadmin, { type: 'monitoring_report', tenant_id: northwind, patient_id: ids.p2, ...RANGE });
    expect(await auditRows(report.id, 'reports')).toEqual([
      { action: 'create', resource: 'reports', actor_email: 'superadmin@demo.example', tenant_id: northwind, patient_id: ids.p2, record_id: String(report.id) },
    ]);
  });
});

describe('POST reports: refusals change nothing', () => {
  test.each([
    ['an unknown type', { type: 'weekly_report', tenant_id: 0, ...RANGE }, ['body', 'type'], UNSUPPORTED_REPORT_TYPE],
    [
      'a range ending before it starts',
      { type: 'monitoring_report', tenant_id: 0, range_start: '2032-03-02', range_end: '2032-03-01' },
      ['body', 'range_end'],
      REPORT_TEXTS.rangeOrder,
    ],
    [
      'a range longer than a year',
      { type: 'monitoring_report', tenant_id: 0, range_start: '2031-01-01', range_end: '2032-01-02' },
      ['body', 'range_end'],
      REPORT_TEXTS.rangeLength,
    ],
    ['a provider that does not exist', { type: 'monitoring_report', tenant_id: 2147483000, ...RANGE }, ['body', 'tenant_id'], MISSING_REFERENCE],
  ])('%s: 422', async (_name, body, loc, msg) => {
    const before = await tableFingerprint(t.app, 'reports');
    const answer = await superadmin.send('POST', '/api/reports', { ...body, tenant_id: body.tenant_id || northwind });
    expect(isValidationError(answer, loc)).toBe(true);
    expect((answer.body as { detail: { msg: string }[] }).detail[0]?.msg).toBe(msg);
    expect(await tableFingerprint(t.app, 'reports')).toBe(before);
  });

  test("another provider's patient is answered like none", async () => {
    const answer = await superadmin.send('POST', '/api/reports', {
      type: 'monitoring_report',
      tenant_id: northwind,
      patient_id: ids.lakesidePatient,
      ...RANGE,
    });
    expect(answer).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'patient_id'], msg: MISSING_REFERENCE, type: 'foreign_key' }] } });
  });

  test("a bad date is the schema's 422", async () => {
    const answer = await superadmin.send('POST', '/api/reports', {
      type: 'monitoring_report',
      tenant_id: northwind,
      range_start: '2032-02-30',
      range_end: '2032-03-01',
    });
    expect(isValidationError(answer, ['body', 'range_start'])).toBe(true);
  });

  test.each(['admin', 'clinician', 'staff'])('a provider %s: 403 on every call', async (role) => {
    const client = await clientFor(t.app, `${role}@northwind.demo.example`);
    const any = (await db().selectFrom('reports').select('id').where('tenant_id', '=', northwind).executeTakeFirstOrThrow()).id;
    const forbidden = { status: 403, body: { detail: 'Not enough permissions' } };
    expect(await client.send('POST', '/api/reports', { type: 'monitoring_report', tenant_id: northwind, ...RANGE })).toMatchObject(forbidden);
    expect(await client.get('/api/reports')).toMatchObject(forbidden);
    expect(await client.get(`/api/reports/${any}`)).toMatchObject(forbidden);
    expect(await client.get(`/api/reports/${any}/export`)).toMatchObject(forbidden);
    expect(await client.get(`/api/reports/${any}/signed-link`)).toMatchObject(forbidden);
    // Each refusal is an audit row of a denied attempt at patient data.
    const denied = await db()
      .selectFrom('audit_logs')
      .select(['action', 'record_id'])
      .where('actor_email', '=', `${role}@northwind.demo.example`)
      .where('resource', '=', 'reports')
      .where('outcome', '=', 'denied')
      .orderBy('id')
      .execute();
    expect(denied).toEqual([
      { action: 'create', record_id: null },
      { action: 'list', record_id: null },
      { action: 'read', record_id: String(any) },
      { action: 'read', record_id: String(any) },
      { action: 'read', record_id: String(any) },
    ]);
  });
});

describe('GET reports and reports/{id}', () => {
  let lakesideReport: ReportRecord;
  beforeAll(async () => {
    ({ report: lakesideReport } = await generate(superadmin, {
      type: 'care_plan_report',
      tenant_id: lakeside,
      range_start: '2031-06-01',
      range_end: '2031-06-30',
    }));
  });

  test('the list: newest first, 10 a page, filtered by the range start, the provider and the type', async () => {
    const all = await superadmin.get('/api/reports');
    expect(all.status).toBe(200);
    const listed = all.body as ReportRecord[];
    expect(listed.length).toBeLessThanOrEqual(10);
    expect(listed[0]?.id).toBe(lakesideReport.id);
    expect(all.headers['content-range']).toMatch(/^reports 0-\d+\/\d+$/);

    const byRange = await superadmin.get('/api/reports', { filter: { 'range_start[gte]': '2031-06-01', 'range_start[lte]': '2031-06-30' } });
    expect((byRange.body as ReportRecord[]).map((r) => r.id)).toEqual([lakesideReport.id]);

    const byTenant = (await superadmin.get('/api/reports', { filter: { tenant_id: northwind }, limit: 100 })).body as ReportRecord[];
    expect(byTenant.length).toBeGreaterThan(0);
    expect(byTenant.every((r) => r.tenant_id === northwind)).toBe(true);

    const byType = (await superadmin.get('/api/reports', { filter: { type: 'care_plan_clinician_report' }, limit: 100 })).body as ReportRecord[];
    expect(byType.length).toBeGreaterThan(0);
    expect(byType.every((r) => r.type === 'care_plan_clinician_report')).toBe(true);
  });

  test('a read answers the record with its content, and is audited', async () => {
    const answer = await billing.get(`/api/reports/${lakesideReport.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(lakesideReport);
    expect(await auditRows(lakesideReport.id, 'reports')).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'read', actor_email: 'internal.billing@demo.example', tenant_id: lakeside })]),
    );
  });

  test('an internal user limited to Northwind: Lakeside reports are missing, and Lakeside is no provider to report on', async () => {
    const user = await userId('internal.clinician@demo.example');
    await db().updateTable('users').set({ patient_access_level: 'tenant_scoped', role: 'internal_billing_admin' }).where('id', '=', user).execute();
    await db()
      .insertInto('tenant_user_roles')
      .values({ user_id: user, tenant_id: northwind })
      .onConflict((oc) => oc.doNothing())
      .execute();
    try {
      const scoped = await clientFor(t.app, 'internal.clinician@demo.example');
      expect(await scoped.get(`/api/reports/${lakesideReport.id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
      expect(await scoped.get(`/api/reports/${lakesideReport.id}/export`)).toMatchObject({ status: 404 });
      const listed = (await scoped.get('/api/reports', { limit: 100 })).body as ReportRecord[];
      expect(listed.some((r) => r.tenant_id === lakeside)).toBe(false);
      const refused = await scoped.send('POST', '/api/reports', { type: 'monitoring_report', tenant_id: lakeside, ...RANGE });
      expect(refused).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'tenant_id'], msg: MISSING_REFERENCE }] } });
    } finally {
      await db().updateTable('users').set({ patient_access_level: 'all', role: 'internal_clinician' }).where('id', '=', user).execute();
    }
  });

  test('an unknown id is 404', async () => {
    expect(await superadmin.get('/api/reports/2147483000')).toMatchObject({ status: 404 });
    expect(await superadmin.get('/api/reports/2147483000/export')).toMatchObject({ status: 404 });
  });
});

describe('the PDF', () => {
  test('GET reports/{id}/export: an attachment whose text is the report, audited', async () => {
    const { report } = await generate(superadmin, { type: 'monitoring_report', tenant_id: northwind, ...RANGE });
    const { authorization } = await signIn(t.app, 'internal.billing@demo.example');
    const answer = await t.app.inject({ method: 'GET', url: `/api/reports/${report.id}/export`, headers: { authorization } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="monitoring_report-2032-03-01-2032-03-31-${report.id}.pdf"`);
    const text = pdfText(answer.rawPayload, `export-${report.id}`);
    expect(text).toContain(report.name);
    expect(text).toContain('Range: 03/01/2032 to 03/31/2032 (America/New_York)');
    expect(text).toContain('Monitoring minutes: 35.0');
    expect(text).toContain(ids.p1Name);
    expect(text).toContain('15.0');
    expect(text).toContain('99454, 99457');
    expect(text).toContain('Page 1 of');
    expect(await auditRows(report.id, 'reports/export')).toEqual([
      expect.objectContaining({ action: 'read', actor_email: 'internal.billing@demo.example', tenant_id: northwind, patient_id: null }),
    ]);
  });

  test('a stored report of a type no longer known prints Unsupported report type', async () => {
    const { id } = await db()
      .insertInto('reports')
      .values({ name: 'Legacy', type: 'legacy_report', range_start: '2032-03-01', range_end: '2032-03-31', tenant_id: northwind, content: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answer = await t.app.inject({ method: 'GET', url: `/api/reports/${id}/export`, headers: await authHeader('superadmin@demo.example') });
    expect(answer.statusCode).toBe(200);
    expect(pdfText(answer.rawPayload, `legacy-${id}`)).toContain(UNSUPPORTED_REPORT_TYPE);
  });

  test("the viewer's signed link: the PDF inline without a session, audited as the asker; altered or foreign links refused", async () => {
    const { report } = await generate(superadmin, { type: 'care_plan_clinician_report', tenant_id: northwind, ...RANGE });
    const link = await billing.get(`/api/reports/${report.id}/signed-link`);
    expect(link.status).toBe(200);
    const { signed_link: url, title } = link.body as { signed_link: string; title: string };
    expect(title).toBe(report.name);
    expect(url).toMatch(new RegExp(`^/api/reports/${report.id}/pdf\\?expires=\\d+&by=\\d+&sig=[\\w-]+$`));
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-disposition']).toMatch(/^inline; filename=/);
    const text = pdfText(answer.rawPayload, `link-${report.id}`);
    expect(text).toContain('Reviewed: 1');
    expect(text).toContain('Revised: 1');
    expect(await auditRows(report.id, 'reports/pdf')).toEqual([expect.objectContaining({ action: 'read', actor_email: 'internal.billing@demo.example' })]);

    const altered = url.replace(/sig=./, (m) => (m.endsWith('A') ? 'sig=B' : 'sig=A'));
    expect((await t.app.inject({ method: 'GET', url: altered })).statusCode).toBe(403);
    // The same signature does not open another report.
    const other = url.replace(`/reports/${report.id}/`, `/reports/${report.id - 1}/`);
    expect((await t.app.inject({ method: 'GET', url: other })).json()).toEqual({ detail: 'This link is not valid' });
  });
});

async function authHeader(email: string) {
  return { authorization: (await signIn(t.app, email)).authorization };
}
