import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDay } from '../../src/domain/zonedDays';
import { MISSING_REFERENCE } from '../../src/server/resources/references';
import { BILLING_PROVIDER_REFUSAL } from '../../src/server/resources/definitions/serviceInstances';
import { SUBMITTED_CLAIM } from '../../src/server/resources/definitions/claimItems';
import { generateMonthClaims } from '../../src/server/services/billing/claims';
import { refreshPatientMonth } from '../../src/server/services/billing/monthLedger';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Claims (spec 002 sections 2 to 5 and 7): the claims the ledger makes of claimable services, the
 * rules of a claim made by hand, the edit of a submitted one, Bulk Mark Submitted, and the
 * ICD-10 search. The export has its own file (claims.export.test.ts).
 */
let t: TestApp;
let admin: Client;
let clinician: Client;
let internal: Client;
let lakesideAdmin: Client;
let northwind: number;
let lakeside: number;
let month: string;
let patientId: number;
let practitionerId: number | null;
let lakesidePatient: number;

type Claim = Record<string, unknown> & { id: number; units: number; submitted: boolean; cpt_code: string };
const UNKNOWN = 2147483000;
const db = () => t.app.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  internal = await clientFor(t.app, 'internal.admin@demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
  const zone = (await db().selectFrom('tenants').select('timezone').where('id', '=', northwind).executeTakeFirstOrThrow()).timezone;
  month = zonedDay(new Date(), zone).slice(0, 7);
  // An active rpm patient of Northwind, without rpm treatment time: the demo's notes of that type are taken away.
  const patient = await db()
    .selectFrom('patients as p')
    .innerJoin('service_instances as s', 's.patient_id', 'p.id')
    .select(['p.id', 's.practitioner_id'])
    .where('p.tenant_id', '=', northwind)
    .where('p.patient_status', '=', 'active')
    .where('s.type', '=', 'rpm')
    .where('s.end', 'is', null)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  patientId = patient.id;
  practitionerId = patient.practitioner_id;
  await db().deleteFrom('monitoring_activities').where('patient_id', '=', patientId).where('type', '=', 'rpm_99457_99458').execute();
  await refreshPatientMonth(db(), patientId, month);
  lakesidePatient = (await db().selectFrom('patients').select('id').where('tenant_id', '=', lakeside).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => t?.close());

const autoClaims = async (code: string) =>
  (
    await admin.get('/api/claim-items', {
      filter: { patient_id: patientId, cpt_code: code, source: 'based_on_service', date_of_service: `${month}-01` },
      limit: 50,
    })
  ).body as Claim[];
const note = async (minutes: number) => {
  const answer = await clinician.send('POST', '/api/monitoring-activities', {
    patient_id: patientId,
    type: 'rpm_99457_99458',
    description: 'Reviewed the readings with the patient.',
    duration: minutes * 60,
    data_reviewed: true,
    patient_contacted: true,
  });
  expect(answer.status).toBe(201);
  return (answer.body as { id: number }).id;
};
const rowOf = async (id: number) => (await sql<{ row: string }>`select c::text as row from claim_items c where id = ${id}`.execute(db())).rows[0]?.row;
const detailOf = (answer: ApiAnswer) => (answer.body as { detail: unknown }).detail;

describe('the claims of claimable services', () => {
  const notes: number[] = [];

  it('a note that makes 99457 claimable makes one claim of it, based on the service', async () => {
    expect(await autoClaims('99457')).toEqual([]);
    notes.push(await note(25));
    const claims = await autoClaims('99457');
    expect(claims).toHaveLength(1);
    const service = await db()
      .selectFrom('services')
      .select(['id', 'end_date'])
      .where('patient_id', '=', patientId)
      .where('start_date', '=', `${month}-01`)
      .where('cpt_code', '=', '99457')
      .executeTakeFirstOrThrow();
    const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 10);
    expect(claims[0]).toMatchObject({
      tenant_id: northwind,
      patient_id: patientId,
      source: 'based_on_service',
      service_id: service.id,
      date_of_service: `${month}-01`,
      end_date_of_service: service.end_date,
      suggested_billing_date: next,
      units: 1,
      submitted: false,
      billing_provider: practitionerId,
      icd10_ids: [],
    });
    expect((claims[0]?.patient as { user_full_name: string }).user_full_name).toEqual(expect.any(String));
    expect((claims[0]?.tenant as { name: string }).name).toEqual(expect.any(String));
  });

  it('never twice: another note and another refresh of the month keep one claim', async () => {
    notes.push(await note(5));
    await refreshPatientMonth(db(), patientId, month);
    await refreshPatientMonth(db(), patientId, month);
    const claims = await autoClaims('99457');
    expect(claims).toHaveLength(1);
    expect(claims[0]?.units).toBe(1);
  });

  it("the units follow the service's: 99458 has one unit at 50 minutes, two at 70", async () => {
    notes.push(await note(20));
    expect((await autoClaims('99458')).map((c) => c.units)).toEqual([1]);
    notes.push(await note(20));
    const claims = await autoClaims('99458');
    expect(claims.map((c) => c.units)).toEqual([2]);
  });

  it('a claim made from a service takes its patient, code and dates, once per service', async () => {
    const services = await db()
      .selectFrom('services')
      .select(['id', 'cpt_code', 'units'])
      .where('patient_id', '=', patientId)
      .where('start_date', '=', `${month}-01`)
      .execute();
    const earned = services.find((s) => s.cpt_code === '99458')!;
    const again = await admin.send('POST', '/api/claim-items', { service_id: earned.id, units: 2 });
    expect(again).toMatchObject({ status: 409, body: { detail: 'The service already has a claim' } });
    const [auto] = await autoClaims('99458');
    expect((await admin.send('DELETE', `/api/claim-items/${auto?.id}`)).status).toBe(200);
    const made = await admin.send('POST', '/api/claim-items', { service_id: earned.id, units: 2, icd10_ids: ['I10'] });
    expect(made).toMatchObject({
      status: 201,
      body: { source: 'based_on_service', service_id: earned.id, patient_id: patientId, cpt_code: '99458', date_of_service: `${month}-01`, units: 2 },
    });
    const id = (made.body as Claim).id;
    expect((await admin.send('PATCH', `/api/claim-items/${id}`, { cpt_code: '99457' })).status).toBe(422);
    expect((await admin.send('PATCH', `/api/claim-items/${id}`, { date_of_service: '2031-01-01' })).status).toBe(422);
    const unearned = services.find((s) => s.units === 0);
    if (unearned) expect((await admin.send('POST', '/api/claim-items', { service_id: unearned.id, units: 1 })).status).toBe(422);
    const other = await admin.send('POST', '/api/claim-items', { service_id: earned.id, units: 1, patient_id: lakesidePatient });
    expect(other.status).toBe(422);
    expect((await admin.send('POST', '/api/claim-items', { source: 'based_on_service', units: 1 })).status).toBe(422);
  });

  it('deleting the notes removes an unsubmitted claim, never a submitted one', async () => {
    const [first] = await autoClaims('99457');
    expect((await admin.send('PUT', '/api/claim-items', { ids: [first?.id], data: { submitted: true } })).status).toBe(200);
    const submittedRow = await rowOf(first!.id);
    for (const id of notes.reverse()) expect((await clinician.send('DELETE', `/api/monitoring-activities/${id}`)).status).toBe(200);
    const service = await db()
      .selectFrom('services')
      .select(['units', 'claimable'])
      .where('patient_id', '=', patientId)
      .where('start_date', '=', `${month}-01`)
      .where('cpt_code', '=', '99457')
      .executeTakeFirst();
    expect(service?.claimable ?? false).toBe(false);
    expect(await autoClaims('99458')).toEqual([]);
    expect(await rowOf(first!.id)).toBe(submittedRow);
    // A new note makes no second claim beside the submitted one.
    await note(25);
    expect((await autoClaims('99457')).map((c) => c.id)).toEqual([first!.id]);
  });

  it('generateMonthClaims writes the claims of a whole month, and nothing more the second time', async () => {
    await db().deleteFrom('claim_items').where('source', '=', 'based_on_service').where('submitted', '=', false).execute();
    const made = await generateMonthClaims(db(), month);
    const count = async () => Number((await sql<{ n: number }>`select count(*)::int as n from claim_items`.execute(db())).rows[0]?.n);
    const claimable = await db()
      .selectFrom('services as s')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('s.start_date', '=', `${month}-01`)
      .where('s.claimable', '=', true)
      .where('s.units', '>', 0)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('claim_items as c')
              .select('c.id')
              .whereRef('c.patient_id', '=', 's.patient_id')
              .whereRef('c.cpt_code', '=', 's.cpt_code')
              .whereRef('c.date_of_service', '=', 's.start_date')
              .where('c.source', '=', 'based_on_service'),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    expect(made).toBeGreaterThan(0);
    expect(Number(claimable.n)).toBe(0);
    const total = await count();
    expect(await generateMonthClaims(db(), month)).toBe(0);
    expect(await count()).toBe(total);
  });
});

describe('a claim made by hand', () => {
  const body = (over: Record<string, unknown> = {}) => ({
    patient_id: patientId,
    date_of_service: '2031-03-14',
    cpt_code: '99457',
    units: 1,
    note: 'Treatment management, March.',
    ...over,
  });

  it('needs patient, date of service, CPT code, units and note: one 422 naming each missing one', async () => {
    const answer = await admin.send('POST', '/api/claim-items', { units: 1 });
    expect(answer.status).toBe(422);
    expect((detailOf(answer) as { loc: string[] }[]).map((d) => d.loc.join('.'))).toEqual([
      'body.patient_id',
      'body.date_of_service',
      'body.cpt_code',
      'body.note',
    ]);
    expect((await admin.send('POST', '/api/claim-items', body({ note: '  ' }))).status).toBe(422);
    expect((await admin.send('POST', '/api/claim-items', body({ units: 0 }))).status).toBe(422);
  });

  it('refuses a CPT code the code set does not hold on the date of service', async () => {
    const unknown = await admin.send('POST', '/api/claim-items', body({ cpt_code: '12345' }));
    expect(unknown).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'cpt_code'] }] } });
    // 99445 is a 2026 code: not billable for a day of 2025.
    expect((await admin.send('POST', '/api/claim-items', body({ cpt_code: '99445', date_of_service: '2025-06-02' }))).status).toBe(422);
    // The RTM codes of the claim choices are the code set's too.
    for (const code of ['98975', '98976', '98977', '98980', '98981']) {
      expect((await admin.send('POST', '/api/claim-items', body({ cpt_code: code, date_of_service: '2025-06-02' }))).status).toBe(201);
    }
  });

  it("refuses a fifth diagnosis code ('Max of 4 choices') and a code that is no ICD-10-CM code", async () => {
    const five = await admin.send('POST', '/api/claim-items', body({ icd10_ids: ['E11.9', 'I10', 'J44.9', 'N18.3', 'E78.5'] }));
    expect(five).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'icd10_ids'], msg: 'Max of 4 choices' }] } });
    const unknown = await admin.send('POST', '/api/claim-items', body({ icd10_ids: ['E11.9', 'E11.99'] }));
    expect(unknown).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'icd10_ids', 1] }] } });
  });

  it('is created with its codes written as the release writes them, the patient’s provider, a suggested billing date, and audited', async () => {
    const answer = await admin.send('POST', '/api/claim-items', body({ icd10_ids: ['e119', 'I10'], tenant_id: lakeside }));
    expect(answer.status).toBe(201);
    const claim = answer.body as Claim;
    expect(claim).toMatchObject({
      tenant_id: northwind,
      source: 'manual',
      service_id: null,
      icd10_ids: ['E11.9', 'I10'],
      suggested_billing_date: '2031-04-01',
      submitted: false,
    });
    const audited = await db()
      .selectFrom('audit_logs')
      .select(['action', 'patient_id'])
      .where('resource', '=', 'claim-items')
      .where('record_id', '=', String(claim.id))
      .execute();
    expect(audited).toEqual([{ action: 'create', patient_id: patientId }]);
  });

  it('asks internal users for the provider, which must be the patient’s', async () => {
    const missing = await internal.send('POST', '/api/claim-items', body());
    expect(missing).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'tenant_id'], type: 'missing' }] } });
    const other = await internal.send('POST', '/api/claim-items', body({ tenant_id: lakeside }));
    expect(other).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'tenant_id'] }] } });
    expect((await internal.send('POST', '/api/claim-items', body({ tenant_id: northwind }))).status).toBe(201);
  });

  it('refuses a billing provider without an NPI number', async () => {
    const staff = await db()
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', northwind)
      .where('role', '<>', 'patient')
      .where('npi_number', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const answer = await admin.send('POST', '/api/claim-items', body({ billing_provider: staff.id }));
    expect(answer).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'billing_provider'], msg: BILLING_PROVIDER_REFUSAL }] } });
    const provider = await db().selectFrom('users').select('id').where('email', '=', 'clinician@northwind.demo.example').executeTakeFirstOrThrow();
    expect((await admin.send('POST', '/api/claim-items', body({ billing_provider: provider.id }))).status).toBe(201);
  });

  it("answers another provider's patient exactly like a patient that does not exist", async () => {
    const theirs = await admin.send('POST', '/api/claim-items', body({ patient_id: lakesidePatient }));
    const none = await admin.send('POST', '/api/claim-items', body({ patient_id: UNKNOWN }));
    expect({ status: theirs.status, body: theirs.body }).toEqual({ status: none.status, body: none.body });
    expect(none).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'patient_id'], msg: MISSING_REFERENCE }] } });
  });

  it("is found by the list's filters: provider, CPT code, submitted, billing provider exists, date ranges", async () => {
    const list = async (filter: Record<string, unknown>) =>
      ((await admin.get('/api/claim-items', { filter: { patient_id: patientId, ...filter }, limit: 500 })).body as Claim[]).map((c) => c.id);
    const march = await list({ 'date_of_service[gte]': '2031-03-01', 'date_of_service[lte]': '2031-03-31' });
    expect(march.length).toBeGreaterThan(0);
    const withProvider = await list({ 'date_of_service[gte]': '2031-03-01', 'billing_provider[ne]': null });
    const without = await list({ 'date_of_service[gte]': '2031-03-01', 'billing_provider[eq]': null });
    expect(withProvider.length).toBeGreaterThan(0);
    expect([...withProvider, ...without].sort()).toEqual([...march].sort());
    expect(await list({ tenant_id: lakeside })).toEqual([]);
    expect((await list({ cpt_code: '99457', submitted: false, 'suggested_billing_date[gte]': '2031-04-01' })).length).toBeGreaterThan(0);
  });

  it('a clinician may list claims but not write them', async () => {
    expect((await clinician.get('/api/claim-items')).status).toBe(200);
    expect((await clinician.send('POST', '/api/claim-items', body())).status).toBe(403);
  });
});

describe('a submitted claim', () => {
  let claim: Claim;
  beforeAll(async () => {
    const answer = await admin.send('POST', '/api/claim-items', {
      patient_id: patientId,
      date_of_service: '2031-02-03',
      cpt_code: '99454',
      units: 1,
      note: 'Device supply, February.',
    });
    expect(answer.status).toBe(201);
    claim = answer.body as Claim;
  });

  it('changes nothing but its submitted flag: 409 and nothing changed', async () => {
    expect((await admin.send('PATCH', `/api/claim-items/${claim.id}`, { submitted: true })).status).toBe(200);
    const before = await rowOf(claim.id);
    const edit = await admin.send('PATCH', `/api/claim-items/${claim.id}`, { note: 'Changed after submission' });
    expect(edit).toMatchObject({ status: 409, body: { detail: SUBMITTED_CLAIM } });
    // The record as read, sent back whole with one change, is refused the same way.
    const read = (await admin.get(`/api/claim-items/${claim.id}`)).body as Claim;
    expect((await admin.send('PUT', `/api/claim-items/${claim.id}`, { ...read, units: 2 })).status).toBe(409);
    expect((await admin.send('DELETE', `/api/claim-items/${claim.id}`)).status).toBe(409);
    expect(await rowOf(claim.id)).toBe(before);
    // Sent back unchanged, it is accepted (nothing changes).
    expect((await admin.send('PUT', `/api/claim-items/${claim.id}`, read)).status).toBe(200);
  });

  it('is editable again once marked not submitted; the suggested billing date stays required', async () => {
    expect((await admin.send('PATCH', `/api/claim-items/${claim.id}`, { submitted: false })).status).toBe(200);
    const edit = await admin.send('PATCH', `/api/claim-items/${claim.id}`, { note: 'Corrected', icd10_ids: ['I10'] });
    expect(edit).toMatchObject({ status: 200, body: { note: 'Corrected', icd10_ids: ['I10'] } });
    const cleared = await admin.send('PATCH', `/api/claim-items/${claim.id}`, { suggested_billing_date: null });
    expect(cleared).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'suggested_billing_date'], type: 'missing' }] } });
    expect((await admin.send('PATCH', `/api/claim-items/${claim.id}`, { patient_id: lakesidePatient })).status).toBe(422);
  });
});

describe('Bulk Mark Submitted', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = [];
    for (const day of ['2031-01-05', '2031-01-06']) {
      const answer = await admin.send('POST', '/api/claim-items', { patient_id: patientId, date_of_service: day, cpt_code: '99457', units: 1, note: 'Bulk' });
      ids.push((answer.body as Claim).id);
    }
  });
  const flags = async () => (await db().selectFrom('claim_items').select('submitted').where('id', 'in', ids).orderBy('id').execute()).map((r) => r.submitted);

  it('sets submitted true, then false, on every claim named, each audited', async () => {
    const on = await admin.send('PUT', '/api/claim-items', { ids, data: { submitted: true } });
    expect(on.status).toBe(200);
    expect((on.body as Claim[]).map((c) => [c.id, c.submitted])).toEqual(ids.map((id) => [id, true]));
    expect(await flags()).toEqual([true, true]);
    expect((await admin.send('PUT', '/api/claim-items', { ids, data: { submitted: false } })).status).toBe(200);
    expect(await flags()).toEqual([false, false]);
    const audited = await db()
      .selectFrom('audit_logs')
      .select('record_id')
      .where('resource', '=', 'claim-items')
      .where('action', '=', 'update')
      .where('record_id', 'in', ids.map(String))
      .execute();
    expect(audited).toHaveLength(4);
  });

  it("is all or nothing, and another provider's claim answers like one that does not exist", async () => {
    const theirs = (await db().selectFrom('claim_items').select('id').where('tenant_id', '=', lakeside).orderBy('id').executeTakeFirst())?.id;
    const their = await lakesideAdmin.send('POST', '/api/claim-items', {
      patient_id: lakesidePatient,
      date_of_service: '2031-01-07',
      cpt_code: '99457',
      units: 1,
      note: 'Theirs',
    });
    expect(their.status).toBe(201);
    const other = theirs ?? (their.body as Claim).id;
    const hidden = await admin.send('PUT', '/api/claim-items', { ids: [...ids, other], data: { submitted: true } });
    const none = await admin.send('PUT', '/api/claim-items', { ids: [...ids, UNKNOWN], data: { submitted: true } });
    expect(hidden).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect({ status: none.status, body: none.body }).toEqual({ status: hidden.status, body: hidden.body });
    expect(await flags()).toEqual([false, false]);
    expect((await clinician.send('PUT', '/api/claim-items', { ids, data: { submitted: true } })).status).toBe(403);
    expect((await admin.send('PUT', '/api/claim-items', { ids, data: { submitted: 'yes' } })).status).toBe(422);
  });
});

describe('GET icd10', () => {
  type Code = { id: string; code: string; description: string };

  it("finds codes by prefix, E11's first, with the list's Content-Range", async () => {
    const answer = await clinician.get('/api/icd10', { q: 'E11', limit: '10' });
    expect(answer.status).toBe(200);
    const codes = answer.body as Code[];
    expect(codes).toHaveLength(10);
    expect(codes[0]).toEqual({ id: 'E11', code: 'E11', description: 'Type 2 diabetes mellitus' });
    expect(codes.every((c) => c.code.startsWith('E11'))).toBe(true);
    expect(answer.headers['content-range']).toMatch(/^icd10 0-9\/\d+$/);
    const all = (await clinician.get('/api/icd10', { filter: { q: 'e119' } })).body as Code[];
    expect(all[0]).toMatchObject({ id: 'E11.9', description: 'Type 2 diabetes mellitus without complications' });
  });

  it('finds codes by the words of their description, whatever the case', async () => {
    const codes = (await admin.get('/api/icd10', { q: 'HYPERTENSIVE heart' })).body as Code[];
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.length).toBeLessThanOrEqual(50);
    for (const c of codes) expect(c.description.toLowerCase()).toMatch(/hypertensive.*heart|heart.*hypertensive/);
  });

  it('needs 3 characters (422 below), and reads the codes a claim holds by id', async () => {
    expect((await clinician.get('/api/icd10', { q: 'E1' })).status).toBe(422);
    expect((await clinician.get('/api/icd10')).status).toBe(422);
    expect((await clinician.get('/api/icd10', { filter: { nope: 1 } })).status).toBe(422);
    const held = (await clinician.get('/api/icd10', { filter: { 'id[in]': ['E11.9', 'I10'] } })).body as Code[];
    expect(held.map((c) => c.id)).toEqual(['E11.9', 'I10']);
  });

  it('is for callers who work with claims or patients', async () => {
    expect((await (await clientFor(t.app, 'staff@northwind.demo.example')).get('/api/icd10', { q: 'asthma' })).status).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/icd10?q=asthma' });
    expect(anonymous.statusCode).toBe(401);
  });
});
