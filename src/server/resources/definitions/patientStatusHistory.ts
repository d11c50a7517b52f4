import { patientStatusHistorySchema } from '../../../../schemas/entities/patientStatusHistory';
import { defineResource } from '../defineResource';

/** The status changes of patients, read only (the server writes them with each change); one row is read with the list permission. */
export const patientStatusHistory = defineResource({
  name: 'patient-status-history',
  table: 'patient_status_history',
  schema: patientStatusHistorySchema,
  permission: 'patient_status_history',
  actions: ['list', 'read'],
  keys: { read: 'patient_status_history.list' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'changed_at', 'old_status', 'new_status', 'changed_by_id'],
  sortable: ['id', 'changed_at'],
  search: ['changed_by_name', 'reason', 'id'],
  defaultSort: { field: 'changed_at', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
