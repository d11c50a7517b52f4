import { monitoringProgressSchema } from '../../../../schemas/entities/monitoringProgress';
import { defineResource } from '../defineResource';
import { PATIENT_RELATIONS } from './patientRelations';

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
  ],
  sortable: [
    'id',
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
});
