import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let adminId: number;
let northwind: number;
let billingProvider: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  adminId = (await t.app.db.selectFrom('users').select('id').where('email', '=', 'admin@northwind.demo.example').executeTakeFirstOrThrow()).id;
  billingProvider = (
    await t.app.db.selectFrom('users').select('id').where('tenant_id', '=', northwind).where('role', '=', 'clinician').executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => t?.close());

/** The Add Patient payload, a new last name each time (no duplicate), with `extras`. */
function newPatient(extras: Row = {}): Row {
  counter += 1;
  return {
    birthdate: '1952-09-21',
    gender: 'Female',
    billing_provider_id: billingProvider,
    primary_condition: 'Diabetes',
    user: {
      first_name: 'Opal',
      last_name: `Extras${counter}`,
      email: `opal.extras${counter}@example.org`,
      address: { address_line1: '4 Elm Rd', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
    },
    ...extras,
  };
}

const WRITTEN = ['patients', 'users', 'user_tokens', 'patient_status_history', 'monitoring_activities', 'audit_logs'];
const fingerprints = () => Promise.all(WRITTEN.map((table) => tableFingerprint(t.app, table)));

/** A refused Add Patient: 422 at `loc` and nothing written. */
async function expectRefused(body: Row, loc: (string | number)[]): Promise<ApiAnswer> {
  const before = await fingerprints();
  const answer = await admin.send('POST', '/api/patients', body);
  expect(isValidationError(answer, loc), `${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
  expect(await fingerprints()).toEqual(before);
  return answer;
}

const created = async (body: Row) => {
  const answer = await admin.send('POST', '/api/patients', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as Row & { id: number; user: Row & { id: number } };
};

describe('Add Patient payload extras (spec 001 section 3)', () => {
  test('all four as the form sends them: role patient, enrollment type screening, no password, not consented', async () => {
    const patient = await created(newPatient({ role: 'patient', enrollment_type: 'screening', create_one_time_password: false, is_patient_consented: false }));
    expect(patient).toMatchObject({ patient_status: 'pending_enrollment', enrollment_type: 'screening', consented_on: null });
    expect(patient).not.toHaveProperty('one_time_password');
    expect(patient).not.toHaveProperty('role');
    const account = await t.app.db.selectFrom('users').select('role').where('id', '=', patient.user.id).executeTakeFirstOrThrow();
    expect(account.role).toBe('patient');
  });

  test('role: anything but patient is 422 and creates nothing', async () => {
    await expectRefused(newPatient({ role: 'admin' }), ['body', 'role']);
    await expectRefused(newPatient({ role: 'superadmin' }), ['body', 'role']);
  });

  test('enrollment_type: only screening', async () => {
    await expectRefused(newPatient({ enrollment_type: 'walk_in' }), ['body', 'enrollment_type']);
  });

  test('is_patient_consented: the new patient is consented as Mark Consented does it (history, monitoring activity, audit)', async () => {
    const patient = await created(newPatient({ is_patient_consented: true }));
    expect(patient).toMatchObject({ patient_status: 'consented', consented_by_id: adminId, consented_on: expect.any(String) as string });
    const history = await t.app.db
      .selectFrom('patient_status_history')
      .select(['old_status', 'new_status', 'changed_by_id'])
      .where('patient_id', '=', patient.id)
      .execute();
    expect(history).toEqual([{ old_status: 'pending_enrollment', new_status: 'consented', changed_by_id: adminId }]);
    const activities = await t.app.db.selectFrom('monitoring_activities').select(['type', 'description']).where('patient_id', '=', patient.id).execute();
    expect(activities).toHaveLength(1);
    expect(activities[0]?.type).toBe('activity');
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select('action')
      .where('resource', '=', 'patients')
      .where('record_id', '=', String(patient.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update']);
    expect(await admin.get(`/api/patients/${patient.id}`)).toMatchObject({ status: 200, body: { patient_status: 'consented' } });
  });

  test('is_patient_consented follows the consent rules: a caller whose attendance is enforced must be checked in', async () => {
    await t.app.db.updateTable('users').set({ attendance_tracking_enabled: true }).where('id', '=', adminId).execute();
    try {
      const before = await fingerprints();
      const answer = await admin.send('POST', '/api/patients', newPatient({ is_patient_consented: true }));
      expect(answer).toMatchObject({ status: 422, body: { detail: 'Check in before marking a patient consented' } });
      expect(await fingerprints()).toEqual(before);
      // A virtual enrolment needs no check-in.
      const virtual = await created(newPatient({ is_patient_consented: true, virtual_enrollment: true }));
      expect(virtual.patient_status).toBe('consented');
    } finally {
      await t.app.db.updateTable('users').set({ attendance_tracking_enabled: false }).where('id', '=', adminId).execute();
    }
  });

  test('create_one_time_password: answered once, a code of the /otp page for the new account, valid a week', async () => {
    const patient = await created(newPatient({ create_one_time_password: true }));
    const code = patient.one_time_password;
    expect(typeof code).toBe('string');
    expect((code as string).length).toBeGreaterThanOrEqual(20);
    const tokens = await t.app.db.selectFrom('user_tokens').select(['purpose', 'token_hash', 'expires_at']).where('user_id', '=', patient.user.id).execute();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.purpose).toBe('otp_login');
    expect(tokens[0]?.token_hash).not.toBe(code);
    const days = (new Date(tokens[0]?.expires_at as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const checked = await t.app.inject({ method: 'POST', url: '/api/auth/otp', payload: { token: code } });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ token_type: 'email_user' });
    // The code is shown once: reading the record again does not show it.
    expect((await admin.get(`/api/patients/${patient.id}`)).body).not.toHaveProperty('one_time_password');
  });

  test('consent and a one-time password together', async () => {
    const patient = await created(newPatient({ create_one_time_password: true, is_patient_consented: true }));
    expect(patient).toMatchObject({ patient_status: 'consented', one_time_password: expect.any(String) as string });
  });

  test('an update refuses the create-only extras and changes nothing', async () => {
    const patient = await created(newPatient());
    for (const [field, value] of [
      ['is_patient_consented', true],
      ['create_one_time_password', true],
      ['role', 'patient'],
    ] as const) {
      const before = await fingerprints();
      const answer = await admin.send('PATCH', `/api/patients/${patient.id}`, { [field]: value });
      expect(isValidationError(answer, ['body', field]), `${field}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(true);
      expect(await fingerprints()).toEqual(before);
    }
  });
});
