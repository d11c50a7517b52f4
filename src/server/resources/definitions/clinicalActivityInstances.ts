import { clinicalActivityInstanceSchema } from '../../../../schemas/entities/clinicalActivityInstance';
import { defineResource } from '../defineResource';

/**
 * Runs of clinical activities (spec 001 sections 3, 4 and 7 "Clinical activities"; 002 sections 2,
 * 4 and 7 "Clinical activity instances"), newest first, also under
 * /patients/{patient_id}/clinical-activity-instances. Every call is bespoke
 * (routes/clinicalActivities/instanceRoutes.ts, README "Runs"): a list row and a read add what the
 * server works out from the run's template (its duration, its completion share) and a read its
 * template; the writes follow the runner's rules. The engine still holds the fields, filters, reach
 * and audit: the routes read through `listRecords` and `findRecord`.
 *
 * Keys (the permission table reads clinical_activities.list, .approve and .delete; .create is ours):
 * list and read with `.list`; start, autosave, complete and discard one's own draft with `.create`;
 * deleting any run needs `.delete` and `.approve` (spec 002 section 6), checked by the service.
 */
export const clinicalActivityInstances = defineResource({
  name: 'clinical-activity-instances',
  table: 'clinical_activity_instances',
  schema: clinicalActivityInstanceSchema,
  permission: 'clinical_activities',
  actions: ['list', 'read', 'create', 'update', 'delete'],
  bespokeRoutes: ['list', 'read', 'create', 'update', 'delete'],
  keys: { read: 'clinical_activities.list', update: 'clinical_activities.create', delete: 'clinical_activities.create' },
  tenantField: 'tenant_id',
  joins: {
    patient: { table: 'patients', on: 'patient_id' },
    provider: { table: 'tenants', on: 'tenant_id' },
    practitioner: { table: 'users', on: 'practitioner_id' },
    reviewed_by: { table: 'users', on: 'reviewed_by_id' },
  },
  filterable: [
    'id',
    'tenant_id',
    'patient_id',
    'activity_template_id',
    'activity_template_family_id',
    'status',
    'practitioner_id',
    'reviewed_by_id',
    'created_at',
    'updated_at',
    'completed_at',
    'reviewed_at',
    'completion_date',
  ],
  sortable: ['id', 'created_at', 'updated_at', 'completed_at', 'reviewed_at', 'status', 'title', 'patient.user_full_name'],
  // The review list's search by patient name (spec 002 section 2); an id finds its run.
  search: ['patient.user_full_name', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
