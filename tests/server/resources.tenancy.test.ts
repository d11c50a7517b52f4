import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertTemplate, yesNo, type InsertedTemplate } from './clinicalActivityInstances.helpers';
import { createTestApp, type TestApp } from './helpers/testApp';
import { BODIES, insertRecord, TABLE_OF, type RecordKind } from './medicalHistory.helpers';
import { clientFor, INTERNAL_ACCOUNTS, PROVIDER_ROLES, TENANTS, tenantIds, type Client, type TenantSlug } from './resources.helpers';

type Row = Record<string, unknown>;

/**
 * What each role may do, written from the permission rules (src/domain/permissions.ts read as the
 * spec, docs/DESIGN.md section 3), not from the engine. Five letters: list, read, create, update, delete.
 * A = every tenant, T = own tenant only, O = own records only, - = refused (403), . = not served (404).
 */
type RoleName = 'superadmin' | 'internal_admin' | 'internal_billing_admin' | 'internal_clinician' | 'admin' | 'clinician' | 'staff';
const MEDICAL_HISTORY: Record<RoleName, string> = {
  superadmin: 'AAAAA',
  internal_admin: 'AAAAA',
  internal_billing_admin: 'AAAAA',
  internal_clinician: 'AAAAA',
  admin: 'TTTTT',
  clinician: 'TTTTT',
  staff: '-----',
};
const EXPECTED: Record<string, Record<RoleName, string>> = {
  providers: {
    superadmin: 'AAAA.',
    internal_admin: 'AAAA.',
    internal_billing_admin: 'AAAA.',
    internal_clinician: 'AA--.',
    admin: '-T--.',
    clinician: '-T--.',
    staff: '-T--.',
  },
  users: {
    superadmin: 'AAAA.',
    internal_admin: 'AAAA.',
    internal_billing_admin: 'AA--.',
    internal_clinician: 'AA--.',
    admin: 'TTTT.',
    clinician: 'TT--.',
    staff: 'TT--.',
  },
  locations: {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AA---',
    internal_clinician: 'AA---',
    admin: 'TTTTT',
    clinician: 'TT---',
    staff: 'TT---',
  },
  devices: {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AA-A-',
    internal_clinician: 'AA---',
    admin: 'TTTT-',
    clinician: 'TT---',
    staff: 'TT---',
  },
  'device-activities': {
    superadmin: 'AAA..',
    internal_admin: 'AAA..',
    internal_billing_admin: 'AAA..',
    internal_clinician: 'AAA..',
    admin: 'TTT..',
    clinician: 'TTT..',
    staff: 'TTT..',
  },
  patients: {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAA-',
    internal_clinician: 'AA-A-',
    admin: 'TTTTT',
    clinician: 'TT-T-',
    staff: 'TTTT-',
  },
  'audit-logs': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: '--...',
    admin: '--...',
    clinician: '--...',
    staff: '--...',
  },
  'auth-logs': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'OO...',
    // Issue 18: a provider admin reads the Security tab of its provider's users.
    admin: 'TT...',
    clinician: 'OO...',
    staff: 'OO...',
  },
  // Issue 18: staff list, read and close tickets; only a patient's session raises one (POST answers staff 403).
  // Issue 19: the Attendance list is the internal admin roles'; a tracked internal clinician lists its own (My Attendance).
  attendances: {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AA---',
    internal_clinician: 'OO---',
    admin: '-----',
    clinician: '-----',
    staff: '-----',
  },
  'support-tickets': {
    superadmin: 'AA-A.',
    internal_admin: 'AA-A.',
    internal_billing_admin: 'AA-A.',
    internal_clinician: 'AA-A.',
    admin: '----.',
    clinician: '----.',
    staff: '----.',
  },
  'service-instances': {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAAA',
    internal_clinician: 'AAAA-',
    admin: 'TTTTT',
    clinician: 'TTTT-',
    staff: 'TT---',
  },
  'monitoring-progress': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: '--...',
  },
  services: {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: '--...',
  },
  'patient-status-history': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: 'TT...',
  },
  'monitoring-activities': {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAAA',
    internal_clinician: 'AAAAA',
    admin: 'TTTTT',
    clinician: 'TTTTT',
    staff: '-----',
  },
  'patient-groups': {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAA-',
    internal_clinician: 'AAAA-',
    admin: 'TTTTT',
    clinician: 'TTTT-',
    staff: 'TT---',
  },
  'care-teams': {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAAA',
    internal_clinician: 'AAAAA',
    admin: 'TTTTT',
    clinician: 'TTTTT',
    staff: 'TT---',
  },
  // Read with the list key (there is no read key); staff hold tasks.list but neither voice_calls.list nor clinical_activities.list.
  // Whoever lists tasks creates and updates them; deleting is for the provider's admin and the internal admin roles.
  tasks: {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAAA',
    internal_clinician: 'AAAA-',
    admin: 'TTTTT',
    clinician: 'TTTT-',
    staff: 'TTTT-',
  },
  // Written by the server with each change of a task; read with tasks.list.
  'task-activities': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: 'TT...',
  },
  'voice-calls': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: '--...',
  },
  // Issue 23: whoever runs activities (clinical_activities.create) starts a run for a patient it reaches. PUT is the
  // runner's autosave of the clinician's own draft (PATCH is not served; tests/server/clinicalActivityInstances.test.ts).
  // Deleting any run needs clinical_activities.delete and .approve (spec 002 section 6); others delete only their own
  // drafts, and another's run answers 404 (O).
  'clinical-activity-instances': {
    superadmin: 'AAA.A',
    internal_admin: 'AAA.A',
    internal_billing_admin: 'AAA.O',
    internal_clinician: 'AAA.O',
    admin: 'TTT.O',
    clinician: 'TTT.O',
    staff: '---.-',
  },
  // Read with the list key, deleted with the update key (the table has no read or delete key); clinicians list only.
  'claim-items': {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAAA',
    internal_clinician: '-----',
    admin: 'TTTTT',
    clinician: 'TT---',
    staff: '-----',
  },
  // The clinical record (issue 14): read with patients.queue, which staff do not hold; readings are
  // written by the database from device events, runs and summaries by bespoke routes.
  'observations-v2': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: '--...',
  },
  // Flags and notes: created and removed with patients.queue (under the patient too, nestedWrites), never edited.
  'observation-annotations': {
    superadmin: 'AAA.A',
    internal_admin: 'AAA.A',
    internal_billing_admin: 'AAA.A',
    internal_clinician: 'AAA.A',
    admin: 'TTT.T',
    clinician: 'TTT.T',
    staff: '---.-',
  },
  runs: {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: '--...',
  },
  'foundation-model-responses': {
    superadmin: 'AA...',
    internal_admin: 'AA...',
    internal_billing_admin: 'AA...',
    internal_clinician: 'AA...',
    admin: 'TT...',
    clinician: 'TT...',
    staff: '--...',
  },
  // The medical history (issue 15): every call with patients.queue, which staff do not hold.
  conditions: MEDICAL_HISTORY,
  // DELETE stops the medication (routes/medicalHistory): the row stays (the fixture's deleteKeeps).
  'medication-statements': MEDICAL_HISTORY,
  'allergy-intolerances': MEDICAL_HISTORY,
  encounters: MEDICAL_HISTORY,
  // Read by the engine, created by POST care-plans (routes/medicalHistory), changed only by its own
  // calls (activate, review, PUT, revise): no PATCH nor DELETE is served.
  'care-plans': {
    superadmin: 'AAA..',
    internal_admin: 'AAA..',
    internal_billing_admin: 'AAA..',
    internal_clinician: 'AAA..',
    admin: 'TTT..',
    clinician: 'TTT..',
    staff: '---..',
  },
  // Family & Contacts (spec 001 profile section 8): part of the patient's record, read with patients.read
  // and written with patients.update, which staff hold like clinicians and admins.
  contacts: {
    superadmin: 'AAAAA',
    internal_admin: 'AAAAA',
    internal_billing_admin: 'AAAAA',
    internal_clinician: 'AAAAA',
    admin: 'TTTTT',
    clinician: 'TTTTT',
    staff: 'TTTTT',
  },
};
const ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
/** Resources whose new row takes the tenant of the patient it names: another tenant's patient is refused as unknown (422). */
const NAMED_BY_PATIENT = new Set([
  'service-instances',
  'monitoring-activities',
  'care-teams',
  'tasks',
  'claim-items',
  'observation-annotations',
  'conditions',
  'medication-statements',
  'allergy-intolerances',
  'encounters',
  'care-plans',
  'contacts',
  'clinical-activity-instances',
]);
type Grant = 'A' | 'T' | 'O' | '-' | '.';
/**
 * A product analyst (Screen Studio, issue 21) holds no permission on any resource: every call is
 * refused where the call is served at all, whatever the tenant, and no row's existence shows.
 */
type AccountRole = RoleName | 'product_analyst';
const grantOf = (resource: string, role: AccountRole, action: (typeof ACTIONS)[number]) => {
  const grant = (EXPECTED[resource]?.[role === 'product_analyst' ? 'superadmin' : role] ?? '').charAt(ACTIONS.indexOf(action)) as Grant;
  return role === 'product_analyst' && grant !== '.' ? '-' : grant;
};

interface Account {
  email: string;
  role: AccountRole;
  tenant: TenantSlug | null;
}
const ACCOUNTS: Account[] = [
  ...Object.entries(INTERNAL_ACCOUNTS).map(([role, email]) => ({ email, role: role as RoleName, tenant: null })),
  { email: 'analyst@demo.example', role: 'product_analyst', tenant: null },
  ...TENANTS.flatMap((tenant) => PROVIDER_ROLES.map((role) => ({ email: `${role}@${tenant}.demo.example`, role, tenant }))),
];

let t: TestApp;
let tenants: Record<TenantSlug, number>;
const clients = new Map<string, Client>();
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter += 1)}`;

/** How the matrix finds, changes, creates and throws away rows of each resource. */
interface Fixture {
  table: string;
  /** An existing row of the tenant that belongs to none of the callers. */
  sample(tenantId: number): Promise<number>;
  /** A body that changes nothing visible: the field's current value. */
  patch?(record: Row): Row;
  /** A body asking for a new row in the tenant. */
  create?(tenantId: number): Promise<Row>;
  /** A fresh row of the tenant that may be deleted. */
  throwaway?(tenantId: number): Promise<number>;
  /** A DELETE that keeps the row (a medication's stop): the columns it holds after it. */
  deleteKeeps?: Row;
  tenantOf(record: Row): unknown;
}

const firstId = async (query: Promise<{ id: number } | undefined>) => (await query)?.id as number;
const db = () => t.app.db;

/** A claim made by hand and not submitted (a submitted one changes only its flag), far from the seed's months. */
const claimOf = async (tenantId: number, note: string) =>
  firstId(
    db()
      .insertInto('claim_items')
      .values({
        tenant_id: tenantId,
        patient_id: await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
        date_of_service: '2031-01-02',
        cpt_code: '99457',
        units: 1,
        note,
      })
      .returning('id')
      .executeTakeFirst(),
  );

/** A bigserial id as a number (the driver may read int8 as text). */
const bigId = async (query: Promise<{ id: number | string | bigint } | undefined>) => {
  const row = await query;
  return row ? Number(row.id) : 0;
};

/** A reading of the tenant's own patient that has no annotation yet. */
const bareReading = async (tenantId: number) => {
  const row = await db()
    .selectFrom('observations as o')
    .innerJoin('patients as p', (join) => join.onRef('p.id', '=', 'o.patient_id').onRef('p.tenant_id', '=', 'o.tenant_id'))
    .select(['o.id', 'o.patient_id'])
    .where('o.tenant_id', '=', tenantId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('observation_annotations as a').select('a.id').whereRef('a.observation_id', '=', 'o.id'))))
    .orderBy('o.id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), patient_id: row.patient_id };
};

/** A note written straight to the table on a bare reading of the tenant. */
const annotationOf = async (tenantId: number, note: string) => {
  const reading = await bareReading(tenantId);
  return bigId(
    db()
      .insertInto('observation_annotations')
      .values({ tenant_id: tenantId, patient_id: reading.patient_id, observation_id: reading.id, annotation_type: 'note', annotation_reason: 'other', note })
      .returning('id')
      .executeTakeFirst(),
  );
};

/** The activity the matrix's runs are of (written straight to the tables), and its runs by a clinician who is none of the callers. */
let runTemplate: Promise<InsertedTemplate> | undefined;
const matrixTemplate = () => (runTemplate ??= insertTemplate(t.app, { title: 'Matrix activity', steps: [{ key: 'only', items: [yesNo('done')] }] }));
const runSamples = new Map<number, number>();
const matrixRun = async (tenantId: number, status: 'pending_review' | 'complete') => {
  const template = await matrixTemplate();
  const reyes = await firstId(db().selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('email', 'like', 'dr.reyes@%').executeTakeFirst());
  return firstId(
    db()
      .insertInto('clinical_activity_instances')
      .values({
        tenant_id: tenantId,
        patient_id: await firstPatient(tenantId),
        activity_template_id: template.id,
        activity_template_family_id: template.familyId,
        title: template.title,
        status,
        practitioner_id: reyes,
        completed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirst(),
  );
};

const firstPatient = (tenantId: number) =>
  firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).where('patient_status', '=', 'active').orderBy('id').executeTakeFirst());

/**
 * A record of the medical history: a row of the product (others are read only) written straight to
 * the table for the tenant's first active patient, kept as the sample; created through the API for
 * that patient, which names the tenant.
 */
function medicalHistoryFixture(kind: RecordKind, patch: (record: Row) => Row): Fixture {
  const table = TABLE_OF[kind];
  const samples = new Map<number, number>();
  const row = async (tenantId: number) => insertRecord(t.app, table, { tenantId, patientId: await firstPatient(tenantId), source: 'product' });
  return {
    table,
    sample: async (tenantId) => {
      const id = samples.get(tenantId) ?? (await row(tenantId));
      samples.set(tenantId, id);
      return id;
    },
    patch,
    create: async (tenantId) => ({ ...BODIES[kind], patient_id: await firstPatient(tenantId) }),
    throwaway: row,
    tenantOf: (r) => r.tenant_id,
  };
}

/** A contact of the tenant's first active patient, written straight to the table. */
const contactOf = async (tenantId: number, fullName: string) =>
  firstId(
    db()
      .insertInto('contacts')
      .values({ tenant_id: tenantId, patient_id: await firstPatient(tenantId), full_name: fullName, relationship_to_patient: 'caregiver' })
      .returning('id')
      .executeTakeFirst(),
  );

const internalAdminId = async () =>
  (await db().selectFrom('users').select('id').where('email', '=', INTERNAL_ACCOUNTS.internal_admin).executeTakeFirstOrThrow()).id;
const firstLocation = async (tenantId: number) =>
  (await db().selectFrom('locations').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow()).id;
/** A closed attendance of the internal admin at the tenant's first location. */
const attendanceAt = async (tenantId: number) =>
  firstId(
    db()
      .insertInto('attendances')
      .values({
        user_id: await internalAdminId(),
        tenant_id: tenantId,
        location_id: await firstLocation(tenantId),
        check_in_time: new Date('2026-01-05T14:00:00Z'),
        check_out_time: new Date('2026-01-05T22:00:00Z'),
      })
      .returning('id')
      .executeTakeFirst(),
  );

const FIXTURES: Record<string, Fixture> = {
  providers: {
    table: 'tenants',
    sample: async (tenantId) => tenantId,
    patch: (r) => ({ name: r.name }),
    create: async () => ({ name: `Matrix Provider ${unique()}` }),
    tenantOf: (r) => r.id,
  },
  users: {
    table: 'users',
    sample: (tenantId) =>
      firstId(db().selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('email', 'like', 'ma.chen@%').executeTakeFirst()),
    patch: (r) => ({ first_name: r.first_name }),
    create: async (tenantId) => ({ email: `matrix.${unique()}@example.org`, first_name: 'Mat', last_name: 'Rix', role: 'staff', tenant_id: tenantId }),
    tenantOf: (r) => r.tenant_id,
  },
  locations: {
    table: 'locations',
    sample: (tenantId) => firstId(db().selectFrom('locations').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    patch: (r) => ({ name: r.name }),
    create: async (tenantId) => ({
      name: `Matrix ${unique()}`,
      tenant_id: tenantId,
      address: { address_line1: '1 Matrix Way', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
    }),
    throwaway: (tenantId) =>
      firstId(
        db()
          .insertInto('locations')
          .values({ tenant_id: tenantId, name: `Spare ${unique()}` })
          .returning('id')
          .executeTakeFirst(),
      ),
    tenantOf: (r) => r.tenant_id,
  },
  devices: {
    table: 'devices',
    // A device changes through an update_action; toggling its shared flag to what it is needs a device with no patient.
    sample: (tenantId) =>
      firstId(
        db()
          .selectFrom('devices')
          .select('id')
          .where('tenant_id', '=', tenantId)
          .where('patient_id', 'is', null)
          .where('status', '<>', 'decommissioned')
          .orderBy('id')
          .executeTakeFirst(),
      ),
    patch: (r) => ({ update_action: 'update_shared_device', is_shared_device: r.is_shared_device }),
    create: async (tenantId) => ({ device_manufacturer: 'other', device_type: 'glucometer', external_id: `m${unique()}`, tenant_id: tenantId }),
    throwaway: (tenantId) =>
      firstId(
        db()
          .insertInto('devices')
          .values({ tenant_id: tenantId, device_manufacturer: 'other', device_type: 'cgm', external_id: `t${unique()}`, misc_data: '{}' })
          .returning('id')
          .executeTakeFirst(),
      ),
    tenantOf: (r) => r.tenant_id,
  },
  'device-activities': {
    table: 'device_activities',
    sample: (tenantId) => firstId(db().selectFrom('device_activities').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    create: async (tenantId) => ({
      device_id: await firstId(db().selectFrom('devices').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
      activity_type: 'message',
      value: { message: 'matrix' },
    }),
    tenantOf: (r) => r.tenant_id,
  },
  patients: {
    table: 'patients',
    sample: (tenantId) => firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    patch: (r) => ({ notes: r.notes }),
    create: async (tenantId) => ({
      tenant_id: tenantId,
      birthdate: '1950-01-01',
      gender: 'Female',
      // The billing provider is a user of the tenant (spec 001 section 5), so it names the tenant too.
      billing_provider_id: await firstId(
        db().selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', 'clinician').executeTakeFirst(),
      ),
      user: {
        first_name: 'Mat',
        last_name: `Rix ${unique()}`,
        email: `p.${unique()}@example.org`,
        address: { address_line1: '1 Main St', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
      },
    }),
    throwaway: async (tenantId) => {
      const user = await db()
        .insertInto('users')
        .values({ email: `x.${unique()}@example.org`, first_name: 'X', last_name: 'Y', role: 'patient', tenant_id: tenantId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return firstId(db().insertInto('patients').values({ user_id: user.id, tenant_id: tenantId }).returning('id').executeTakeFirst());
    },
    tenantOf: (r) => r.tenant_id,
  },
  'service-instances': {
    table: 'service_instances',
    // A care program of an unenrolled patient: saving it again cannot activate anyone.
    sample: (tenantId) =>
      firstId(
        db()
          .selectFrom('service_instances as s')
          .innerJoin('patients as p', 'p.id', 's.patient_id')
          .select('s.id')
          .where('s.tenant_id', '=', tenantId)
          .where('p.patient_status', '=', 'disabled')
          .orderBy('s.id')
          .executeTakeFirst(),
      ),
    patch: (r) => ({ start: r.start }),
    create: async (tenantId) => ({
      patient_id: await firstId(
        db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).where('patient_status', '=', 'disabled').orderBy('id').executeTakeFirst(),
      ),
      practitioner_id: await firstId(
        db().selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', 'clinician').executeTakeFirst(),
      ),
      type: 'rtm',
      start: '2026-01-01',
    }),
    throwaway: async (tenantId) => {
      const patient = await firstId(
        db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).where('patient_status', '=', 'disabled').orderBy('id').executeTakeFirst(),
      );
      return firstId(
        db()
          .insertInto('service_instances')
          .values({ patient_id: patient, tenant_id: tenantId, type: 'pcm', start: '2026-01-01', end: '2026-01-02', is_active: false })
          .returning('id')
          .executeTakeFirst(),
      );
    },
    tenantOf: (r) => r.tenant_id,
  },
  'patient-status-history': {
    table: 'patient_status_history',
    sample: (tenantId) => firstId(db().selectFrom('patient_status_history').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    tenantOf: (r) => r.tenant_id,
  },
  'monitoring-progress': {
    table: 'monitoring_progress',
    sample: (tenantId) => firstId(db().selectFrom('monitoring_progress').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    tenantOf: (r) => r.tenant_id,
  },
  services: {
    table: 'services',
    sample: (tenantId) => firstId(db().selectFrom('services').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    tenantOf: (r) => r.tenant_id,
  },
  'monitoring-activities': {
    table: 'monitoring_activities',
    // A note, not one of the server's own activities (which are never edited nor deleted): the
    // demo seed writes none yet, so the first call writes one.
    sample: async (tenantId) => {
      const note = await db()
        .selectFrom('monitoring_activities')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .where('description', '=', 'Matrix sample note')
        .executeTakeFirst();
      if (note) return note.id;
      const patient = await firstId(
        db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).where('patient_status', '=', 'active').orderBy('id').executeTakeFirst(),
      );
      return firstId(
        db()
          .insertInto('monitoring_activities')
          .values({ tenant_id: tenantId, patient_id: patient, type: 'note', description: 'Matrix sample note', duration: 60 })
          .returning('id')
          .executeTakeFirst(),
      );
    },
    patch: (r) => ({ description: r.description }),
    throwaway: async (tenantId) => {
      const patient = await firstId(
        db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).where('patient_status', '=', 'active').orderBy('id').executeTakeFirst(),
      );
      return firstId(
        db()
          .insertInto('monitoring_activities')
          .values({ tenant_id: tenantId, patient_id: patient, type: 'note', description: 'Throwaway note', duration: 60 })
          .returning('id')
          .executeTakeFirst(),
      );
    },
    create: async (tenantId) => ({
      patient_id: await firstId(
        db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).where('patient_status', '=', 'active').orderBy('id').executeTakeFirst(),
      ),
      type: 'note',
      description: 'Matrix note',
    }),
    tenantOf: (r) => r.tenant_id,
  },
  'patient-groups': {
    table: 'patient_groups',
    sample: (tenantId) => firstId(db().selectFrom('patient_groups').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    patch: (r) => ({ name: r.name }),
    create: async (tenantId) => ({ name: `Matrix ${unique()}`, tenant_id: tenantId }),
    throwaway: (tenantId) =>
      firstId(
        db()
          .insertInto('patient_groups')
          .values({ tenant_id: tenantId, name: `Spare ${unique()}` })
          .returning('id')
          .executeTakeFirst(),
      ),
    tenantOf: (r) => r.tenant_id,
  },
  'care-teams': {
    table: 'care_team_members',
    sample: (tenantId) => firstId(db().selectFrom('care_team_members').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    patch: (r) => ({ start_date: r.start_date }),
    // The patient names the tenant; the practitioner is staff of that tenant (the picker rule).
    create: async (tenantId) => ({
      patient_id: await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
      practitioner_id: await firstId(
        db().selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('email', 'like', 'ma.chen@%').executeTakeFirst(),
      ),
      role: 'other',
    }),
    throwaway: async (tenantId) => {
      const patient = await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst());
      const practitioner = await firstId(
        db().selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('role', '=', 'admin').executeTakeFirst(),
      );
      return firstId(
        db()
          .insertInto('care_team_members')
          .values({ patient_id: patient, tenant_id: tenantId, practitioner_id: practitioner, role: 'other', end_date: '2099-01-01' })
          .returning('id')
          .executeTakeFirst(),
      );
    },
    tenantOf: (r) => r.tenant_id,
  },
  tasks: {
    table: 'tasks',
    sample: (tenantId) => firstId(db().selectFrom('tasks').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    patch: (r) => ({ title: r.title }),
    // The patient names the tenant.
    create: async (tenantId) => ({
      patient_id: await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
      title: 'Matrix task to follow up',
      priority: 2,
      due_on: '2026-06-01',
    }),
    throwaway: async (tenantId) => {
      const patient = await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst());
      return firstId(
        db()
          .insertInto('tasks')
          .values({ tenant_id: tenantId, patient_id: patient, title: `Spare task ${unique()}`, due_on: '2026-06-01' })
          .returning('id')
          .executeTakeFirst(),
      );
    },
    tenantOf: (r) => r.tenant_id,
  },
  'task-activities': {
    table: 'task_activities',
    // The demo seed writes no activities: the first call writes one for the tenant's first task.
    sample: async (tenantId) => {
      const found = await db().selectFrom('task_activities').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst();
      if (found) return found.id;
      const task = await db().selectFrom('tasks').select(['id', 'patient_id']).where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirstOrThrow();
      return firstId(
        db()
          .insertInto('task_activities')
          .values({ tenant_id: tenantId, task_id: task.id, patient_id: task.patient_id, activity_type: 'created', description: 'Matrix activity' })
          .returning('id')
          .executeTakeFirst(),
      );
    },
    tenantOf: (r) => r.tenant_id,
  },
  'voice-calls': {
    table: 'voice_calls',
    sample: (tenantId) => firstId(db().selectFrom('voice_calls').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    tenantOf: (r) => r.tenant_id,
  },
  'clinical-activity-instances': {
    table: 'clinical_activity_instances',
    // A submitted run of the tenant's first active patient by a clinician who is none of the callers.
    sample: async (tenantId) => {
      const id = runSamples.get(tenantId) ?? (await matrixRun(tenantId, 'pending_review'));
      runSamples.set(tenantId, id);
      return id;
    },
    create: async (tenantId) => ({ patient_id: await firstPatient(tenantId), activity_template_id: (await matrixTemplate()).id }),
    throwaway: (tenantId) => matrixRun(tenantId, 'complete'),
    tenantOf: (r) => r.tenant_id,
  },
  'claim-items': {
    table: 'claim_items',
    sample: async (tenantId) =>
      (await db().selectFrom('claim_items').select('id').where('tenant_id', '=', tenantId).where('note', '=', 'Matrix sample claim').executeTakeFirst())?.id ??
      claimOf(tenantId, 'Matrix sample claim'),
    patch: (r) => ({ note: r.note }),
    create: async (tenantId) => ({
      tenant_id: tenantId,
      patient_id: await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
      date_of_service: '2031-01-02',
      cpt_code: '99457',
      units: 1,
      note: 'Matrix claim',
    }),
    throwaway: (tenantId) => claimOf(tenantId, 'Throwaway claim'),
    tenantOf: (r) => r.tenant_id,
  },
  'observations-v2': {
    table: 'observations',
    sample: (tenantId) => bigId(db().selectFrom('observations').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    tenantOf: (r) => r.tenant_id,
  },
  'observation-annotations': {
    table: 'observation_annotations',
    // The demo seed flags or notes some readings; the first call writes one if it did not.
    sample: async (tenantId) =>
      (await bigId(db().selectFrom('observation_annotations').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst())) ||
      annotationOf(tenantId, 'Matrix sample annotation'),
    // A note on a reading of the tenant that has none yet; its patient names the tenant.
    create: async (tenantId) => {
      const reading = await bareReading(tenantId);
      return { patient_id: reading.patient_id, observation_id: reading.id, annotation_type: 'note', annotation_reason: 'other', note: 'Matrix note' };
    },
    throwaway: (tenantId) => annotationOf(tenantId, 'Throwaway annotation'),
    tenantOf: (r) => r.tenant_id,
  },
  runs: {
    table: 'assessment_runs',
    sample: async (tenantId) =>
      (await bigId(db().selectFrom('assessment_runs').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst())) ||
      bigId(
        db()
          .insertInto('assessment_runs')
          .values({
            tenant_id: tenantId,
            patient_id: await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
            workflow_name: 'phq-4',
            name: 'PHQ-4',
            category: 'survey',
            result: JSON.stringify({ score: 0, max_score: 12, triage: 'LOW' }),
            questionnaire: JSON.stringify({ id: 'phq-4', version: '1', title: 'PHQ-4' }),
            questionnaire_response: JSON.stringify({ answers: {} }),
          })
          .returning('id')
          .executeTakeFirst(),
      ),
    tenantOf: (r) => r.tenant_id,
  },
  'foundation-model-responses': {
    table: 'foundation_model_responses',
    // The demo seed writes no summaries: the first call writes one.
    sample: async (tenantId) =>
      (await bigId(db().selectFrom('foundation_model_responses').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst())) ||
      bigId(
        db()
          .insertInto('foundation_model_responses')
          .values({
            tenant_id: tenantId,
            patient_id: await firstId(db().selectFrom('patients').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
            content: 'Matrix summary',
            start_date: '2026-01-01',
            end_date: '2026-01-07',
            method: 'built-in',
          })
          .returning('id')
          .executeTakeFirst(),
      ),
    tenantOf: (r) => r.tenant_id,
  },
  conditions: medicalHistoryFixture('conditions', (r) => ({ status: r.status })),
  'medication-statements': {
    ...medicalHistoryFixture('medication-statements', (r) => ({ start_date: r.start_date })),
    deleteKeeps: { status: 'stopped', update_reason: 'status-change' },
  },
  'allergy-intolerances': medicalHistoryFixture('allergy-intolerances', (r) => ({ reaction_severity: r.reaction_severity })),
  encounters: medicalHistoryFixture('encounters', (r) => ({ notes: r.notes })),
  'care-plans': {
    table: 'care_plans',
    sample: async (tenantId) =>
      (await firstId(db().selectFrom('care_plans').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst())) ||
      firstId(
        db()
          .insertInto('care_plans')
          .values({
            tenant_id: tenantId,
            patient_id: await firstPatient(tenantId),
            care_plan_template_id: 'general-monitoring',
            plan_name: 'Matrix plan',
            content: JSON.stringify({}),
          })
          .returning('id')
          .executeTakeFirst(),
      ),
    // A draft from a template for the tenant's patient; the patient names the tenant.
    create: async (tenantId) => ({ patient_id: await firstPatient(tenantId), care_plan_template_id: 'general-monitoring' }),
    tenantOf: (r) => r.tenant_id,
  },
  contacts: {
    table: 'contacts',
    // A contact of the tenant's first active patient, written straight to the table (the demo seed gives
    // none to every 7th patient); the first call writes it.
    sample: async (tenantId) =>
      (await firstId(db().selectFrom('contacts').select('id').where('tenant_id', '=', tenantId).where('full_name', '=', 'Matrix Sample').executeTakeFirst())) ||
      contactOf(tenantId, 'Matrix Sample'),
    patch: (r) => ({ notes: r.notes }),
    // The patient names the tenant.
    create: async (tenantId) => ({ patient_id: await firstPatient(tenantId), full_name: 'Matrix Contact', relationship_to_patient: 'other' }),
    throwaway: (tenantId) => contactOf(tenantId, `Spare ${unique()}`),
    tenantOf: (r) => r.tenant_id,
  },
  'audit-logs': {
    table: 'audit_logs',
    sample: (tenantId) =>
      firstId(db().selectFrom('audit_logs').select('id').where('tenant_id', '=', tenantId).where('resource', '=', 'matrix-fixture').executeTakeFirst()),
    tenantOf: (r) => r.tenant_id,
  },
  'auth-logs': {
    table: 'auth_logs',
    sample: async (tenantId) => {
      const user = await FIXTURES.users?.sample(tenantId);
      return firstId(
        db()
          .selectFrom('auth_logs')
          .select('id')
          .where('user_id', '=', user as number)
          .executeTakeFirst(),
      );
    },
    tenantOf: (r) => (r.user as Row | null)?.tenant_id,
  },
  attendances: {
    table: 'attendances',
    // The internal admin's closed attendance at one of the tenant's locations (a record belongs to its location's provider).
    sample: async (tenantId) => attendanceAt(tenantId),
    patch: (r) => ({ attendance_type: r.attendance_type }),
    create: async (tenantId) => ({
      user_id: await internalAdminId(),
      attendance_type: 'training',
      check_in_time: '2026-02-03T14:00:00.000Z',
      check_out_time: '2026-02-03T18:00:00.000Z',
      location_id: await firstLocation(tenantId),
    }),
    throwaway: async (tenantId) => attendanceAt(tenantId),
    tenantOf: (r) => r.tenant_id,
  },
  'support-tickets': {
    table: 'support_tickets',
    sample: (tenantId) => firstId(db().selectFrom('support_tickets').select('id').where('tenant_id', '=', tenantId).orderBy('id').executeTakeFirst()),
    patch: (r) => ({ status: r.status }),
    create: async () => ({ category: 'Matrix', description: 'A ticket only a patient may raise' }),
    tenantOf: (r) => r.tenant_id,
  },
};

beforeAll(async () => {
  t = await createTestApp();
  tenants = await tenantIds(t.app);
  for (const account of ACCOUNTS) clients.set(account.email, await clientFor(t.app, account.email));
  for (const tenantId of Object.values(tenants)) {
    await db().insertInto('audit_logs').values({ action: 'read', resource: 'matrix-fixture', tenant_id: tenantId }).execute();
    await db()
      .insertInto('auth_logs')
      .values({ event_type: 'login_success', user_id: await FIXTURES.users?.sample(tenantId) })
      .execute();
  }
});
afterAll(async () => t?.close());

const rowOf = async (table: string, id: number) =>
  (await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t where id = ${id}`.execute(db())).rows[0]?.row;
const countOf = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0]?.n;
const NOT_FOUND = { detail: 'Not found' };
const FORBIDDEN = { detail: 'Not enough permissions' };

describe.each(Object.keys(EXPECTED))('%s', (resource) => {
  const fixture = FIXTURES[resource] as Fixture;
  const url = `/api/${resource}`;

  test.each(ACCOUNTS.map((a) => [a.email, a] as const))('%s', async (_email, account) => {
    const client = clients.get(account.email) as Client;
    const grant = (action: (typeof ACTIONS)[number]) => grantOf(resource, account.role, action);
    for (const slug of TENANTS) {
      const tenantId = tenants[slug];
      const own = account.tenant === slug;
      const reaches = (g: Grant) => g === 'A' || (g === 'T' && own);
      const id = await fixture.sample(tenantId);
      expect(id, `a ${resource} row of ${slug}`).toBeTypeOf('number');
      const where = `${resource} of ${slug} as ${account.email}`;

      const listed = await client.get(url, { filter: { 'id[eq]': id } });
      if (grant('list') === '-') expect(listed, `list ${where}`).toMatchObject({ status: 403, body: FORBIDDEN });
      else expect(listed.status === 200 && (listed.body as Row[]).some((r) => r.id === id), `list ${where}`).toBe(reaches(grant('list')));

      const read = await client.get(`${url}/${id}`);
      if (grant('read') === '-') expect(read, `read ${where}`).toMatchObject({ status: 403, body: FORBIDDEN });
      else if (reaches(grant('read'))) expect(read, `read ${where}`).toMatchObject({ status: 200, body: { id } });
      else expect(read, `read ${where}`).toEqual(expect.objectContaining({ status: 404, body: NOT_FOUND }));

      await checkUpdate(client, grant('update'), reaches(grant('update')), id, where);
      await checkDelete(client, grant('delete'), reaches(grant('delete')), tenantId, id, where);
      await checkCreate(client, grant('create'), account, tenantId, where);
    }
    if (grant('list') === 'O') await checkOwnRecords(client, account);
  });

  async function checkUpdate(client: Client, g: Grant, reaches: boolean, id: number, where: string) {
    const before = await rowOf(fixture.table, id);
    const current = ((await clients.get(INTERNAL_ACCOUNTS.superadmin)?.get(`${url}/${id}`))?.body ?? {}) as Row;
    const answer = await client.send('PATCH', `${url}/${id}`, fixture.patch ? fixture.patch(current) : {});
    if (g === '.') expect(answer.status, `update ${where}`).toBe(404);
    else if (g === '-') expect(answer, `update ${where}`).toMatchObject({ status: 403, body: FORBIDDEN });
    else if (reaches) expect(answer, `update ${where}`).toMatchObject({ status: 200, body: { id } });
    else expect(answer, `update ${where}`).toEqual(expect.objectContaining({ status: 404, body: NOT_FOUND }));
    if (!reaches || g === '-' || g === '.') expect(await rowOf(fixture.table, id), `unchanged after update ${where}`).toBe(before);
  }

  async function checkDelete(client: Client, g: Grant, reaches: boolean, tenantId: number, id: number, where: string) {
    if (g !== '.' && reaches && fixture.throwaway) {
      const spare = await fixture.throwaway(tenantId);
      expect(await client.send('DELETE', `${url}/${spare}`), `delete ${where}`).toMatchObject({ status: 200, body: { id: spare, ...fixture.deleteKeeps } });
      if (!fixture.deleteKeeps) expect(await rowOf(fixture.table, spare), `deleted ${where}`).toBeUndefined();
      else expect(await superadminRead(spare), `kept after delete ${where}`).toMatchObject({ id: spare, ...fixture.deleteKeeps });
      return;
    }
    const before = await rowOf(fixture.table, id);
    const answer = await client.send('DELETE', `${url}/${id}`);
    if (g === '.') expect(answer.status, `delete ${where}`).toBe(404);
    else if (g === '-') expect(answer, `delete ${where}`).toMatchObject({ status: 403, body: FORBIDDEN });
    else expect(answer, `delete ${where}`).toEqual(expect.objectContaining({ status: 404, body: NOT_FOUND }));
    expect(await rowOf(fixture.table, id), `unchanged after delete ${where}`).toBe(before);
  }

  async function superadminRead(id: number) {
    return (await clients.get(INTERNAL_ACCOUNTS.superadmin)?.get(`${url}/${id}`))?.body;
  }

  async function checkCreate(client: Client, g: Grant, account: Account, tenantId: number, where: string) {
    const count = await countOf(fixture.table);
    const answer = await client.send('POST', url, fixture.create ? await fixture.create(tenantId) : {});
    if (g === '.' || g === '-') {
      expect(answer.status, `create ${where}`).toBe(g === '.' ? 404 : 403);
      expect(await countOf(fixture.table), `nothing created ${where}`).toBe(count);
      return;
    }
    const ownTenant = account.tenant ? tenants[account.tenant] : null;
    if (g === 'T' && ownTenant !== tenantId && (resource === 'device-activities' || resource === 'patients' || NAMED_BY_PATIENT.has(resource))) {
      // The device (the patient's billing provider) names the tenant: another tenant's is refused as unknown.
      expect(answer.status, `create ${where}`).toBe(422);
      expect(await countOf(fixture.table), `nothing created ${where}`).toBe(count);
      return;
    }
    expect(answer.status, `create ${where}: ${JSON.stringify(answer.body)}`).toBe(201);
    if (resource !== 'providers') expect(fixture.tenantOf(answer.body as Row), `tenant of the created row ${where}`).toBe(g === 'T' ? ownTenant : tenantId);
  }

  async function checkOwnRecords(client: Client, account: Account) {
    const me = await db().selectFrom('users').select('id').where('email', '=', account.email).executeTakeFirstOrThrow();
    const mine = await client.get(url, { limit: '500' });
    expect(mine.status).toBe(200);
    expect((mine.body as Row[]).length).toBeGreaterThan(0);
    expect((mine.body as Row[]).every((r) => r.user_id === me.id)).toBe(true);
    const first = (mine.body as Row[])[0] as Row & { id: number };
    expect(await client.get(`${url}/${first.id}`)).toMatchObject({ status: 200, body: { id: first.id } });
  }
});
