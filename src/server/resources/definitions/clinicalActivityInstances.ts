import { clinicalActivityInstanceSchema } from '../../../../schemas/entities/clinicalActivityInstance';
import { defineResource } from '../defineResource';

/**
 * Clinical activity instances (spec 001 section 7, "Clinical activities": "GET
 * clinical-activity-instances (filter patient_id, status not draft)"), newest first, also under
 * /patients/{patient_id}/clinical-activity-instances. Read only until the runner comes; reading
 * one needs the list permission (there is no clinical_activities.read key).
 */
export const clinicalActivityInstances = defineResource({
  name: 'clinical-activity-instances',
  table: 'clinical_activity_instances',
  schema: clinicalActivityInstanceSchema,
  permission: 'clinical_activities',
  actions: ['list', 'read'],
  keys: { read: 'clinical_activities.list' },
  tenantField: 'tenant_id',
  filterable: ['id', 'tenant_id', 'patient_id', 'activity_template_id', 'status', 'practitioner_id', 'created_at', 'updated_at', 'completed_at'],
  sortable: ['id', 'created_at', 'updated_at', 'completed_at', 'status', 'title'],
  search: ['title', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
