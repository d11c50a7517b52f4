import type { Kysely } from 'kysely';
import { monitoringProgressSchema } from '../../../../schemas/entities/monitoringProgress';
import type { DB } from '../../db/schema';
import type { Caller } from '../caller';
import { defineResource, type Values } from '../defineResource';
import { patientRowsOf } from './patientChart';
import { PATIENT_RELATIONS } from './patientRelations';
import { services as servicesResource } from './services';

/**
 * GET monitoring-progress (spec 001 section 7, "Monitoring": filters month and year, meta
 * under_care): one row per patient and month, written by the server with the month's services
 * (services/billing/monthLedger.ts). The patient's care team and groups filter it as they filter
 * patients; "in my care" is the caller on the patient's current care team.
 */
export const monitoringProgress = defineResource({
  name: 'monitoring-progress',
  table: 'monitoring_progress',
  schema: monitoringProgressSchema,
  permission: 'monitoring_progress',
  actions: ['list', 'read'],
  keys: { read: 'monitoring_progress.list' },
  tenantField: 'tenant_id',
  joins: { patient: { table: 'patients', on: 'patient_id' } },
  filterable: [
    'id',
    'patient_id',
    'tenant_id',
    'year',
    'month',
    'start_date',
    'progress_rpm',
    'progress_rtm',
    'progress_ccm',
    'progress_cccm',
    'progress_pcm',
    'progress_all',
    'patient.patient_status',
    'reachable_until',
  ],
  sortable: [
    'id',
    // A patient's months, newest first (the record's Services card): unique (patient_id, start_date) serves it.
    'start_date',
    'progress_rpm',
    'progress_rtm',
    'progress_ccm',
    'progress_cccm',
    'progress_pcm',
    'progress_all',
    'last_updated',
    'patient.user_full_name',
    'patient.enrolled_on',
  ],
  search: ['patient.user_full_name'],
  defaultSort: { field: 'progress_all', order: 'asc' },
  patientField: 'patient_id',
  relations: Object.fromEntries(Object.entries(PATIENT_RELATIONS).map(([name, relation]) => [name, { ...relation, localKey: 'patient_id' }])),
  meta: { under_care: { field: 'care_team_members.practitioner_id', op: 'eq', value: 'caller' } },
  expand: { services: expandServices },
});

const day = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/**
 * `meta={"expand": ["services"]}`: each row gets its month's services (the ledger's rows of that
 * patient and month, by code), read as the caller may list services. One query for the page.
 */
async function expandServices(db: Kysely<DB>, records: Values[], caller: Caller): Promise<void> {
  const patients = [...new Set(records.map((r) => r.patient_id).filter((id): id is number => typeof id === 'number'))];
  const months = [...new Set(records.map((r) => day(r.start_date)))];
  const rows = patients.length ? patientRowsOf(db, servicesResource, caller, patients) : undefined;
  if (!rows) return;
  const found = await rows
    .where('t.start_date', 'in', months)
    .select([
      't.patient_id',
      't.start_date',
      't.cpt_code',
      't.program',
      't.measure',
      't.value',
      't.max_value',
      't.progress',
      't.units',
      't.remaining',
      't.status',
      't.claimable',
    ])
    .orderBy('t.cpt_code')
    .execute();
  const byMonth = new Map<string, Values[]>();
  for (const { patient_id, start_date, ...service } of found as Values[]) {
    const key = `${String(patient_id)}:${day(start_date)}`;
    byMonth.set(key, [...(byMonth.get(key) ?? []), service]);
  }
  for (const record of records) record.services = byMonth.get(`${String(record.patient_id)}:${day(record.start_date)}`) ?? [];
}
