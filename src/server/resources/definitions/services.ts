import { serviceSchema } from '../../../../schemas/entities/service';
import { defineResource } from '../defineResource';

/**
 * The monthly services of patients (GET services, spec 001 section 7 "Monitoring"): read only, the
 * server writes them (services/billing/monthLedger.ts). They are the monitoring progress, so they
 * are read with monitoring_progress.list.
 */
export const services = defineResource({
  name: 'services',
  table: 'services',
  schema: serviceSchema,
  permission: 'monitoring_progress',
  actions: ['list', 'read'],
  keys: { list: 'monitoring_progress.list', read: 'monitoring_progress.list' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'service_instance_id', 'cpt_code', 'program', 'start_date', 'end_date', 'status', 'claimable', 'units'],
  sortable: ['id', 'start_date', 'cpt_code', 'progress', 'value', 'date'],
  search: ['cpt_code'],
  defaultSort: { field: 'start_date', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
