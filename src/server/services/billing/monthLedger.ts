import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { inForce, type CareProgram, type CodeSet } from '../../../domain/billing/codeSet';
import { monthServices, type DeviceCategory, type MonthFacts } from '../../../domain/billing/monthProgress';
import { lastWinnableDay, programProgress, type ProgramProgress } from '../../../domain/billing/programProgress';
import { CARE_PROGRAM_TYPES } from '../../../domain/enums';
import { addDays, endOfZonedDay, startOfZonedDay, zonedDay } from '../../../domain/zonedDays';
import type { DB, MonitoringProgress as MonitoringProgressTable, Services } from '../../db/schema';
import { syncServiceClaims } from './claims';
import { loadCodeSet } from './codeSet';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The monthly ledger (table services, migration 0020): for one patient and one calendar month in
 * the provider's time zone, gathers the month's facts and writes what monthServices makes of them,
 * one row per code in force for the patient's programs, and the month's progress per program
 * (monitoring_progress, migration 0021). Called in the transaction of every write
 * that changes a month's facts (a monitoring note, a reading), so that the ledger never lags the
 * notes; `refreshLedgerMonth` rebuilds a whole month (the seed, a change of the code set).
 *
 * Facts, where the spec is silent:
 * - a month is the provider's (tenants.timezone): a reading at 23:30 in New York on the 31st is the
 *   31st's, whatever UTC says;
 * - reading days: distinct days with a `measurement` device activity; every device's readings are
 *   physiologic (RPM), a peak flow meter's also respiratory (RTM); no device reads musculoskeletal;
 * - care time: the `duration` (seconds) of the month's notes by type, by `reviewed_on`;
 * - programs: the patient's care programs (service_instances) whose dates overlap the month;
 * - setups: a setup code earned in an earlier month of the ledger is not earned again.
 */
export async function refreshPatientMonth(db: Db, patientId: number, month: string): Promise<void> {
  await refreshMonth(db, [patientId], month);
}

/** How many patients one pass of refreshMonth reads and writes together. */
const BATCH = 500;

/**
 * `refreshPatientMonth` for many patients of one month: a few grouped statements per batch of
 * patients and time zone, never a round trip per patient, so that a whole month of the scale seed
 * is rebuilt in seconds (`npm run bench:billing`).
 */
export async function refreshMonth(db: Db, patientIds: readonly number[], month: string): Promise<void> {
  if (patientIds.length === 0) return;
  const set = await loadCodeSet(db);
  for (let i = 0; i < patientIds.length; i += BATCH) {
    const patients = await db
      .selectFrom('patients as p')
      .innerJoin('tenants as t', 't.id', 'p.tenant_id')
      .select(['p.id', 'p.tenant_id', 't.timezone'])
      .where('p.id', 'in', patientIds.slice(i, i + BATCH))
      .execute();
    const zones = new Map<string, typeof patients>();
    for (const patient of patients) zones.set(patient.timezone, [...(zones.get(patient.timezone) ?? []), patient]);
    for (const [zone, group] of zones) await refreshBatch(db, group, zone, month, set);
  }
}

type Patient = { id: number; tenant_id: number };

async function refreshBatch(db: Db, patients: readonly Patient[], timeZone: string, month: string, set: CodeSet): Promise<void> {
  const ids = patients.map((p) => p.id);
  const { first, last, from, to } = monthBounds(month, timeZone);

  const [programs, days, care, setups] = await Promise.all([
    db
      .selectFrom('service_instances')
      .select(['id', 'patient_id', 'type'])
      .where('patient_id', 'in', ids)
      .where('start', '<=', last)
      .where((eb) => eb.or([eb('end', 'is', null), eb('end', '>=', first)]))
      .orderBy('start', 'desc')
      .execute(),
    sql<{ patient_id: number; respiratory: boolean; day: string }>`
      select distinct a.patient_id, d.device_type = 'peak_flow_meter' as respiratory,
        (a.created_on at time zone ${timeZone})::date::text as day
      from device_activities a join devices d on d.id = a.device_id
      where a.patient_id in (${sql.join(ids)}) and a.activity_type = 'measurement'
        and a.created_on >= ${from} and a.created_on <= ${to}`.execute(db),
    db
      .selectFrom('monitoring_activities')
      .select([
        'patient_id',
        'type',
        (eb) => eb.fn.sum<number>('duration').as('seconds'),
        (eb) => eb.fn<boolean>('bool_or', ['patient_contacted']).as('contacted'),
      ])
      .where('patient_id', 'in', ids)
      .where('reviewed_on', '>=', from)
      .where('reviewed_on', '<=', to)
      .groupBy(['patient_id', 'type'])
      .execute(),
    db
      .selectFrom('services')
      .select(['patient_id', 'cpt_code'])
      .distinct()
      .where('patient_id', 'in', ids)
      .where('start_date', '<', first)
      .where('measure', '=', 'setup')
      .where('units', '>', 0)
      .execute(),
  ]);

  const codes = inForce(set, month).codes;
  const typeOf = new Map(set.codes.map((code) => [code.code, code.monitoringType]));
  const now = new Date();
  const serviceRows: Insertable<Services>[] = [];
  const progressRows: Insertable<MonitoringProgressTable>[] = [];
  for (const patient of patients) {
    const own = programs.filter((p) => p.patient_id === patient.id);
    if (own.length === 0) continue;
    const read = days.rows.filter((r) => r.patient_id === patient.id);
    const notes = care.filter((r) => r.patient_id === patient.id);
    const physiologic = new Set(read.map((r) => r.day));
    const respiratory = new Set(read.filter((r) => r.respiratory).map((r) => r.day));
    const contacted = new Set(notes.filter((row) => row.contacted).map((row) => row.type));
    const programTypes = [...new Set(own.map((p) => p.type))].filter((type): type is CareProgram => (CARE_PROGRAM_TYPES as readonly string[]).includes(type));
    const facts: MonthFacts = {
      month,
      programs: programTypes,
      readingDays: { physiologic: physiologic.size, respiratory: respiratory.size } satisfies Partial<Record<DeviceCategory, number>>,
      careSeconds: Object.fromEntries(notes.map((row) => [row.type, Number(row.seconds)])),
      setupsBilled: setups.filter((s) => s.patient_id === patient.id).map((s) => s.cpt_code),
    };
    const computed = monthServices(set, facts);
    // The newest program of a type is the one its services belong to.
    const programOf = new Map(own.map((p) => [p.type, p.id] as const).reverse());
    for (const service of computed) {
      serviceRows.push({
        tenant_id: patient.tenant_id,
        patient_id: patient.id,
        service_instance_id: programOf.get(service.program) ?? null,
        cpt_code: service.code,
        program: service.program,
        measure: service.measure,
        start_date: first,
        end_date: last,
        value: Math.round(service.value),
        max_value: Math.round(service.maxValue),
        progress: service.progress,
        units: service.units,
        remaining: Math.round(service.remaining),
        status: service.status,
        claimable: service.claimable,
        excluded_by: service.excludedBy ?? null,
        patient_communication_performed: contacted.has(typeOf.get(service.code) ?? ''),
        date: now,
      });
    }
    progressRows.push(progressRow(patient, first, programProgress(computed, codes), lastWinnableDay(computed, codes, month), now));
  }

  // A patient with no program in the month has neither services nor a progress row for it.
  const kept = serviceRows.map((r) => `${String(r.patient_id)}:${r.cpt_code}`);
  await sql`delete from services where patient_id in (${sql.join(ids)}) and start_date = ${first}
    and not (patient_id::text || ':' || cpt_code = any(${kept}::text[]))`.execute(db);
  const withProgress = progressRows.map((r) => r.patient_id);
  await sql`delete from monitoring_progress where patient_id in (${sql.join(ids)}) and start_date = ${first}
    and not (patient_id = any(${withProgress}::int[]))`.execute(db);
  for (let i = 0; i < progressRows.length; i += BATCH) await writeProgress(db, progressRows.slice(i, i + BATCH));
  for (let i = 0; i < serviceRows.length; i += BATCH) await writeServices(db, serviceRows.slice(i, i + BATCH));
  // The month's claims follow its services (claims.ts), also when it has none left.
  await syncServiceClaims(db, ids, first);
}

async function writeServices(db: Db, rows: Insertable<Services>[]) {
  await db
    .insertInto('services')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['patient_id', 'start_date', 'cpt_code']).doUpdateSet((eb) => ({
        tenant_id: eb.ref('excluded.tenant_id'),
        service_instance_id: eb.ref('excluded.service_instance_id'),
        program: eb.ref('excluded.program'),
        measure: eb.ref('excluded.measure'),
        end_date: eb.ref('excluded.end_date'),
        value: eb.ref('excluded.value'),
        max_value: eb.ref('excluded.max_value'),
        progress: eb.ref('excluded.progress'),
        units: eb.ref('excluded.units'),
        remaining: eb.ref('excluded.remaining'),
        status: eb.ref('excluded.status'),
        claimable: eb.ref('excluded.claimable'),
        excluded_by: eb.ref('excluded.excluded_by'),
        patient_communication_performed: eb.ref('excluded.patient_communication_performed'),
        date: eb.ref('excluded.date'),
      })),
    )
    .execute();
}

/** A patient's row of monitoring_progress for the month (migrations 0021, 0024): one number per program, null for the others, and the forecast. */
function progressRow(patient: Patient, first: string, progress: ProgramProgress, reachableUntil: string | null, now: Date) {
  return {
    tenant_id: patient.tenant_id,
    patient_id: patient.id,
    start_date: first,
    year: Number(first.slice(0, 4)),
    month: Number(first.slice(5, 7)),
    progress_rpm: progress.byProgram.rpm ?? null,
    progress_rtm: progress.byProgram.rtm ?? null,
    progress_ccm: progress.byProgram.ccm ?? null,
    progress_cccm: progress.byProgram.cccm ?? null,
    progress_pcm: progress.byProgram.pcm ?? null,
    progress_all: progress.all,
    reachable_until: reachableUntil,
    last_updated: now,
  };
}

async function writeProgress(db: Db, rows: Insertable<MonitoringProgressTable>[]) {
  await db
    .insertInto('monitoring_progress')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['patient_id', 'start_date']).doUpdateSet((eb) => ({
        tenant_id: eb.ref('excluded.tenant_id'),
        year: eb.ref('excluded.year'),
        month: eb.ref('excluded.month'),
        progress_rpm: eb.ref('excluded.progress_rpm'),
        progress_rtm: eb.ref('excluded.progress_rtm'),
        progress_ccm: eb.ref('excluded.progress_ccm'),
        progress_cccm: eb.ref('excluded.progress_cccm'),
        progress_pcm: eb.ref('excluded.progress_pcm'),
        progress_all: eb.ref('excluded.progress_all'),
        reachable_until: eb.ref('excluded.reachable_until'),
        last_updated: eb.ref('excluded.last_updated'),
      })),
    )
    .execute();
}

/** The month (`yyyy-mm`) an instant falls in, in a time zone. */
export function monthOf(instant: Date, timeZone: string): string {
  return zonedDay(instant, timeZone).slice(0, 7);
}

/** A month's first and last days and the instants that bound it in a time zone. */
function monthBounds(month: string, timeZone: string) {
  const first = `${month}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  return { first, last, from: startOfZonedDay(first, timeZone), to: endOfZonedDay(last, timeZone) };
}

/** The time zone of the patient's provider (its months are that zone's), or undefined for no such patient. */
async function providerZone(db: Db, patientId: number) {
  return db.selectFrom('patients as p').innerJoin('tenants as t', 't.id', 'p.tenant_id').select('t.timezone').where('p.id', '=', patientId).executeTakeFirst();
}

/** The month of `instant` in the patient's provider's time zone, refreshed. */
export async function refreshPatientMonthAt(db: Db, patientId: number, instant: Date): Promise<void> {
  const zone = await providerZone(db, patientId);
  if (zone) await refreshPatientMonth(db, patientId, monthOf(instant, zone.timezone));
}

/**
 * Every patient with a care program in `month` (of the `tenantIds` given, else of all), refreshed:
 * the seed, and after a change of the code set.
 */
export async function refreshLedgerMonth(db: Db, month: string, tenantIds?: readonly number[]): Promise<number> {
  const { first, last } = monthBounds(month, 'UTC');
  let query = db
    .selectFrom('service_instances')
    .select('patient_id')
    .distinct()
    .where('start', '<=', last)
    .where((eb) => eb.or([eb('end', 'is', null), eb('end', '>=', first)]));
  if (tenantIds) query = query.where('tenant_id', 'in', [...tenantIds, -1]);
  const patients = await query.execute();
  await refreshMonth(
    db,
    patients.map((p) => p.patient_id),
    month,
  );
  return patients.length;
}

/** How far back a change of a care program rewrites the ledger: a year of months at most. */
const PROGRAM_CHANGE_MONTHS = 12;

/**
 * The patient's months from the one holding `fromDay` (`yyyy-mm-dd`) to the current one, in the
 * provider's time zone, refreshed: a care program created, moved, ended or removed changes which
 * codes each of those months tracks. A year at most: older months have been claimed.
 */
export async function refreshPatientMonthsSince(db: Db, patientId: number, fromDay: string, now: Date = new Date()): Promise<void> {
  const zone = await providerZone(db, patientId);
  if (!zone) return;
  let month = monthOf(now, zone.timezone);
  for (let step = 0; step < PROGRAM_CHANGE_MONTHS && month >= fromDay.slice(0, 7); step++) {
    await refreshPatientMonth(db, patientId, month);
    month = addDays(`${month}-01`, -1).slice(0, 7);
  }
}
