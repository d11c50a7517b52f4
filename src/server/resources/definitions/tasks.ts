import { sql } from 'kysely';
import { taskSchema } from '../../../../schemas/entities/task';
import { defineResource } from '../defineResource';

/** The name of the account a task column points at, read when the task is. */
const nameOf = (column: 'added_by_id' | 'assigned_to_id' | 'completed_by_id') =>
  sql<string | null>`(select u.full_name from users u where u.id = ${sql.ref(`t.${column}`)})`;

/**
 * Tasks about patients (spec 001 sections 3 and 7, "Tasks"): listed by due day, also under
 * /patients/{patient_id}/tasks. Home's Your Tasks and the record's badge filter complete and
 * assigned_to_id. Reading one needs the list permission (there is no tasks.read key).
 */
export const tasks = defineResource({
  name: 'tasks',
  table: 'tasks',
  schema: taskSchema,
  permission: 'tasks',
  actions: ['list', 'read'],
  keys: { read: 'tasks.list' },
  tenantField: 'tenant_id',
  filterable: [
    'id',
    'tenant_id',
    'patient_id',
    'complete',
    'assigned_to_id',
    'added_by_id',
    'completed_by_id',
    'task_type',
    'priority',
    'due_on',
    'created_on',
    'completed_at',
  ],
  sortable: ['id', 'due_on', 'created_on', 'priority', 'completed_at', 'title'],
  search: ['title', 'id'],
  defaultSort: { field: 'due_on', order: 'asc' },
  patientField: 'patient_id',
  nestedUnderPatient: true,
  computed: {
    added_by_name: nameOf('added_by_id'),
    assigned_to_name: nameOf('assigned_to_id'),
    completed_by_name: nameOf('completed_by_id'),
  },
});
