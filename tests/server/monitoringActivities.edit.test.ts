import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedDay } from '../../src/domain/zonedDays';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tableFingerprint, tenantIds, type Client } from './resources.helpers';

/**
 * Editing and deleting monitoring notes (spec 001 sections 5 and 7, issue 13): the date only by
 * the roles that may change it, the server's activities never, the patient never, and the month's
 * services follow every change in the same transaction.
 */
let t: TestApp;
let clinician: Client;
let admin: Client;
let staff: Client;
let lakeside: Client;
let patientId: number;
let month: string;

type Service = { cpt_code: string; value: number; units: number };

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  staff = await clientFor(t.app, 'staff@northwind.demo.example');
  lakeside = await clientFor(t.app, 'admin@lakeside.demo.example');
  const { northwind } = await tenantIds(t.app);
  const zone = (await t.app.db.selectFrom('tenants').select('timezone').where('id', '=', northwind).executeTakeFirstOrThrow()).timezone;
  month = zonedDay(new Date(), zone).slice(0, 7);
  patientId = (
    await t.app.db
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
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t.close());

async function services(ofMonth = month): Promise<Record<string, Service>> {
  const answer = await admin.get('/api/services', { filter: { patient_id: patientId, start_date: `${ofMonth}-01` }, limit: 50 });
  return Object.fromEntries((answer.body as Service[]).map((s) => [s.cpt_code, s]));
}
async function newNote(minutes: number): Promise<number> {
  const answer = await clinician.send('POST', '/api/monitoring-activities', {
    patient_id: patientId,
    type: 'rpm_99457_99458',
    description: 'Reviewed readings.',
    duration: minutes * 60,
    data_reviewed: true,
    patient_contacted: true,
  });
  expect(answer.status).toBe(201);
  return (answer.body as { id: number }).id;
}

describe('editing a note', () => {
  it('a new duration moves the services of its month', async () => {
    const id = await newNote(25);
    expect((await services())['99457']).toMatchObject({ units: 1 });
    const answer = await clinician.send('PATCH', `/api/monitoring-activities/${id}`, { duration: 10 * 60, description: 'Reviewed readings, shorter.' });
    expect(answer).toMatchObject({ status: 200, body: { duration: 600, description: 'Reviewed readings, shorter.' } });
    expect((await services())['99457']).toMatchObject({ units: 0, value: 600 });
    await clinician.send('DELETE', `/api/monitoring-activities/${id}`);
  });

  it("a clinician may not change its date; an admin may, and the care time moves to the note's new month", async () => {
    const id = await newNote(20);
    const earlier = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 2, 15, 15)).toISOString();
    const before = await tableFingerprint(t.app, 'monitoring_activities');
    const refused = await clinician.send('PATCH', `/api/monitoring-activities/${id}`, { reviewed_on: earlier });
    expect(refused).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'reviewed_on'], msg: 'Only administrators may change the date of a monitoring activity' }] },
    });
    expect(await tableFingerprint(t.app, 'monitoring_activities')).toBe(before);

    const thisMonth = (await services())['99457']!.value;
    expect((await admin.send('PATCH', `/api/monitoring-activities/${id}`, { reviewed_on: earlier })).status).toBe(200);
    expect((await services())['99457']!.value).toBe(thisMonth - 1200);
    const earlierMonth = earlier.slice(0, 7);
    expect((await services(earlierMonth))['99457']).toMatchObject({ units: 1, value: 1200 });
  });

  it('keeps a note with its patient, and refuses to make it an activity', async () => {
    const id = await newNote(5);
    const other = await t.app.db
      .selectFrom('patients')
      .select('id')
      .where('id', '<>', patientId)
      .where('tenant_id', '=', (await tenantIds(t.app)).northwind)
      .executeTakeFirstOrThrow();
    expect((await clinician.send('PATCH', `/api/monitoring-activities/${id}`, { patient_id: other.id })).status).toBe(422);
    expect((await clinician.send('PATCH', `/api/monitoring-activities/${id}`, { type: 'activity' })).status).toBe(422);
  });
});

describe("the server's activities (type activity)", () => {
  it('are neither edited nor deleted, and nothing changes', async () => {
    const activity = await t.app.db
      .selectFrom('monitoring_activities')
      .select('id')
      .where('patient_id', '=', patientId)
      .where('type', '=', 'activity')
      .executeTakeFirstOrThrow();
    const before = await tableFingerprint(t.app, 'monitoring_activities');
    for (const answer of [
      await admin.send('PATCH', `/api/monitoring-activities/${activity.id}`, { description: 'Rewritten' }),
      await admin.send('DELETE', `/api/monitoring-activities/${activity.id}`),
    ]) {
      expect(answer).toEqual(expect.objectContaining({ status: 409, body: { detail: 'Activities of type activity cannot be edited' } }));
    }
    expect(await tableFingerprint(t.app, 'monitoring_activities')).toBe(before);
  });
});

describe('deleting a note', () => {
  it('takes its care time out of the services of its month', async () => {
    const start = (await services())['99457']?.value ?? 0;
    const id = await newNote(7);
    expect((await services())['99457']!.value).toBe(start + 420);
    expect((await clinician.send('DELETE', `/api/monitoring-activities/${id}`)).status).toBe(200);
    expect((await services())['99457']!.value).toBe(start);
  });

  it('is refused to staff, and another provider finds no such note', async () => {
    const id = await newNote(3);
    const before = await tableFingerprint(t.app, 'monitoring_activities');
    expect((await staff.send('DELETE', `/api/monitoring-activities/${id}`)).status).toBe(403);
    expect((await lakeside.send('DELETE', `/api/monitoring-activities/${id}`)).status).toBe(404);
    expect((await lakeside.send('PATCH', `/api/monitoring-activities/${id}`, { description: 'Not mine' })).status).toBe(404);
    expect(await tableFingerprint(t.app, 'monitoring_activities')).toBe(before);
  });
});

describe('who dates a note, and EMR review notes (spec 001 sections 5 and 6)', () => {
  const twoMonthsAgo = () => new Date(Date.now() - 60 * 86_400_000).toISOString();

  it("dates a clinician's note now: a date within minutes of the server's clock is taken, an earlier one refused", async () => {
    const before = await tableFingerprint(t.app, 'monitoring_activities');
    const body = { patient_id: patientId, type: 'note', description: 'Spoke with the daughter.' };
    const backdated = await clinician.send('POST', '/api/monitoring-activities', { ...body, reviewed_on: twoMonthsAgo() });
    expect(backdated).toMatchObject({
      status: 422,
      body: { detail: [{ loc: ['body', 'reviewed_on'], msg: 'Only administrators may change the date of a monitoring activity' }] },
    });
    expect(await tableFingerprint(t.app, 'monitoring_activities')).toBe(before);
    const now = await clinician.send('POST', '/api/monitoring-activities', { ...body, reviewed_on: new Date(Date.now() - 60_000).toISOString() });
    expect(now.status).toBe(201);
    const dated = await admin.send('POST', '/api/monitoring-activities', { ...body, reviewed_on: twoMonthsAgo() });
    expect(dated.status).toBe(201);
  });

  it('lets only the admin roles write an EMR review note, naming who performed it, when, and whether the patient was contacted', async () => {
    const performer = await t.app.db
      .selectFrom('users')
      .select(['id', 'full_name'])
      .where('email', '=', 'clinician@northwind.demo.example')
      .executeTakeFirstOrThrow();
    const performedOn = twoMonthsAgo();
    const note = {
      patient_id: patientId,
      type: 'emr_review_note',
      description: 'Reviewed the discharge summary in the EMR.',
      practitioner_id: performer.id,
      reviewed_on: performedOn,
      patient_contacted: false,
    };
    const before = await tableFingerprint(t.app, 'monitoring_activities');
    const byClinician = await clinician.send('POST', '/api/monitoring-activities', note);
    expect(byClinician).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', 'type'], msg: 'Only administrators may write an EMR review note' }] } });
    for (const [field, msg] of [
      ['practitioner_id', 'Performed by is required'],
      ['reviewed_on', 'Performed on is required'],
      ['patient_contacted', 'Patient contacted is required'],
    ] as const) {
      const { [field]: _left, ...missing } = note;
      expect(await admin.send('POST', '/api/monitoring-activities', missing)).toMatchObject({ status: 422, body: { detail: [{ loc: ['body', field], msg }] } });
    }
    expect(await tableFingerprint(t.app, 'monitoring_activities')).toBe(before);

    const written = await admin.send('POST', '/api/monitoring-activities', note);
    expect(written).toMatchObject({
      status: 201,
      body: { type: 'emr_review_note', practitioner_id: performer.id, practitioner_name: performer.full_name, patient_contacted: false },
    });
    expect(new Date((written.body as { reviewed_on: string }).reviewed_on).toISOString()).toBe(performedOn);
    // Nor may a clinician turn a note into one.
    const plain = (await clinician.send('POST', '/api/monitoring-activities', { patient_id: patientId, type: 'note', description: 'A note.' })).body as {
      id: number;
    };
    expect((await clinician.send('PATCH', `/api/monitoring-activities/${plain.id}`, { type: 'emr_review_note' })).status).toBe(422);
  });
});
