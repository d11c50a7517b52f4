import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { patientFormIssues, utcDay, yearsBefore } from '../../src/domain/patientForm';
import { conditionBlocksFor } from '../../src/domain/patientFormBlocks';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Client;
let superadmin: Client;
let northwind: number;
let lakeside: number;
let billingProvider: number;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind, lakeside } = await tenantIds(t.app));
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  superadmin = await clientFor(t.app, 'superadmin@demo.example');
  billingProvider = await staffOf(northwind);
});
afterAll(async () => t?.close());

async function staffOf(tenantId: number, role = 'clinician') {
  return (await t.app.db.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', role).executeTakeFirstOrThrow()).id;
}

/** A day relative to today, as the server counts it. */
const today = () => utcDay(new Date());
const dayAfter = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000));
const dayBefore = (day: string) => utcDay(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));

/** The add-patient form's payload as the console sends it, with a last name of its own (no duplicate). */
function newPatient(overrides: Row = {}, user: Row = {}): Row {
  counter += 1;
  return {
    birthdate: '1948-06-15',
    gender: 'Male',
    billing_provider_id: billingProvider,
    primary_condition: 'COPD',
    care_setting: 'home',
    user: {
      first_name: 'Walter',
      last_name: `Form${counter}`,
      mobile_phone_number: '+16085550123',
      primary_phone_number_type: 'mobile',
      address: { address_line1: '22 Oak St', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
      ...user,
    },
    profile: {
      demographics: {
        race: 'white',
        ethnicity: 'not_hispanic',
        height: { value: 177.8, unit: 'cm', input_unit: 'ft_in' },
        weight: { value: 81.6, unit: 'kg', input_unit: 'lb' },
      },
      comorbidities: ['High Blood Pressure'],
      smoking: 'Ex-smoker',
      copd: { exacerbations: 2, dyspnea_grade: 3, gold_stage: '3', icu_visit: false },
    },
    eligible_devices: ['pulse_oximeter'],
    insurances: [{ payer: 'Medicare', member_id: '1EG4-TE5-MK72' }],
    virtual_enrollment: false,
    ...overrides,
  };
}

const detailOf = (answer: ApiAnswer) => (answer.body as { detail: { loc: unknown[]; msg: string }[] }).detail;

/** A refused write: 422 at the field with the text, and no row changed. */
async function expectRefused(client: Client, method: 'POST' | 'PUT' | 'PATCH', url: string, body: Row, loc: string[], msg?: string) {
  const before = [await tableFingerprint(t.app, 'patients'), await tableFingerprint(t.app, 'users')];
  const answer = await client.send(method, url, body);
  expect(isValidationError(answer, ['body', ...loc]), JSON.stringify(answer.body)).toBe(true);
  if (msg) expect(detailOf(answer)[0]?.msg).toBe(msg);
  expect([await tableFingerprint(t.app, 'patients'), await tableFingerprint(t.app, 'users')]).toEqual(before);
}

describe('adding a patient', () => {
  test('creates the account (role patient) and the record (pending enrolment, screening) with the profile in metric and its BMI', async () => {
    const answer = await admin.send('POST', '/api/patients', newPatient());
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const patient = answer.body as Row & { id: number; user: Row; profile: Row };
    expect(patient).toMatchObject({
      tenant_id: northwind,
      patient_status: 'pending_enrollment',
      enrollment_type: 'screening',
      billing_provider_id: billingProvider,
      eligible_devices: ['pulse_oximeter'],
      insurances: [{ payer: 'Medicare', member_id: '1EG4-TE5-MK72' }],
      user: { first_name: 'Walter', email: null, primary_phone_number_type: 'mobile', address: { city: 'Madison', state: 'WI' } },
      profile: {
        demographics: { height: { value: 177.8, unit: 'cm', input_unit: 'ft_in' }, weight: { value: 81.6, unit: 'kg', input_unit: 'lb' }, bmi: 25.8 },
        copd: { exacerbations: 2, gold_stage: '3' },
      },
    });
    const account = await t.app.db
      .selectFrom('users')
      .select(['role', 'tenant_id', 'email'])
      .where('id', '=', patient.user.id as number)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ role: 'patient', tenant_id: northwind, email: null });
    expect(await admin.get(`/api/patients/${patient.id}`)).toMatchObject({ status: 200, body: { profile: patient.profile } });
  });

  test('writes an audit row for the create and the read, with the patient', async () => {
    const created = (await admin.send('POST', '/api/patients', newPatient())).body as Row & { id: number };
    await admin.get(`/api/patients/${created.id}`);
    const rows = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'patient_id', 'tenant_id'])
      .where('resource', '=', 'patients')
      .where('record_id', '=', String(created.id))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { action: 'create', patient_id: created.id, tenant_id: northwind },
      { action: 'read', patient_id: created.id, tenant_id: northwind },
    ]);
  });

  test("forces a provider user's patient into its own provider", async () => {
    const answer = await admin.send('POST', '/api/patients', newPatient({ tenant_id: lakeside }));
    expect(answer).toMatchObject({ status: 201, body: { tenant_id: northwind, user: { tenant_id: northwind } } });
  });

  test('asks an internal user for the provider', async () => {
    await expectRefused(superadmin, 'POST', '/api/patients', newPatient(), ['tenant_id'], 'Field required');
    const answer = await superadmin.send('POST', '/api/patients', newPatient({ tenant_id: northwind }));
    expect(answer).toMatchObject({ status: 201, body: { tenant_id: northwind } });
  });

  test.each([
    ['birthdate', (p: Row) => ({ ...p, birthdate: undefined })],
    ['gender', (p: Row) => ({ ...p, gender: undefined })],
    ['billing_provider_id', (p: Row) => ({ ...p, billing_provider_id: undefined })],
  ])('requires %s', async (field, without) => {
    await expectRefused(admin, 'POST', '/api/patients', without(newPatient()), [field], 'Field required');
  });

  test('requires the first name, the last name and the address, and an e-mail in e-mail format when one is given', async () => {
    await expectRefused(admin, 'POST', '/api/patients', newPatient({}, { first_name: undefined }), ['user', 'first_name'], 'Field required');
    await expectRefused(admin, 'POST', '/api/patients', newPatient({}, { address: undefined }), ['user', 'address'], 'Field required');
    await expectRefused(admin, 'POST', '/api/patients', newPatient({}, { email: 'not-an-email' }), ['user', 'email']);
  });

  test("refuses a billing provider of another provider, or a patient's account", async () => {
    await expectRefused(admin, 'POST', '/api/patients', newPatient({ billing_provider_id: await staffOf(lakeside) }), ['billing_provider_id']);
    const patientAccount = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', northwind)
      .where('role', '=', 'patient')
      .executeTakeFirstOrThrow();
    await expectRefused(
      admin,
      'POST',
      '/api/patients',
      newPatient({ billing_provider_id: patientAccount.id }),
      ['billing_provider_id'],
      'Must be a staff member of the provider',
    );
  });
});

describe('the form rules, with the texts of spec 001 section 5', () => {
  test.each([
    ['a birthdate less than 13 years back', { birthdate: dayAfter(yearsBefore(today(), 13)) }, ['birthdate'], 'Must be older then 13 y.o.'],
    ['a birthdate more than 120 years back', { birthdate: dayBefore(yearsBefore(today(), 120)) }, ['birthdate'], 'Must be younger then 120 y.o.'],
    [
      'an ejection fraction of 0',
      { primary_condition: 'HeartFailure', profile: { chf: { ejection_fraction: 0 } } },
      ['profile', 'chf', 'ejection_fraction'],
      'Must be greater than 0',
    ],
    ['0 COPD exacerbations', { profile: { copd: { exacerbations: 0 } } }, ['profile', 'copd', 'exacerbations'], 'Must be greater than 0'],
    [
      '7 ft 1 in',
      { profile: { demographics: { height: { value: 215.9, unit: 'cm', input_unit: 'ft_in' } } } },
      ['profile', 'demographics', 'height'],
      'Must be between 4 ft 0 in and 7 ft 0 in',
    ],
    [
      '121 cm',
      { profile: { demographics: { height: { value: 121, unit: 'cm', input_unit: 'cm' } } } },
      ['profile', 'demographics', 'height'],
      'Must be between 122 and 213 cm',
    ],
    [
      '170.25 cm',
      { profile: { demographics: { height: { value: 170.25, unit: 'cm', input_unit: 'cm' } } } },
      ['profile', 'demographics', 'height'],
      'Use at most one decimal',
    ],
    [
      '87 lb',
      { profile: { demographics: { weight: { value: 39.5, unit: 'kg', input_unit: 'lb' } } } },
      ['profile', 'demographics', 'weight'],
      'Must be between 88 and 440 lb',
    ],
    [
      '201 kg',
      { profile: { demographics: { weight: { value: 201, unit: 'kg', input_unit: 'kg' } } } },
      ['profile', 'demographics', 'weight'],
      'Must be between 40 and 200 kg',
    ],
  ])('refuses %s', async (_name, overrides, loc, msg) => {
    await expectRefused(admin, 'POST', '/api/patients', newPatient(overrides), loc, msg);
  });

  test('accepts the bounds themselves: 13 and 120 years, 4 ft 0 in and 7 ft 0 in, 88 and 440 lb', async () => {
    for (const overrides of [
      { birthdate: yearsBefore(today(), 13) },
      { birthdate: yearsBefore(today(), 120) },
      { profile: { demographics: { height: { value: 121.9, input_unit: 'ft_in' }, weight: { value: 39.9, input_unit: 'lb' } } } },
      { profile: { demographics: { height: { value: 213.4, input_unit: 'ft_in' }, weight: { value: 199.6, input_unit: 'lb' } } } },
    ]) {
      const answer = await admin.send('POST', '/api/patients', newPatient(overrides));
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    }
  });

  test('names every broken rule of one request', async () => {
    const answer = await admin.send('POST', '/api/patients', newPatient({ birthdate: today(), profile: { copd: { exacerbations: 0 } } }));
    expect(detailOf(answer).map((d) => d.loc)).toEqual([
      ['body', 'birthdate'],
      ['body', 'profile', 'copd', 'exacerbations'],
    ]);
  });
});

describe('duplicates', () => {
  test("a second patient with the same names and birthdate in the provider is a 409 with 'Key', whatever the case", async () => {
    const first = newPatient();
    expect((await admin.send('POST', '/api/patients', first)).status).toBe(201);
    const user = first.user as Row;
    const same = { ...newPatient(), user: { ...user, first_name: 'WALTER', last_name: String(user.last_name).toUpperCase() } };
    const before = [await tableFingerprint(t.app, 'patients'), await tableFingerprint(t.app, 'users')];
    const copy = await admin.send('POST', '/api/patients', same);
    expect(copy).toEqual(expect.objectContaining({ status: 409, body: { detail: 'Key (first_name, last_name, birthdate) already exists.' } }));
    expect([await tableFingerprint(t.app, 'patients'), await tableFingerprint(t.app, 'users')]).toEqual(before);
    expect((await admin.send('POST', '/api/patients', { ...same, birthdate: '1948-06-16' })).status).toBe(201);
  });

  test('the same person in another provider is not a duplicate', async () => {
    const body = newPatient();
    expect((await admin.send('POST', '/api/patients', body)).status).toBe(201);
    const lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
    const answer = await lakesideAdmin.send('POST', '/api/patients', { ...body, billing_provider_id: await staffOf(lakeside) });
    expect(answer).toMatchObject({ status: 201, body: { tenant_id: lakeside } });
  });

  test("an e-mail another account has is a 409 with 'Key' that does not echo it", async () => {
    const email = `dup.${Date.now()}@example.org`;
    expect((await admin.send('POST', '/api/patients', newPatient({}, { email }))).status).toBe(201);
    const answer = await admin.send('POST', '/api/patients', newPatient({}, { email: email.toUpperCase() }));
    expect(answer).toEqual(expect.objectContaining({ status: 409, body: { detail: 'Key (email) already exists.' } }));
  });
});

describe('editing a patient', () => {
  async function created(overrides: Row = {}) {
    const answer = await admin.send('POST', '/api/patients', newPatient(overrides, { middle_name: 'J', email: `edit.${counter}.${Date.now()}@example.org` }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as Row & { id: number; user: Row; profile: Row };
  }

  test('clears the fields sent as null, keeps the others, and turns risk_factors null into an empty list', async () => {
    const patient = await created({
      onboarding_notes: 'Call first',
      profile: { risk_factors: ['Lives alone'], smoking: 'Smoker', copd: { exacerbations: 2, gold_stage: '2' } },
    });
    const answer = await admin.send('PATCH', `/api/patients/${patient.id}`, {
      onboarding_notes: null,
      user: { middle_name: null, email: null },
      profile: { risk_factors: null, copd: { gold_stage: null } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const after = answer.body as Row & { user: Row; profile: Row };
    expect(after).toMatchObject({ onboarding_notes: null, user: { middle_name: null, email: null, first_name: 'Walter' } });
    expect(after.profile).toMatchObject({ risk_factors: [], smoking: 'Smoker', copd: { exacerbations: 2 } });
    expect(after.profile.copd).not.toHaveProperty('gold_stage');
  });

  test('PUT replaces what it sends; a cleared block disappears and BMI follows the new weight', async () => {
    const patient = await created();
    const { id: _id, user, ...rest } = newPatient();
    const answer = await admin.send('PUT', `/api/patients/${patient.id}`, {
      ...rest,
      user: { ...(user as Row), first_name: 'Walt', last_name: patient.user.last_name },
      profile: { copd: null, demographics: { weight: { value: 90, unit: 'kg', input_unit: 'kg' } } },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const profile = (answer.body as { profile: Row & { demographics: Row } }).profile;
    expect(profile).not.toHaveProperty('copd');
    expect(profile.demographics).toMatchObject({ height: { value: 177.8 }, weight: { value: 90, input_unit: 'kg' }, bmi: 28.5 });
    expect(answer.body).toMatchObject({ user: { first_name: 'Walt' } });
  });

  test('ignores care_plan and never changes the status', async () => {
    const patient = await created();
    const answer = await admin.send('PATCH', `/api/patients/${patient.id}`, { notes: 'Seen', care_plan: { monitoring_limits: [] } });
    expect(answer).toMatchObject({ status: 200, body: { notes: 'Seen', care_plan: null, patient_status: 'pending_enrollment' } });
    // Read-only, patient_status is ignored on update like every read-only field (resources README).
    const ignored = await admin.send('PATCH', `/api/patients/${patient.id}`, { patient_status: 'active' });
    expect(ignored).toMatchObject({ status: 200, body: { patient_status: 'pending_enrollment' } });
  });

  test('applies the form rules to the merged record and changes nothing when one breaks', async () => {
    const patient = await created();
    await expectRefused(
      admin,
      'PATCH',
      `/api/patients/${patient.id}`,
      { profile: { copd: { exacerbations: 0 } } },
      ['profile', 'copd', 'exacerbations'],
      'Must be greater than 0',
    );
    await expectRefused(admin, 'PATCH', `/api/patients/${patient.id}`, { birthdate: today() }, ['birthdate'], 'Must be older then 13 y.o.');
    await expectRefused(admin, 'PATCH', `/api/patients/${patient.id}`, { birthdate: null }, ['birthdate']);
  });

  test('renaming into another patient of the provider is a duplicate', async () => {
    const one = await created();
    const two = await created();
    const answer = await admin.send('PATCH', `/api/patients/${two.id}`, { user: { last_name: one.user.last_name } });
    expect(answer).toMatchObject({ status: 409, body: { detail: 'Key (first_name, last_name, birthdate) already exists.' } });
    expect((await admin.send('PATCH', `/api/patients/${one.id}`, { user: { last_name: one.user.last_name } })).status).toBe(200);
  });

  test('the search by name finds the patient under the name it has now', async () => {
    const patient = await created();
    const oldName = patient.user.last_name as string;
    const newName = `Renamed${counter}x${Date.now()}`;
    const found = async (value: string, field?: string) => {
      const filter = encodeURIComponent(JSON.stringify({ q: field ? { field, value } : value }));
      const answer = await admin.get(`/api/patients?filter=${filter}`);
      expect(answer.status).toBe(200);
      return (answer.body as { id: number }[]).map((p) => p.id);
    };
    expect(await found(oldName.toUpperCase(), 'user.full_name')).toEqual([patient.id]);
    expect((await admin.send('PATCH', `/api/patients/${patient.id}`, { user: { last_name: newName } })).status).toBe(200);
    expect(await found(oldName, 'user.full_name')).toEqual([]);
    expect(await found(`Walter J ${newName}`, 'user.full_name')).toEqual([patient.id]);
    expect(await found(newName)).toEqual([patient.id]);
    const sorted = await admin.get(
      `/api/patients?sort=user.full_name&order=asc&filter=${encodeURIComponent(JSON.stringify({ 'user.full_name[like]': newName }))}`,
    );
    expect(sorted).toMatchObject({ status: 200, body: [{ id: patient.id, user: { full_name: `Walter J ${newName}` } }] });
  });

  test("another provider's patient is 404 and stays as it was", async () => {
    const theirs = await t.app.db.selectFrom('patients').select('id').where('tenant_id', '=', lakeside).orderBy('id').executeTakeFirstOrThrow();
    const before = await tableFingerprint(t.app, 'patients');
    expect(await admin.get(`/api/patients/${theirs.id}`)).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await admin.send('PATCH', `/api/patients/${theirs.id}`, { notes: 'x' })).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await admin.send('PUT', `/api/patients/${theirs.id}`, newPatient())).toMatchObject({ status: 404, body: { detail: 'Not found' } });
    expect(await tableFingerprint(t.app, 'patients')).toBe(before);
  });

  test('writes an audit row for the update', async () => {
    const patient = await created();
    await admin.send('PATCH', `/api/patients/${patient.id}`, { notes: 'Audited' });
    const actions = await t.app.db
      .selectFrom('audit_logs')
      .select('action')
      .where('resource', '=', 'patients')
      .where('record_id', '=', String(patient.id))
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'update']);
  });
});

describe('the demo seed', () => {
  test('gives every patient what the form holds, within the form rules', async () => {
    const rows = await t.app.db
      .selectFrom('patients as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select(['p.birthdate', 'p.primary_condition', 'p.profile', 'p.insurances', 'p.eligible_devices', 'u.address', 'u.primary_phone_number_type'])
      // The seeded ones, not those the tests above added.
      .where('u.email', 'like', '%@patients.%')
      .execute();
    expect(rows.length).toBeGreaterThan(300);
    for (const row of rows) {
      const profile = row.profile as { demographics: { bmi: number }; comorbidities: string[] } & Row;
      expect(patientFormIssues({ birthdate: row.birthdate, profile }, today())).toEqual([]);
      expect(profile.demographics.bmi).toBeGreaterThan(10);
      for (const block of conditionBlocksFor(row.primary_condition, [])) expect(profile[block]).toBeTypeOf('object');
      expect(row.address).toMatchObject({ country: 'US' });
      expect(row.eligible_devices.length).toBeGreaterThan(0);
      expect(row.insurances).toHaveLength(1);
    }
  });
});
