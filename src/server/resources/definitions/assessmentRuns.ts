import { assessmentRunSchema } from '../../../../schemas/entities/assessmentRun';
import { defineResource } from '../defineResource';

/**
 * Assessment runs, read here (spec 001 section 7: GET patients/{id}/runs, 5 per page, newest first;
 * `filter={"status[ne]":"entered-in-error"}` hides the mistaken ones, the console's default). They are
 * written by the clinical record's routes (POST assessments, POST runs/{id}/entered-in-error), which
 * score them on the server; `patients.queue` reads them, audited for the patient.
 */
export const assessmentRuns = defineResource({
  name: 'runs',
  table: 'assessment_runs',
  schema: assessmentRunSchema,
  permission: 'patients',
  actions: ['list', 'read'],
  keys: { list: 'patients.queue', read: 'patients.queue' },
  tenantField: 'tenant_id',
  filterable: ['id', 'patient_id', 'tenant_id', 'workflow_name', 'category', 'status', 'created_at'],
  sortable: ['id', 'created_at', 'name'],
  search: ['name', 'id'],
  defaultSort: { field: 'created_at', order: 'desc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
});
