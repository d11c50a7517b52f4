import { sql, type Kysely, type Transaction } from 'kysely';
import { inForce, type CareProgram } from '../../../domain/billing/codeSet';
import { monthServices, type DeviceCategory, type MonthFacts } from '../../../domain/billing/monthProgress';
import { programProgress, type ProgramProgress } from '../../../domain/billing/programProgress';
import { CARE_PROGRAM_TYPES } from '../../../domain/enums';
import { addDays, endOfZonedDay, startOfZonedDay, zonedDay } from '../../../domain/zonedDays';
import type { DB } from '../../db/schema';
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
  const patient = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.id', 'p.tenant_id', 't.timezone'])
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (!patient) return;
  const { first, last, from, to } = monthBounds(month, patient.timezone);

  const [programs, days, care, setups, set] = await Promise.all([
    db
      .selectFrom('service_instances')
      .select(['id', 'type'])
      .where('patient_id', '=', patientId)
      .where('start', '<=', last)
      .where((eb) => eb.or([eb('end', 'is', null), eb('end', '>=', first)]))
      .orderBy('start', 'desc')
      .execute(),
    sql<{ respiratory: boolean; day: string }>`
      select distinct d.device_type = 'peak_flow_meter' as respiratory,
        (a.created_on at time zone ${patient.timezone})::date::text as day
      from device_activities a join devices d on d.id = a.device_id
      where a.patient_id = ${patientId} and a.activity_type = 'measurement'
        and a.created_on >= ${from} and a.created_on <= ${to}`.execute(db),
    db
      .selectFrom('monitoring_activities')
      .select(['type', (eb) => eb.fn.sum<number>('duration').as('seconds'), (eb) => eb.fn<boolean>('bool_or', ['patient_contacted']).as('contacted')])
      .where('patient_id', '=', patientId)
      .where('reviewed_on', '>=', from)
      .where('reviewed_on', '<=', to)
      .groupBy('type')
      .execute(),
    db
      .selectFrom('services')
      .select('cpt_code')
      .distinct()
      .where('patient_id', '=', patientId)
      .where('start_date', '<', first)
      .where('measure', '=', 'setup')
      .where('units', '>', 0)
      .execute(),
    loadCodeSet(db),
  ]);

  const physiologic = new Set(days.rows.map((r) => r.day));
  const respiratory = new Set(days.rows.filter((r) => r.respiratory).map((r) => r.day));
  const readingDays: Partial<Record<DeviceCategory, number>> = { physiologic: physiologic.size, respiratory: respiratory.size };
  const careSeconds = Object.fromEntries(care.map((row) => [row.type, Number(row.seconds)]));
  const contacted = new Set(care.filter((row) => row.contacted).map((row) => row.type));
  const programTypes = [...new Set(programs.map((p) => p.type))].filter((type): type is CareProgram =>
    (CARE_PROGRAM_TYPES as readonly string[]).includes(type),
  );
  const facts: MonthFacts = { month, programs: programTypes, readingDays, careSeconds, setupsBilled: setups.map((s) => s.cpt_code) };
  const computed = monthServices(set, facts);

  const programOf = new Map(programs.map((p) => [p.type, p.id] as const).reverse());
  const typeOf = new Map(set.codes.map((code) => [code.code, code.monitoringType]));
  const now = new Date();
  const rows = computed.map((service) => ({
    tenant_id: patient.tenant_id,
    patient_id: patientId,
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
  }));
  await writeProgress(db, patient.tenant_id, patientId, first, programProgress(computed, inForce(set, month).codes));
  await db
    .deleteFrom('services')
    .where('patient_id', '=', patientId)
    .where('start_date', '=', first)
    .where('cpt_code', 'not in', rows.map((r) => r.cpt_code).concat(['']))
    .execute();
  if (rows.length === 0) return;
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

/** The patient's row of monitoring_progress for the month (migration 0021): one number per program, null for the others. */
async function writeProgress(db: Db, tenantId: number, patientId: number, first: string, progress: ProgramProgress) {
  const values = {
    tenant_id: tenantId,
    patient_id: patientId,
    start_date: first,
    year: Number(first.slice(0, 4)),
    month: Number(first.slice(5, 7)),
    ...Object.fromEntries(CARE_PROGRAM_TYPES.map((program) => [`progress_${program}`, progress.byProgram[program] ?? null])),
    progress_all: progress.all,
    last_updated: new Date(),
  };
  await db
    .insertInto('monitoring_progress')
    .values(values)
    .onConflict((oc) => oc.columns(['patient_id', 'start_date']).doUpdateSet(values))
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

/** The month of `instant` in the patient's provider's time zone, refreshed. */
export async function refreshPatientMonthAt(db: Db, patientId: number, instant: Date): Promise<void> {
  const zone = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select('t.timezone')
    .where('p.id', '=', patientId)
    .executeTakeFirst();
  if (zone) await refreshPatientMonth(db, patientId, monthOf(instant, zone.timezone));
}

/**
 * Every patient with a care program in `month` (of the `tenantIds` given, else of all), refreshed:
 * the seed, and after a change of the code set.
 */
export async function refreshLedgerMonth(db: Db, month: string, tenantIds?: readonly number[]): Promise<number> {
  const first = `${month}-01`;
  const last = addDays(`${addDays(first, 31).slice(0, 7)}-01`, -1);
  let query = db
    .selectFrom('service_instances')
    .select('patient_id')
    .distinct()
    .where('start', '<=', last)
    .where((eb) => eb.or([eb('end', 'is', null), eb('end', '>=', first)]));
  if (tenantIds) query = query.where('tenant_id', 'in', [...tenantIds, -1]);
  const patients = await query.execute();
  for (const { patient_id } of patients) await refreshPatientMonth(db, patient_id, month);
  return patients.length;
}
