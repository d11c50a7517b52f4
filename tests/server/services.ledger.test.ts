import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDay } from '../../src/domain/zonedDays';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tenantIds, type Client } from './resources.helpers';

/**
 * The monthly ledger behind GET services (issue 13): a monitoring note counts toward its month's
 * services in its own transaction, on the code set in force, and the services are the patient's
 * data: another provider sees none of them, and every read is audited.
 */
let t: TestApp;
let clinician: Client;
let lakeside: Client;
let patientId: number;
let month: string;
let timeZone: string;

type Service = {
  cpt_code: string;
  value: number;
  max_value: number;
  units: number;
  status: string;
  claimable: boolean;
  patient_communication_performed: boolean;
  start_date: string;
};

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  lakeside = await clientFor(t.app, 'admin@lakeside.demo.example');
  const { northwind } = await tenantIds(t.app);
  timeZone = (await t.app.db.selectFrom('tenants').select('timezone').where('id', '=', northwind).executeTakeFirstOrThrow()).timezone;
  month = zonedDay(new Date(), timeZone).slice(0, 7);
  // An active rpm patient of Northwind with no rpm note this month yet.
  const patient = await t.app.db
    .selectFrom('patients as p')
    .innerJoin('service_instances as s', 's.patient_id', 'p.id')
    .select('p.id')
    .where('p.tenant_id', '=', northwind)
    .where('p.patient_status', '=', 'active')
    .where('s.type', '=', 'rpm')
    .where('s.end', 'is', null)
    // A patient without 99457 time of its own (the demo bills some by 99091), so that the notes here are all there is.
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('monitoring_activities as m').select('m.id').whereRef('m.patient_id', '=', 'p.id').where('m.type', '=', 'rpm_99457_99458')),
      ),
    )
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  patientId = patient.id;
});
afterAll(async () => t.close());

async function servicesOf(client: Client, id = patientId) {
  const answer = await client.get('/api/services', { filter: { patient_id: id, start_date: `${month}-01` }, limit: 50 });
  return { status: answer.status, rows: answer.body as Service[] };
}
const note = (minutes: number, over: Record<string, unknown> = {}) =>
  clinician.send('POST', '/api/monitoring-activities', {
    patient_id: patientId,
    type: 'rpm_99457_99458',
    description: 'Reviewed the readings with the patient and adjusted the plan.',
    duration: minutes * 60,
    data_reviewed: true,
    patient_contacted: false,
    ...over,
  });

describe('a monitoring note and the services of its month', () => {
  it('25 minutes of rpm_99457_99458 make 99457 complete and 99458 5 of 20 minutes', async () => {
    expect((await note(25, { patient_contacted: true })).status).toBe(201);
    const { status, rows } = await servicesOf(clinician);
    expect(status).toBe(200);
    const byCode = Object.fromEntries(rows.map((r) => [r.cpt_code, r]));
    expect(byCode['99457']).toMatchObject({
      value: 1200,
      max_value: 1200,
      units: 1,
      status: 'complete',
      claimable: true,
      patient_communication_performed: true,
      start_date: `${month}-01`,
    });
    expect(byCode['99458']).toMatchObject({ value: 300, max_value: 1200, units: 0, status: 'in_progress', claimable: false });
  });

  it('a second note of 15 minutes earns the first unit of 99458', async () => {
    expect((await note(15)).status).toBe(201);
    const byCode = Object.fromEntries((await servicesOf(clinician)).rows.map((r) => [r.cpt_code, r]));
    expect(byCode['99458']).toMatchObject({ value: 1200, max_value: 2400, units: 1, claimable: true });
  });

  it('a refused note changes no service', async () => {
    const before = await servicesOf(clinician);
    expect((await note(10, { description: '' })).status).toBe(422);
    expect((await note(10, { duration: 'ten' })).status).toBe(422);
    expect(await servicesOf(clinician)).toEqual(before);
  });
});

describe('the services are the patient data of its provider', () => {
  it('another provider sees none of them, by list or by id', async () => {
    const mine = await servicesOf(clinician);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(await servicesOf(lakeside)).toEqual({ status: 200, rows: [] });
    const one = await t.app.db.selectFrom('services').select('id').where('patient_id', '=', patientId).executeTakeFirstOrThrow();
    expect((await lakeside.get(`/api/services/${one.id}`)).status).toBe(404);
    expect((await clinician.get(`/api/services/${one.id}`)).status).toBe(200);
  });

  it('are written only by the server', async () => {
    expect((await clinician.send('POST', '/api/services', { patient_id: patientId, cpt_code: '99457' })).status).toBe(404);
  });

  it('every read is audited', async () => {
    const before = await t.app.db
      .selectFrom('audit_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resource', '=', 'services')
      .executeTakeFirstOrThrow();
    await servicesOf(clinician);
    const after = await t.app.db
      .selectFrom('audit_logs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resource', '=', 'services')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBeGreaterThan(Number(before.n));
  });
});
