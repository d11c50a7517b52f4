import { taskActivitySchema } from '../../../../schemas/entities/taskActivity';
import { defineResource } from '../defineResource';

/**
 * The activities of tasks, read only (spec 001 section 7: "GET task-activities (task_id, newest
 * first)"): the tasks resource writes them with each change. They are read with the tasks' list
 * permission (the spec has no key of their own) and, like the tasks, audited for their patient: a
 * completion note is about the patient.
 */
export const taskActivities = defineResource({
  name: 'task-activities',
  table: 'task_activities',
  schema: taskActivitySchema,
  permission: 'tasks',
  actions: ['list', 'read'],
  keys: { list: 'tasks.list', read: 'tasks.list' },
  tenantField: 'tenant_id',
  filterable: ['id', 'task_id', 'patient_id', 'tenant_id', 'activity_type', 'performed_at', 'performed_by_id', 'is_system_generated'],
  sortable: ['id', 'performed_at', 'activity_type'],
  search: ['description', 'performed_by_name', 'id'],
  defaultSort: { field: 'performed_at', order: 'desc' },
  patientField: 'patient_id',
});
