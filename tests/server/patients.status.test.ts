import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client, type TenantSlug } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let tenants: Record<TenantSlug, number>;
const clients: Record<string, Client> = {};
const as = (email: string) => clients[email] as Client;
const ADMIN = 'internal.admin@demo.example';
const BILLING = 'internal.billing@demo.example';
const NW_ADMIN = 'admin@northwind.demo.example';
const NW_CLINICIAN = 'clinician@northwind.demo.example';
const NW_STAFF = 'staff@northwind.demo.example';
const LS_ADMIN = 'admin@lakeside.demo.example';
const DOB = '1950-04-02';
const db = () => t.app.db;
let counter = 0;

/** The tables a status change writes; a refused request must leave every one of them as it was. */
const TABLES = ['patients', 'patient_status_history', 'monitoring_activities', 'service_instances', 'devices'];
/** Device events are only ever added: their count and last id show a new one (hashing 90 days of readings twice per check is too slow). */
const deviceEvents = async () => {
  const row = await db()
    .selectFrom('device_activities')
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('id').as('last')])
    .executeTakeFirstOrThrow();
  return `${row.n}:${row.last}`;
};
const fingerprints = async () => ({
  ...Object.fromEntries(await Promise.all(TABLES.map(async (table): Promise<[string, string]> => [table, await tableFingerprint(t.app, table)]))),
  device_activities: await deviceEvents(),
});

async function expectRefusedUnchanged(request: () => Promise<ApiAnswer>, check: (answer: ApiAnswer) => void) {
  const before = await fingerprints();
  check(await request());
  expect(await fingerprints()).toEqual(before);
}
const refusedWith = (text: string) => (answer: ApiAnswer) => expect(answer).toMatchObject({ status: 422, body: { detail: text } });
const missingField = (field: string) => (answer: ApiAnswer) => expect(isValidationError(answer, ['body', field]), JSON.stringify(answer.body)).toBe(true);

/** A provider user of the tenant who may bill (is_provider with an NPI number). */
const billingProviderOf = async (tenantId: number) =>
  (
    await db()
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('is_provider', '=', true)
      .where('npi_number', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;

/** A fresh patient of a demo provider, so that each test starts from a known status. */
async function newPatient(slug: TenantSlug, status = 'pending_enrollment', extra: Row = {}): Promise<number> {
  const tenantId = tenants[slug];
  counter += 1;
  const user = await db()
    .insertInto('users')
    .values({ email: `status.${counter}.${Date.now()}@patients.example`, first_name: 'Stat', last_name: `Us${counter}`, role: 'patient', tenant_id: tenantId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const patient = await db()
    .insertInto('patients')
    .values({ user_id: user.id, tenant_id: tenantId, patient_status: status, birthdate: DOB, billing_provider_id: await billingProviderOf(tenantId), ...extra })
    .returning('id')
    .executeTakeFirstOrThrow();
  return patient.id;
}

async function addCareProgram(patientId: number, type = 'rpm', isActive = true) {
  const patient = await db().selectFrom('patients').select('tenant_id').where('id', '=', patientId).executeTakeFirstOrThrow();
  await db()
    .insertInto('service_instances')
    .values({
      patient_id: patientId,
      tenant_id: patient.tenant_id,
      type,
      start: '2026-01-05',
      end: isActive ? null : '2026-02-01',
      is_active: isActive,
      practitioner_id: await billingProviderOf(patient.tenant_id),
    })
    .execute();
}

async function addDevice(patientId: number | null, slug: TenantSlug, status = 'active'): Promise<number> {
  counter += 1;
  const row = await db()
    .insertInto('devices')
    .values({
      tenant_id: tenants[slug],
      device_manufacturer: 'other',
      device_type: 'glucometer',
      external_id: `status-${counter}-${Date.now()}`,
      patient_id: patientId,
      status,
      misc_data: '{}',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (patientId !== null) await db().updateTable('patients').set({ has_device: true }).where('id', '=', patientId).execute();
  return row.id;
}

const patientRow = (id: number) => db().selectFrom('patients').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const historyOf = (id: number) => db().selectFrom('patient_status_history').selectAll().where('patient_id', '=', id).orderBy('id').execute();
const activitiesOf = (id: number) => db().selectFrom('monitoring_activities').selectAll().where('patient_id', '=', id).orderBy('id').execute();
const userId = async (email: string) => await db().selectFrom('users').select(['id', 'full_name']).where('email', '=', email).executeTakeFirstOrThrow();
const setStatus = (client: Client, id: number, body: Row) => client.send('POST', `/api/patients/${id}/status`, body);
const unenroll = (client: Client, id: number, body: Row) => client.send('POST', `/api/patients/${id}/unenroll`, body);
const UNENROLL = { reason: 'patient-request', team_notified: true, provider_notified: true };

beforeAll(async () => {
  t = await createTestApp();
  tenants = await tenantIds(t.app);
  for (const email of [ADMIN, BILLING, NW_ADMIN, NW_CLINICIAN, NW_STAFF, LS_ADMIN]) clients[email] = await clientFor(t.app, email);
});
afterAll(async () => t?.close());

describe('POST patients/{id}/status', () => {
  it('declines a pending patient with its reason: the row, the history, the monitoring activity and the audit row', async () => {
    const id = await newPatient('northwind');
    const staff = await userId(NW_STAFF);
    const answer = await setStatus(as(NW_STAFF), id, { patient_status: 'declined', declined_reason: 'cost_concerns' });
    expect(answer).toMatchObject({ status: 200, body: { id, patient_status: 'declined' } });
    expect(await patientRow(id)).toMatchObject({
      patient_status: 'declined',
      declined_reason: 'cost_concerns',
      declined_by_id: staff.id,
      declined_on: expect.any(Date) as unknown,
    });
    expect(await historyOf(id)).toEqual([
      expect.objectContaining({
        old_status: 'pending_enrollment',
        new_status: 'declined',
        changed_by_id: staff.id,
        changed_by_name: staff.full_name,
        reason: 'Cost Concerns',
        tenant_id: tenants.northwind,
      }),
    ]);
    expect(await activitiesOf(id)).toEqual([
      expect.objectContaining({
        type: 'activity',
        description: 'Patient status updated from Pending to Declined. Reason: Cost Concerns',
        practitioner_id: staff.id,
        tenant_id: tenants.northwind,
      }),
    ]);
    const audit = await db().selectFrom('audit_logs').selectAll().where('patient_id', '=', id).where('action', '=', 'update').execute();
    expect(audit).toEqual([expect.objectContaining({ resource: 'patients', actor_id: staff.id, record_id: String(id) })]);
  });

  it('marks an unseen patient with its reason, and takes it back to pending', async () => {
    const id = await newPatient('northwind');
    expect((await setStatus(as(NW_CLINICIAN), id, { patient_status: 'unseen', unseen_reason: 'no_show' })).status).toBe(200);
    expect(await patientRow(id)).toMatchObject({ patient_status: 'unseen', unseen_reason: 'no_show' });
    expect((await setStatus(as(NW_CLINICIAN), id, { patient_status: 'pending_enrollment' })).status).toBe(200);
    expect((await historyOf(id)).map((h) => [h.old_status, h.new_status, h.reason])).toEqual([
      ['pending_enrollment', 'unseen', 'No Show'],
      ['unseen', 'pending_enrollment', null],
    ]);
    expect((await activitiesOf(id)).map((a) => a.description)).toEqual([
      'Patient status updated from Pending to Unseen. Reason: No Show',
      'Patient status updated from Unseen to Pending',
    ]);
  });

  it('needs the reason of declined and unseen, naming the field, and changes nothing', async () => {
    const id = await newPatient('northwind');
    await expectRefusedUnchanged(() => setStatus(as(NW_ADMIN), id, { patient_status: 'declined' }), missingField('declined_reason'));
    await expectRefusedUnchanged(() => setStatus(as(NW_ADMIN), id, { patient_status: 'unseen', unseen_reason: null }), missingField('unseen_reason'));
    await expectRefusedUnchanged(() => setStatus(as(NW_ADMIN), id, { patient_status: 'declined', declined_reason: 'bored' }), missingField('declined_reason'));
    await expectRefusedUnchanged(() => setStatus(as(NW_ADMIN), id, { patient_status: 'paused' }), missingField('patient_status'));
    await expectRefusedUnchanged(() => setStatus(as(NW_ADMIN), id, {}), missingField('patient_status'));
    await expectRefusedUnchanged(
      () => setStatus(as(NW_ADMIN), id, { patient_status: 'declined', declined_reason: 'no_time', note: 'x' }),
      missingField('note'),
    );
  });

  it('lets only the three admin roles set Active (spec 002 section 6)', async () => {
    const id = await newPatient('northwind');
    for (const email of [NW_ADMIN, NW_CLINICIAN, NW_STAFF]) {
      await expectRefusedUnchanged(() => setStatus(as(email), id, { patient_status: 'active' }), refusedWith('Your role cannot set the status Active'));
    }
    expect(await setStatus(as(BILLING), id, { patient_status: 'active' })).toMatchObject({ status: 200, body: { patient_status: 'active' } });
    expect((await patientRow(id)).enrolled_on).toBeInstanceOf(Date);
  });

  it('refuses what the status dialog does not offer, in the rule words', async () => {
    const disabled = await newPatient('northwind', 'disabled');
    const active = await newPatient('northwind', 'active');
    await expectRefusedUnchanged(
      () => setStatus(as(ADMIN), disabled, { patient_status: 'declined', declined_reason: 'no_time' }),
      refusedWith('Patient status cannot change from Unenrolled to Declined'),
    );
    await expectRefusedUnchanged(
      () => setStatus(as(ADMIN), disabled, { patient_status: 'pending_enrollment' }),
      refusedWith('Patient status cannot change from Unenrolled to Pending'),
    );
    await expectRefusedUnchanged(
      () => setStatus(as(ADMIN), active, { patient_status: 'disabled' }),
      refusedWith('Patients are unenrolled with Unenroll Patient'),
    );
    await expectRefusedUnchanged(() => setStatus(as(ADMIN), active, { patient_status: 'active' }), refusedWith('The patient is already Active'));
    await expectRefusedUnchanged(
      () => setStatus(as(NW_ADMIN), active, { patient_status: 'unseen', unseen_reason: 'no_show' }),
      refusedWith('Patient status cannot change from Active to Unseen'),
    );
    // Re-enrolment of an unenrolled patient is an admin's.
    expect(await setStatus(as(ADMIN), disabled, { patient_status: 'active' })).toMatchObject({ status: 200, body: { patient_status: 'active' } });
  });
});

describe('mark consented (POST patients/{id}/status with consented)', () => {
  it("refuses a wrong date of birth with the spec's text, then asks for the care program acknowledgement, then consents", async () => {
    const id = await newPatient('northwind');
    const staff = await userId(NW_STAFF);
    await expectRefusedUnchanged(
      () => setStatus(as(NW_STAFF), id, { patient_status: 'consented', birthdate: '1950-04-03' }),
      refusedWith('Date of birth does not match patient record'),
    );
    await expectRefusedUnchanged(() => setStatus(as(NW_STAFF), id, { patient_status: 'consented' }), missingField('birthdate'));
    await expectRefusedUnchanged(
      () => setStatus(as(NW_STAFF), id, { patient_status: 'consented', birthdate: DOB }),
      refusedWith('Please acknowledge the care program warning'),
    );
    await expectRefusedUnchanged(() => setStatus(as(NW_STAFF), id, { patient_status: 'consented', birthdate: '02/04/1950' }), missingField('birthdate'));
    const answer = await setStatus(as(NW_STAFF), id, { patient_status: 'consented', birthdate: DOB, acknowledge_care_programs: true });
    expect(answer).toMatchObject({ status: 200, body: { id, patient_status: 'consented', consented_on: expect.any(String) as unknown } });
    expect(await patientRow(id)).toMatchObject({ consented_by_id: staff.id });
    expect((await historyOf(id)).map((h) => [h.old_status, h.new_status])).toEqual([['pending_enrollment', 'consented']]);
    expect((await activitiesOf(id)).map((a) => a.description)).toEqual(['Patient status updated from Pending to Consented']);
  });

  it('needs no acknowledgement with 2 active care programs, and activates at once when nothing else is missing', async () => {
    const id = await newPatient('northwind');
    await addCareProgram(id, 'rpm');
    await addCareProgram(id, 'ccm');
    await addDevice(id, 'northwind');
    expect(await setStatus(as(NW_CLINICIAN), id, { patient_status: 'consented', birthdate: DOB })).toMatchObject({
      status: 200,
      body: { patient_status: 'active' },
    });
    expect((await historyOf(id)).map((h) => [h.old_status, h.new_status, h.reason])).toEqual([
      ['pending_enrollment', 'consented', null],
      ['consented', 'active', 'Consent-to-active items completed'],
    ]);
    expect(await activitiesOf(id)).toHaveLength(2);
  });

  it('counts only active care programs for the acknowledgement', async () => {
    const id = await newPatient('northwind');
    await addCareProgram(id, 'rpm');
    await addCareProgram(id, 'ccm', false);
    await expectRefusedUnchanged(
      () => setStatus(as(NW_ADMIN), id, { patient_status: 'consented', birthdate: DOB }),
      refusedWith('Please acknowledge the care program warning'),
    );
  });

  it('refuses a patient that is not pending, or whose record lacks what consent needs', async () => {
    const unseen = await newPatient('northwind', 'unseen');
    await expectRefusedUnchanged(
      () => setStatus(as(NW_ADMIN), unseen, { patient_status: 'consented', birthdate: DOB, acknowledge_care_programs: true }),
      refusedWith('Patient status cannot change from Unseen to Consented'),
    );
    const noProvider = await newPatient('northwind', 'pending_enrollment', { billing_provider_id: null });
    await expectRefusedUnchanged(
      () => setStatus(as(NW_ADMIN), noProvider, { patient_status: 'consented', birthdate: DOB, acknowledge_care_programs: true }),
      refusedWith('The patient cannot be consented yet: A primary billing provider'),
    );
  });
});

describe('attendance on mark consented (spec 001 section 5)', () => {
  const attendanceOf = async (email: string) => (await userId(email)).id;
  const closeAttendances = async (email: string) =>
    db()
      .updateTable('attendances')
      .set({ check_out_time: new Date() })
      .where('user_id', '=', await attendanceOf(email))
      .where('check_out_time', 'is', null)
      .execute();
  const checkIn = async (email: string) =>
    db()
      .insertInto('attendances')
      .values({ user_id: await attendanceOf(email), check_in_time: new Date() })
      .execute();

  it('needs a tracked user to be checked in, unless the enrolment is virtual; an untracked user is not asked', async () => {
    await closeAttendances(ADMIN); // the internal admin's attendance is enforced (seed)
    try {
      const id = await newPatient('northwind');
      expect((await as(ADMIN).get(`/api/patients/${id}/can-be-consented`)).body).toMatchObject({
        can_be_consented: false,
        missing_items: [{ key: 'check_in', text: 'You are checked in, or the enrollment is virtual' }],
      });
      await expectRefusedUnchanged(
        () => setStatus(as(ADMIN), id, { patient_status: 'consented', birthdate: DOB, acknowledge_care_programs: true }),
        refusedWith('Check in before marking a patient consented'),
      );
      // Provider staff without attendance tracking consent the same patient's twin without checking in.
      const other = await newPatient('northwind');
      expect((await as(NW_STAFF).get(`/api/patients/${other}/can-be-consented`)).body).toMatchObject({ can_be_consented: true });

      const remote = await newPatient('northwind', 'pending_enrollment', { virtual_enrollment: true });
      expect((await as(ADMIN).get(`/api/patients/${remote}/can-be-consented`)).body).toMatchObject({ can_be_consented: true, missing_items: [] });
      expect(await setStatus(as(ADMIN), remote, { patient_status: 'consented', birthdate: DOB, acknowledge_care_programs: true })).toMatchObject({
        status: 200,
      });

      await checkIn(ADMIN);
      expect((await as(ADMIN).get(`/api/patients/${id}/can-be-consented`)).body).toMatchObject({ can_be_consented: true });
      expect(await setStatus(as(ADMIN), id, { patient_status: 'consented', birthdate: DOB, acknowledge_care_programs: true })).toMatchObject({ status: 200 });
    } finally {
      await closeAttendances(ADMIN);
      await checkIn(ADMIN);
    }
  });
});

describe('GET can-be-consented and consented-to-active-progress', () => {
  it('says whether the patient can be consented and whether the acknowledgement is needed', async () => {
    const id = await newPatient('northwind');
    expect(await as(NW_STAFF).get(`/api/patients/${id}/can-be-consented`)).toMatchObject({
      status: 200,
      body: { can_be_consented: true, missing_items: [], active_care_programs: 0, needs_care_program_acknowledgement: true },
    });
    const lacking = await newPatient('northwind', 'pending_enrollment', { birthdate: null });
    expect(await as(NW_STAFF).get(`/api/patients/${lacking}/can-be-consented`)).toMatchObject({
      status: 200,
      body: { can_be_consented: false, missing_items: [{ key: 'birthdate', text: 'Date of birth on the patient record' }] },
    });
    const active = await newPatient('northwind', 'active');
    expect((await as(NW_STAFF).get(`/api/patients/${active}/can-be-consented`)).body).toMatchObject({
      can_be_consented: false,
      missing_items: [{ key: 'status' }],
    });
  });

  it('lists what a consented patient still lacks before becoming active', async () => {
    const id = await newPatient('northwind', 'consented', { consented_on: new Date() });
    await addCareProgram(id);
    expect(await as(NW_CLINICIAN).get(`/api/patients/${id}/consented-to-active-progress`)).toEqual(
      expect.objectContaining({
        status: 200,
        body: {
          patient_status: 'consented',
          missing_items: [
            { key: 'care_programs', text: 'At least 2 active care programs' },
            { key: 'device', text: 'A device assigned to the patient' },
          ],
          is_recently_consented_and_claimable: true,
        },
      }),
    );
  });
});

describe('care programs complete the activation', () => {
  it('activates a consented patient when its second care program is added, with the device already there', async () => {
    const id = await newPatient('northwind', 'consented', { consented_on: new Date() });
    await addDevice(id, 'northwind');
    const provider = await billingProviderOf(tenants.northwind);
    const first = await as(NW_CLINICIAN).send('POST', '/api/service-instances', {
      patient_id: id,
      type: 'rpm',
      start: '2026-03-01',
      practitioner_id: provider,
    });
    expect(first).toMatchObject({ status: 201, body: { patient_id: id, tenant_id: tenants.northwind, is_active: true } });
    expect((await patientRow(id)).patient_status).toBe('consented');
    const second = await as(NW_CLINICIAN).send('POST', `/api/patients/${id}/service-instances`, {
      type: 'ccm',
      start: '2026-03-01',
      practitioner_id: provider,
    });
    expect(second).toMatchObject({ status: 201, body: { patient_id: id, type: 'ccm' } });
    expect((await patientRow(id)).patient_status).toBe('active');
    expect((await historyOf(id)).map((h) => [h.new_status, h.reason])).toEqual([['active', 'Consent-to-active items completed']]);
  });

  it("refuses a billing provider who cannot bill, an inactive program without an end, labor for provider users and another provider's patient", async () => {
    const id = await newPatient('northwind', 'consented');
    const staff = await userId(NW_STAFF);
    const provider = await billingProviderOf(tenants.northwind);
    const create = (client: Client, body: Row) =>
      client.send('POST', '/api/service-instances', { patient_id: id, type: 'rpm', start: '2026-03-01', practitioner_id: provider, ...body });
    await expectRefusedUnchanged(
      () => create(as(NW_ADMIN), { practitioner_id: staff.id }),
      (a) => {
        expect(isValidationError(a, ['body', 'practitioner_id'])).toBe(true);
        expect(JSON.stringify(a.body)).toContain('The billing provider must be a provider user with an NPI number');
      },
    );
    await expectRefusedUnchanged(() => create(as(NW_ADMIN), { is_active: false }), missingEndDate);
    await expectRefusedUnchanged(
      () => create(as(NW_ADMIN), { is_labor_provided: true }),
      (a) => expect(isValidationError(a, ['body', 'is_labor_provided'])).toBe(true),
    );
    await expectRefusedUnchanged(
      () => create(as(LS_ADMIN), {}),
      (a) => expect(isValidationError(a, ['body', 'patient_id'])).toBe(true),
    );
    await expectRefusedUnchanged(
      () => create(as(NW_STAFF), {}),
      (a) => expect(a).toMatchObject({ status: 403 }),
    );
    expect((await create(as(ADMIN), { is_labor_provided: true })).status).toBe(201);
  });
});
const missingEndDate = (a: ApiAnswer) => {
  expect(isValidationError(a, ['body', 'end'])).toBe(true);
  expect(JSON.stringify(a.body)).toContain('An inactive care program needs an end date');
};

describe('POST check-consented-to-active-status (Recheck)', () => {
  it('activates a consented patient whose items are complete, and leaves one that still lacks some', async () => {
    const ready = await newPatient('northwind', 'consented');
    await addCareProgram(ready, 'rpm');
    await addCareProgram(ready, 'ccm');
    await addDevice(ready, 'northwind');
    expect(await as(NW_STAFF).send('POST', `/api/patients/${ready}/check-consented-to-active-status`)).toMatchObject({
      status: 200,
      body: { patient_status: 'active', activated: true, missing_items: [] },
    });
    expect((await historyOf(ready)).map((h) => h.new_status)).toEqual(['active']);

    const lacking = await newPatient('northwind', 'consented');
    await addCareProgram(lacking, 'rpm');
    await addCareProgram(lacking, 'ccm');
    await expectRefusedUnchanged(
      async () => as(NW_STAFF).send('POST', `/api/patients/${lacking}/check-consented-to-active-status`),
      (a) => expect(a).toMatchObject({ status: 200, body: { patient_status: 'consented', activated: false, missing_items: [{ key: 'device' }] } }),
    );
  });
});

describe('POST patients/{id}/unenroll', () => {
  it('unenrolls: disabled, care programs ended, devices unassigned with their event, history and activity', async () => {
    const id = await newPatient('northwind', 'active');
    await addCareProgram(id, 'rpm');
    await addCareProgram(id, 'pcm', false);
    const device = await addDevice(id, 'northwind');
    const admin = await userId(NW_ADMIN);
    const answer = await unenroll(as(NW_ADMIN), id, { ...UNENROLL, reason: 'other', reason_other: 'Moved abroad' });
    expect(answer).toMatchObject({ status: 200, body: { id, patient_status: 'disabled', has_device: false } });
    expect(await patientRow(id)).toMatchObject({
      unenrolled_reason: 'other',
      unenrolled_reason_other: 'Moved abroad',
      unenrolled_by_id: admin.id,
      unenrolled_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
    });
    const programs = await db().selectFrom('service_instances').selectAll().where('patient_id', '=', id).orderBy('id').execute();
    expect(programs.map((p) => [p.type, p.is_active, p.end !== null])).toEqual([
      ['rpm', false, true],
      ['pcm', false, true],
    ]);
    expect((await db().selectFrom('devices').select('patient_id').where('id', '=', device).executeTakeFirstOrThrow()).patient_id).toBeNull();
    const event = await db().selectFrom('device_activities').selectAll().where('device_id', '=', device).executeTakeFirstOrThrow();
    expect(event).toMatchObject({ activity_type: 'unassign_patient', patient_id: id, actor_id: admin.id, tenant_id: tenants.northwind });
    expect(event.value).toMatchObject({ unassign_device_reason: { reason: 'patient_unenrolled' } });
    expect((await historyOf(id)).map((h) => [h.old_status, h.new_status, h.reason])).toEqual([['active', 'disabled', 'Moved abroad']]);
    expect((await activitiesOf(id)).map((a) => a.description)).toEqual([
      'Patient status updated from Active to Unenrolled. Reason: Moved abroad. 1 device unassigned',
    ]);
    const audited = await db().selectFrom('audit_logs').select(['resource', 'action']).where('patient_id', '=', id).where('action', '=', 'update').execute();
    expect(audited.map((a) => a.resource).sort()).toEqual(['devices', 'patients', 'service-instances']);
  });

  it('keeps the devices when skip is ticked with a reason', async () => {
    const id = await newPatient('northwind', 'consented');
    const device = await addDevice(id, 'northwind');
    await expectRefusedUnchanged(() => unenroll(as(NW_CLINICIAN), id, { ...UNENROLL, skip: true }), missingField('device_skip_reason'));
    const answer = await unenroll(as(NW_CLINICIAN), id, { ...UNENROLL, reason: 'hospice', skip: true, device_skip_reason: 'Family returns it by mail' });
    expect(answer).toMatchObject({ status: 200, body: { patient_status: 'disabled' } });
    expect((await db().selectFrom('devices').select('patient_id').where('id', '=', device).executeTakeFirstOrThrow()).patient_id).toBe(id);
    expect((await activitiesOf(id)).map((a) => a.description)).toEqual([
      'Patient status updated from Consented to Unenrolled. Reason: Hospice. Devices kept assigned: Family returns it by mail',
    ]);
  });

  it("refuses a missing reason, reason_other, each confirmation in the spec's words, and an unenrolled patient; nothing changes", async () => {
    const id = await newPatient('northwind', 'active');
    await addDevice(id, 'northwind');
    await addCareProgram(id);
    await expectRefusedUnchanged(() => unenroll(as(NW_ADMIN), id, { ...UNENROLL, reason: null }), missingField('reason'));
    await expectRefusedUnchanged(() => unenroll(as(NW_ADMIN), id, { ...UNENROLL, reason: 'other' }), missingField('reason_other'));
    await expectRefusedUnchanged(() => unenroll(as(NW_ADMIN), id, { ...UNENROLL, reason: 'tired' }), missingField('reason'));
    await expectRefusedUnchanged(
      () => unenroll(as(NW_ADMIN), id, { ...UNENROLL, team_notified: false }),
      refusedWith('Please confirm that the team has been informed'),
    );
    await expectRefusedUnchanged(
      () => unenroll(as(NW_ADMIN), id, { reason: 'hospice', team_notified: true }),
      refusedWith('Please confirm that the billing provider has been informed'),
    );
    const disabled = await newPatient('northwind', 'disabled');
    await expectRefusedUnchanged(() => unenroll(as(NW_ADMIN), disabled, UNENROLL), refusedWith('The patient is already Unenrolled'));
  });

  it('stops when a device refuses the unassignment (device rules), changing nothing', async () => {
    const id = await newPatient('northwind', 'active');
    await addCareProgram(id);
    await addDevice(id, 'northwind');
    const broken = await addDevice(id, 'northwind', 'decommissioned');
    await expectRefusedUnchanged(() => unenroll(as(NW_ADMIN), id, UNENROLL), refusedWith(`Device ${broken}: Device is decommissioned`));
  });
});

describe('tenancy and access', () => {
  it("answers another provider's patient with 404 on every call and changes nothing", async () => {
    const id = await newPatient('northwind');
    const calls: (() => Promise<ApiAnswer>)[] = [
      () => setStatus(as(LS_ADMIN), id, { patient_status: 'declined', declined_reason: 'no_time' }),
      () => setStatus(as(LS_ADMIN), id, { patient_status: 'consented', birthdate: DOB, acknowledge_care_programs: true }),
      () => unenroll(as(LS_ADMIN), id, UNENROLL),
      () => as(LS_ADMIN).get(`/api/patients/${id}/can-be-consented`),
      () => as(LS_ADMIN).get(`/api/patients/${id}/consented-to-active-progress`),
      () => as(LS_ADMIN).send('POST', `/api/patients/${id}/check-consented-to-active-status`),
      () => as(LS_ADMIN).get(`/api/patients/${id}/patient-status-history`),
      () => setStatus(as(ADMIN), 999999, { patient_status: 'declined', declined_reason: 'no_time' }),
    ];
    for (const call of calls) await expectRefusedUnchanged(call, (a) => expect(a).toMatchObject({ status: 404, body: { detail: 'Not found' } }));
  });

  it('needs a session and a valid id', async () => {
    const noSession = await t.app.inject({ method: 'POST', url: '/api/patients/1/status', payload: { patient_status: 'declined' } });
    expect(noSession.statusCode).toBe(401);
    expect(isValidationError(await setStatus(as(ADMIN), 'abc' as unknown as number, { patient_status: 'active' }), ['path', 'id'])).toBe(true);
  });
});

describe('the status history and monitoring activities resources', () => {
  it("lists a patient's status changes newest first, also under the patient", async () => {
    const id = await newPatient('northwind');
    await setStatus(as(NW_ADMIN), id, { patient_status: 'unseen', unseen_reason: 'rescheduled' });
    await setStatus(as(NW_ADMIN), id, { patient_status: 'pending_enrollment' });
    const listed = await as(NW_STAFF).get('/api/patient-status-history', { filter: { 'patient_id[eq]': id } });
    expect(listed.status).toBe(200);
    expect((listed.body as Row[]).map((h) => h.new_status)).toEqual(['pending_enrollment', 'unseen']);
    const nested = await as(NW_STAFF).get(`/api/patients/${id}/patient-status-history`);
    expect((nested.body as Row[]).map((h) => h.new_status)).toEqual(['pending_enrollment', 'unseen']);
  });

  it('logs a note for the caller and refuses type activity, which only status changes write', async () => {
    const id = await newPatient('northwind', 'active');
    const clinician = await userId(NW_CLINICIAN);
    const created = await as(NW_CLINICIAN).send('POST', '/api/monitoring-activities', {
      patient_id: id,
      type: 'note',
      description: 'Called about readings',
      duration: 120,
    });
    expect(created).toMatchObject({
      status: 201,
      body: {
        patient_id: id,
        tenant_id: tenants.northwind,
        practitioner_id: clinician.id,
        practitioner_name: clinician.full_name,
        created_by_id: clinician.id,
      },
    });
    await expectRefusedUnchanged(
      () => as(NW_CLINICIAN).send('POST', '/api/monitoring-activities', { patient_id: id, type: 'activity', description: 'Made up' }),
      (a) => expect(isValidationError(a, ['body', 'type'])).toBe(true),
    );
    await expectRefusedUnchanged(
      () => as(LS_ADMIN).send('POST', '/api/monitoring-activities', { patient_id: id, type: 'note', description: 'Not mine' }),
      (a) => expect(isValidationError(a, ['body', 'patient_id'])).toBe(true),
    );
  });

  it("marks the patient's queue views reviewed: the general view, and the program view of a program-coded activity", async () => {
    const id = await newPatient('northwind', 'active');
    const review = async () => {
      const row = await patientRow(id);
      return { general: row.general_review_status, rpm: row.rpm_review_status, ccm: row.ccm_review_status, pcm: row.pcm_review_status };
    };
    expect(await review()).toEqual({ general: 'pending', rpm: 'pending', ccm: 'pending', pcm: 'pending' });
    // Dated notes: an admin may date a note (a clinician's is dated now, issue 13).
    const reviewedOn = '2026-11-20T15:00:00.000Z';
    const rpm = await as(NW_ADMIN).send('POST', '/api/monitoring-activities', {
      patient_id: id,
      type: 'rpm_99457_99458',
      description: 'Reviewed the readings',
      duration: 600,
      reviewed_on: reviewedOn,
    });
    expect(rpm.status).toBe(201);
    expect(await review()).toEqual({ general: 'reviewed', rpm: 'reviewed', ccm: 'pending', pcm: 'pending' });
    expect((await patientRow(id)).rpm_last_reviewed).toEqual(new Date(reviewedOn));
    // An earlier review does not move the last review back.
    await as(NW_ADMIN).send('POST', '/api/monitoring-activities', {
      patient_id: id,
      type: 'rpm_99091',
      description: 'Older work',
      reviewed_on: '2026-11-01T15:00:00.000Z',
    });
    expect((await patientRow(id)).rpm_last_reviewed).toEqual(new Date(reviewedOn));
    // A refused activity reviews nothing.
    const other = await newPatient('northwind', 'active');
    await expectRefusedUnchanged(
      () => as(LS_ADMIN).send('POST', '/api/monitoring-activities', { patient_id: other, type: 'ccm_99490_99439', description: 'Not mine' }),
      (a) => expect(isValidationError(a, ['body', 'patient_id'])).toBe(true),
    );
    expect((await patientRow(other)).ccm_review_status).toBe('pending');
  });
});
