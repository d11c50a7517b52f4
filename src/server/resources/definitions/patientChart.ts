import { sql, type Kysely } from 'kysely';
import type { ChartDevice, MonitoringFacts, OpenTasks } from '../../../../schemas/entities/patientChart';
import { inForce } from '../../../domain/billing/codeSet';
import { INCOMPATIBLE_LOOKBACK_DAYS, incompatibleNoteTypes, isStale } from '../../../domain/monitoringNotes';
import { zonedDay } from '../../../domain/zonedDays';
import { loadCodeSet } from '../../services/billing/codeSet';
import { scopeOf } from '../../../domain/permissions';
import type { DB } from '../../db/schema';
import { accessOf } from '../access';
import type { Caller } from '../caller';
import type { Resource, Values } from '../defineResource';
import { visibleRows } from '../recordQuery';
import { devices } from './devices';
import { monitoringActivities } from './monitoringActivities';
import { tasks } from './tasks';

/** How many open tasks the chart names; the count says how many there are in all. */
const OPEN_TASKS_LISTED = 3;

const idsOf = (records: readonly Values[]) => records.map((r) => r.id).filter((id): id is number => typeof id === 'number');

/**
 * The rows of another resource that the caller may list (its own scope for that resource's list
 * key, through the engine's visibility), of the given patients and of each patient's own provider.
 * Undefined when the caller may not list that resource: the expansion is then left out.
 */
export function patientRowsOf(db: Kysely<DB>, resource: Resource, caller: Caller, patientIds: readonly number[]) {
  const key = resource.keys.list;
  const scope = key && scopeOf(caller.identity.role, key);
  if (!scope) return undefined;
  return visibleRows(db, resource, accessOf(caller.identity, scope), (eb) =>
    eb.and([
      eb('t.patient_id', 'in', patientIds),
      eb('t.tenant_id', '=', eb.selectFrom('patients as p').select('p.tenant_id').whereRef('p.id', '=', 't.patient_id')),
    ]),
  );
}

const asIso = (value: unknown) => (value instanceof Date ? value.toISOString() : typeof value === 'string' ? new Date(value).toISOString() : null);

/**
 * `meta={"expand": ["devices"]}` on patients: each record gets `devices`, the devices assigned to
 * the patient (newest assignment first) with the time of their last reading. One query for the page.
 */
export async function expandDevices(db: Kysely<DB>, records: Values[], caller: Caller): Promise<void> {
  const ids = idsOf(records);
  const rows = ids.length ? patientRowsOf(db, devices, caller, ids) : undefined;
  if (!rows) return;
  const found = await rows
    .select(['t.id', 't.patient_id', 't.external_id', 't.device_type', 't.device_manufacturer', 't.status', 't.last_measurement'])
    .orderBy('t.assigned_on', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
  const byPatient = new Map<number, ChartDevice[]>();
  for (const row of found as Values[]) {
    const device = {
      id: row.id,
      external_id: row.external_id,
      device_type: row.device_type,
      device_manufacturer: row.device_manufacturer,
      status: row.status,
      last_measurement: asIso(row.last_measurement),
    } as ChartDevice;
    byPatient.set(row.patient_id as number, [...(byPatient.get(row.patient_id as number) ?? []), device]);
  }
  for (const record of records) record.devices = byPatient.get(record.id as number) ?? [];
}

/**
 * `meta={"expand": ["open_tasks"]}` on patients: each record gets `open_tasks`, the number of its
 * tasks not complete and the first three of them by due day (then priority). One query for the page.
 */
export async function expandOpenTasks(db: Kysely<DB>, records: Values[], caller: Caller): Promise<void> {
  const ids = idsOf(records);
  const rows = ids.length ? patientRowsOf(db, tasks, caller, ids) : undefined;
  if (!rows) return;
  const ranked = rows
    .where('t.complete', '=', false)
    .select([
      't.id',
      't.patient_id',
      't.title',
      't.due_on',
      't.priority',
      sql<number>`count(*) over (partition by t.patient_id)`.as('total'),
      sql<number>`row_number() over (partition by t.patient_id order by t.due_on, t.priority, t.id)`.as('rank'),
    ]);
  const found = (await db.selectFrom(ranked.as('o')).selectAll().where('o.rank', '<=', OPEN_TASKS_LISTED).orderBy('o.rank').execute()) as Values[];
  const byPatient = new Map<number, OpenTasks>();
  for (const row of found) {
    const open = byPatient.get(row.patient_id as number) ?? { count: Number(row.total), items: [] };
    open.items.push({ id: row.id as number, title: row.title as string, due_on: String(row.due_on), priority: row.priority as number });
    byPatient.set(row.patient_id as number, open);
  }
  for (const record of records) record.open_tasks = byPatient.get(record.id as number) ?? { count: 0, items: [] };
}

/**
 * `meta={"expand": ["monitoring_facts"]}` on patients: what the monitoring note form warns of (spec
 * 001 section 8), computed here so that every client words the same facts: the devices assigned,
 * the last reading (stale after more than 7 business days in the provider's time zone), whether an
 * active care program makes the notes billable, and the note types of the last 30 days that the code
 * set in force says may not be billed with each type. Read as the caller may list devices and notes.
 */
export async function expandMonitoringFacts(db: Kysely<DB>, records: Values[], caller: Caller): Promise<void> {
  const ids = idsOf(records);
  const deviceRows = ids.length ? patientRowsOf(db, devices, caller, ids) : undefined;
  const noteRows = ids.length ? patientRowsOf(db, monitoringActivities, caller, ids) : undefined;
  if (!deviceRows || !noteRows) return;
  const since = new Date(Date.now() - INCOMPATIBLE_LOOKBACK_DAYS * 86_400_000);
  const [assigned, readings, programs, recent, zones, set] = await Promise.all([
    deviceRows
      .select(['t.patient_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('t.patient_id')
      .execute(),
    db
      .selectFrom('device_activities')
      .select(['patient_id', (eb) => eb.fn.max('created_on').as('last')])
      .where('patient_id', 'in', ids)
      .where('activity_type', '=', 'measurement')
      .groupBy('patient_id')
      .execute(),
    db.selectFrom('service_instances').select('patient_id').distinct().where('patient_id', 'in', ids).where('is_active', '=', true).execute(),
    noteRows.where('t.reviewed_on', '>=', since).where('t.duration', '>', 0).select(['t.patient_id', 't.type']).distinct().execute(),
    db.selectFrom('patients as p').innerJoin('tenants as tn', 'tn.id', 'p.tenant_id').select(['p.id', 'tn.timezone']).where('p.id', 'in', ids).execute(),
    loadCodeSet(db),
  ]);
  const now = new Date();
  const current = inForce(set, now.toISOString().slice(0, 7));
  const billable = new Set(programs.map((p) => p.patient_id));
  for (const record of records) {
    const id = record.id as number;
    const last = readings.find((r) => r.patient_id === id)?.last;
    const lastAt = last ? new Date(last) : null;
    const zone = zones.find((z) => z.id === id)?.timezone ?? 'UTC';
    const types = (recent as Values[]).filter((r) => r.patient_id === id).map((r) => r.type as string);
    const facts: MonitoringFacts = {
      devices: Number(assigned.find((a) => a.patient_id === id)?.n ?? 0),
      last_measurement: lastAt?.toISOString() ?? null,
      stale_measurements: isStale(lastAt ? zonedDay(lastAt, zone) : null, zonedDay(now, zone)),
      billable: billable.has(id),
      incompatible: incompatibleNoteTypes(current.codes, current.exclusions, types),
    };
    record.monitoring_facts = facts;
  }
}
