import argon2 from 'argon2';
import type { Insertable, Kysely } from 'kysely';
import { CARE_SETTINGS, GENDERS, PRIMARY_CONDITIONS, type PatientStatus } from '../../../domain/enums';
import type { DB, Devices, Patients, Users } from '../schema';
import { refreshLedgerMonth } from '../../services/billing/monthLedger';
import { insertDeviceActivities, refreshDeviceAggregates, thinDemoReadings } from './activities';
import { seedGroupsAndCareTeams } from './careTeams';
import { demoDevices, insertDeviceFees, type DeviceSeed } from './devices';
import { seedEnrollmentHistory } from './enrollment';
import { CITIES, FIRST_NAMES_BY_SEX, LAST_NAMES, STREETS } from './names';
import { seedPatientProfiles } from './patientProfiles';
import { seedPatientRecords } from './patientRecords';
import { seedQueues, settlePatients } from './queues';
import { Random } from './random';
import { seedClinical } from './clinical';
import { seedMedicalHistory } from './medicalHistory';
import { seedContacts } from './contacts';
import { seedSupportTickets } from './supportTickets';
import { seedCareTime } from './careTime';
import { DEMO_PROVIDERS, INTERNAL_ACCOUNTS, providerAccounts } from './accounts';
import { insertTestAccounts } from './testAccounts';
import { seedBilling } from './billing';
import { seedActivityTemplates } from './activityTemplates';

export const DEMO_PASSWORD = 'Demo!2026pass';

/** Extra tenants, patients, devices and activities on top of the demo data, for benchmarks. */
export interface Scale {
  tenants: number;
  patients: number;
  devices: number;
  activities: number;
}
export const BENCH_SCALE: Scale = { tenants: 20, patients: 100_000, devices: 20_000, activities: 2_000_000 };

export interface SeedOptions {
  scale?: Scale;
  /** The day the 90 days of activity end on; defaults to today (UTC). */
  now?: Date;
  /** Patients per demo provider. */
  patientsPerProvider?: number;
}

const SEED = 20261121;
const BATCH = 1000;

/** Patient statuses with their share of a provider's patients: every status appears. */
const STATUS_MIX: [PatientStatus, number][] = [
  ['active', 0.45],
  ['pending_enrollment', 0.2],
  ['consented', 0.1],
  ['declined', 0.08],
  ['unseen', 0.07],
  ['disabled', 0.1],
];

/**
 * Fills an empty, migrated database with the demo data: Northwind Clinic and Lakeside Health with
 * staff, locations, patients in every status, devices of every manufacturer, type and status, and
 * 90 days of device activity; the demo accounts (password DEMO_PASSWORD). Deterministic: a fixed
 * seed, and times relative to the start of `now`'s day. With `scale`, adds the benchmark volume.
 */
export async function seedDatabase(db: Kysely<DB>, options: SeedOptions = {}): Promise<void> {
  const random = new Random(SEED);
  const anchor = startOfUtcDay(options.now ?? new Date());
  // One hash for every demo account: they share the published demo password anyway.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('feature_flags')
      .values([
        { key: 'clinical_activities', value: 'true' },
        { key: 'voice_calls', value: 'true' },
        { key: 'esign', value: 'true' },
      ])
      .execute();

    const internalIds = new Map<string, number>();
    for (const account of INTERNAL_ACCOUNTS) {
      const row = await trx
        .insertInto('users')
        .values({ ...account, password_hash: passwordHash, is_internal: true, is_email_verified: true, registered_on: daysBefore(anchor, 400) })
        .returning('id')
        .executeTakeFirstOrThrow();
      internalIds.set(account.email, row.id);
    }
    for (const [index, provider] of DEMO_PROVIDERS.entries()) {
      const tenantId = await insertTenant(trx, provider.slug, provider.name, daysBefore(anchor, 720 - index * 90));
      const staffIds: number[] = [];
      for (const account of providerAccounts(provider.slug)) {
        const row = await trx
          .insertInto('users')
          .values({ ...account, tenant_id: tenantId, password_hash: passwordHash, is_email_verified: true, registered_on: daysBefore(anchor, 300) })
          .returning('id')
          .executeTakeFirstOrThrow();
        staffIds.push(row.id);
      }
      const locationIds = await insertLocations(trx, random, tenantId, provider.name, anchor);
      const patients = await insertPatients(trx, random, {
        tenantId,
        slug: provider.slug,
        count: options.patientsPerProvider ?? 160,
        anchor,
        billingProviderIds: staffIds,
        locationIds,
      });
      if (provider.slug === 'northwind') await insertPatientAccount(trx, tenantId, passwordHash, anchor);
      if (provider.slug === 'northwind') await insertTestAccounts(trx, { tenantId, passwordHash, anchor });
      await insertDevices(trx, demoDevices(random, { tenantIndex: index + 1, tenantId, locationIds, patients, anchor }));
    }
    // The two internal demo accounts with attendance tracking are checked in today, each at a
    // provider's first location (the clinician at Northwind's, the admin at Lakeside's), so that
    // they can mark patients consented (spec 001 section 5) without a check-in first. An attendance
    // belongs to its location's provider.
    const sites = await trx
      .selectFrom('locations as l')
      .innerJoin('tenants as t', 't.id', 'l.tenant_id')
      .select(['l.id', 'l.tenant_id', 't.slug'])
      .orderBy('l.id')
      .execute();
    for (const [email, slug] of [
      ['internal.clinician@demo.example', 'northwind'],
      ['internal.admin@demo.example', 'lakeside'],
    ] as const) {
      const userId = internalIds.get(email);
      const site = sites.find((s) => s.slug === slug);
      if (userId)
        await trx
          .insertInto('attendances')
          .values({ user_id: userId, check_in_time: daysBefore(anchor, 0), location_id: site?.id ?? null, tenant_id: site?.tenant_id ?? null })
          .execute();
    }
    // Operator inventory: devices not yet assigned to any provider.
    await insertDevices(trx, demoDevices(random, { tenantIndex: 9, tenantId: null, locationIds: [], patients: [], anchor, count: 30 }));
    await insertDeviceActivities(trx, { anchor, days: 90, measurementsPerDay: 1, pingsEveryDays: 0.5, issueEveryNthDevice: 6 });
    // Before any scale device exists: only the demo's readings are thinned.
    await thinDemoReadings(trx);
    // Issue 23: the clinical activity templates, before the patient records whose runs name them.
    await seedActivityTemplates(trx, { anchor, authorId: internalIds.get('internal.admin@demo.example') ?? null });
  });

  await seedGroupsAndCareTeams(db, anchor);
  await seedEnrollmentHistory(db, anchor);
  await seedPatientRecords(db, anchor);
  if (options.scale) await seedScale(db, random, options.scale, anchor, passwordHash);
  await seedPatientProfiles(db, anchor);
  await seedQueues(db, anchor);
  // Before the care time and the ledger: the clinical seed adds readings that the months' services count.
  await seedClinical(db, anchor);
  await seedMedicalHistory(db, anchor);
  await seedContacts(db, anchor);
  await seedSupportTickets(db, anchor);
  await seedCareTime(db, anchor, { providers: 'demo' });
  if (options.scale) await seedCareTime(db, anchor, { providers: 'scale', months: 12 });
  await seedLedger(db, anchor);
  await insertDeviceFees(db);
  await seedBilling(db);
  await refreshDeviceAggregates(db);
  await settlePatients(db);
}

async function seedScale(db: Kysely<DB>, random: Random, scale: Scale, anchor: Date, passwordHash: string) {
  const perTenant = Math.ceil(scale.patients / scale.tenants);
  const devicesPerTenant = Math.ceil(scale.devices / scale.tenants);
  for (let t = 0; t < scale.tenants; t++) {
    await db.transaction().execute(async (trx) => {
      const slug = `scale-${String(t + 1).padStart(2, '0')}`;
      const tenantId = await insertTenant(trx, slug, `Scale Clinic ${t + 1}`, daysBefore(anchor, 365));
      const admin = await trx
        .insertInto('users')
        .values({
          email: `admin@${slug}.demo.example`,
          first_name: 'Scale',
          last_name: `Admin ${t + 1}`,
          role: 'admin',
          tenant_id: tenantId,
          password_hash: passwordHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const locationIds = await insertLocations(trx, random, tenantId, `Scale Clinic ${t + 1}`, anchor);
      const patients = await insertPatients(trx, random, {
        tenantId,
        slug,
        count: perTenant,
        anchor,
        billingProviderIds: [admin.id],
        locationIds,
      });
      await insertDevices(trx, demoDevices(random, { tenantIndex: 10 + t, tenantId, locationIds, patients, anchor, count: devicesPerTenant }));
    });
  }
  // Gateways carry no readings, so the volume is spread over the other devices of the scale tenants.
  const eligible = await db
    .selectFrom('devices')
    .innerJoin('tenants', 'tenants.id', 'devices.tenant_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenants.slug', 'like', 'scale-%')
    .where('devices.device_type', '<>', 'tenovi_gateway')
    .executeTakeFirstOrThrow();
  const perDevice = Math.ceil(scale.activities / Math.max(1, Number(eligible.n)));
  await insertDeviceActivities(db, {
    anchor,
    days: 90,
    measurementsPerDay: (perDevice * 0.9) / 90,
    pingsEveryDays: 90 / (perDevice * 0.1),
    issueEveryNthDevice: 50,
    tenantSlugPrefix: 'scale-',
    includeUnassigned: true,
  });
}

/**
 * A provider's monitoring limits (spec 002 section 3, settings.monitoring_limits), the usual remote
 * monitoring ranges, in the units the readings are stored in; the Patient Queue marks readings outside them.
 */
const PROVIDER_MONITORING_LIMITS = [
  { parameter: 'heart_rate', sub_parameter: null, min: 50, max: 110 },
  { parameter: 'blood_pressure', sub_parameter: 'systolic', min: 90, max: 150 },
  { parameter: 'blood_pressure', sub_parameter: 'diastolic', min: 50, max: 90 },
  { parameter: 'oxygen_saturation', sub_parameter: null, min: 92, max: null },
  { parameter: 'blood_glucose', sub_parameter: null, min: 70, max: 180 },
  { parameter: 'body_temperature', sub_parameter: null, min: null, max: 100.4 },
];

async function insertTenant(db: Kysely<DB>, slug: string, name: string, registeredOn: Date): Promise<number> {
  const row = await db
    .insertInto('tenants')
    .values({
      slug,
      name,
      registered_on: registeredOn,
      email: `office@${slug}.demo.example`,
      npi_number: String(1000000000 + slug.length * 7919),
      customer_size: 'medium',
      timezone: 'America/Chicago',
      address: JSON.stringify({ address_line1: '100 Main St', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' }),
      settings: JSON.stringify({ monitoring_limits: PROVIDER_MONITORING_LIMITS }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertLocations(db: Kysely<DB>, random: Random, tenantId: number, providerName: string, anchor: Date) {
  const names = ['Main Campus', 'North Annex', 'Community Outreach', 'Old Warehouse'];
  const ids: number[] = [];
  for (const [i, name] of names.entries()) {
    const place = random.pick(CITIES);
    const row = await db
      .insertInto('locations')
      .values({
        tenant_id: tenantId,
        name: `${providerName} ${name}`,
        description: i === 3 ? 'Closed; kept for device history' : null,
        address: JSON.stringify({
          address_line1: `${random.int(10, 999)} ${random.pick(STREETS)}`,
          address_line2: null,
          city: place.city,
          state: place.state,
          zip_code: place.zip,
          country: 'US',
        }),
        is_active: i !== 3,
        created_at: daysBefore(anchor, 600 - i * 30),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (i !== 3) ids.push(row.id);
  }
  return ids;
}

export interface SeededPatient {
  id: number;
  status: PatientStatus;
}

async function insertPatients(
  db: Kysely<DB>,
  random: Random,
  p: { tenantId: number; slug: string; count: number; anchor: Date; billingProviderIds: number[]; locationIds: number[] },
): Promise<SeededPatient[]> {
  const out: SeededPatient[] = [];
  for (let start = 0; start < p.count; start += BATCH) {
    const size = Math.min(BATCH, p.count - start);
    const people: Insertable<Users>[] = [];
    const statuses: PatientStatus[] = [];
    const sexes: (typeof GENDERS)[number][] = [];
    for (let i = 0; i < size; i++) {
      const n = start + i;
      // The sex at birth first, then a first name that goes with it.
      const sex = random.pick(GENDERS);
      sexes.push(sex);
      const first = random.pick(FIRST_NAMES_BY_SEX[sex]);
      const last = random.pick(LAST_NAMES);
      statuses.push(statusAt(n));
      people.push({
        email: `${first}.${last}.${n}@patients.${p.slug}.demo.example`.toLowerCase(),
        first_name: first,
        last_name: last,
        role: 'patient',
        tenant_id: p.tenantId,
        phone_number: `+1608555${String(n % 10000).padStart(4, '0')}`,
        mobile_phone_number: `+1608555${String(n % 10000).padStart(4, '0')}`,
        registered_on: daysBefore(p.anchor, random.int(1, 700)),
        is_email_verified: random.chance(0.6),
      });
    }
    const users = await db.insertInto('users').values(people).returning('id').execute();
    const rows: Insertable<Patients>[] = users.map((user, i) => {
      const status = statuses[i] as PatientStatus;
      const enrolled = status === 'active' || status === 'consented' || status === 'disabled';
      const created = daysBefore(p.anchor, random.int(1, 700));
      return {
        user_id: user.id,
        tenant_id: p.tenantId,
        patient_status: status,
        birthdate: `${random.int(1935, 2004)}-${pad2(random.int(1, 12))}-${pad2(random.int(1, 28))}`,
        gender: sexes[i],
        primary_condition: random.pick(PRIMARY_CONDITIONS),
        care_setting: random.chance(0.85) ? CARE_SETTINGS[0] : CARE_SETTINGS[1],
        priority: status === 'active' ? priorityFor(random) : null,
        billing_provider_id: random.pick(p.billingProviderIds),
        facility_location_id: p.locationIds.length ? random.pick(p.locationIds) : null,
        created_at: created,
        enrolled_on: enrolled ? created : null,
        consented_on: enrolled ? created : null,
      };
    });
    const inserted = await db.insertInto('patients').values(rows).returning(['id', 'patient_status']).execute();
    for (const row of inserted) out.push({ id: row.id, status: row.patient_status as PatientStatus });
  }
  return out;
}

/** The patient user of the demo: shows that patient accounts are refused by the console. */
async function insertPatientAccount(db: Kysely<DB>, tenantId: number, passwordHash: string, anchor: Date) {
  const user = await db
    .insertInto('users')
    .values({
      email: 'patient@northwind.demo.example',
      first_name: 'Pat',
      last_name: 'Demo',
      role: 'patient',
      tenant_id: tenantId,
      password_hash: passwordHash,
      is_email_verified: true,
      registered_on: daysBefore(anchor, 200),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('patients')
    .values({
      user_id: user.id,
      tenant_id: tenantId,
      patient_status: 'active',
      birthdate: '1956-04-12',
      gender: 'Female',
      primary_condition: 'HeartFailure',
      care_setting: 'home',
      priority: 'normal',
      created_at: daysBefore(anchor, 200),
    })
    .execute();
}

async function insertDevices(db: Kysely<DB>, devices: DeviceSeed[]) {
  for (let start = 0; start < devices.length; start += BATCH) {
    const rows: Insertable<Devices>[] = devices.slice(start, start + BATCH);
    await db.insertInto('devices').values(rows).execute();
  }
}

function statusAt(n: number): PatientStatus {
  // The golden ratio spreads the statuses evenly through the list instead of in blocks.
  const position = ((n + 1) * 0.6180339887) % 1;
  let acc = 0;
  for (const [status, share] of STATUS_MIX) {
    acc += share;
    if (position < acc) return status;
  }
  return 'active';
}

function priorityFor(random: Random): string | null {
  const r = random.next();
  if (r < 0.05) return 'acute';
  if (r < 0.15) return 'high';
  if (r < 0.35) return 'medium';
  if (r < 0.85) return 'normal';
  return null;
}

export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

export function daysBefore(anchor: Date, days: number): Date {
  return new Date(anchor.getTime() - days * 86_400_000);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The monthly services of the demo providers for the month of `anchor` and the two before it, and
 * their claims (the oldest month's submitted), from the notes and readings seeded above (the scale tenants are left out: the benchmark of the
 * ledger builds its own).
 */
async function seedLedger(db: Kysely<DB>, anchor: Date) {
  const demo = await db.selectFrom('tenants').select('id').where('slug', 'not like', 'scale-%').execute();
  const month = anchor.toISOString().slice(0, 7);
  for (const back of [2, 1, 0]) {
    const date = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)) - 1 - back, 1));
    await refreshLedgerMonth(
      db,
      date.toISOString().slice(0, 7),
      demo.map((t) => t.id),
    );
    // The oldest month's claims (made with its services) have gone to the payer.
    if (back === 2) await db.updateTable('claim_items').set({ submitted: true }).where('date_of_service', '=', date.toISOString().slice(0, 10)).execute();
  }
}
