import { sql } from 'kysely';
import { taskSchema } from '../../../../schemas/entities/task';
import { editedTitleError, newTitleError, NOTE_TOO_LONG, noteError } from '../../../domain/tasks';
import { invalid } from '../../errors';
import { defineResource, type Values, type WriteContext, type WrittenContext } from '../defineResource';
import { missingReference, sharesTenant, visibleReference, type ReferenceTarget } from '../references';

/** The name of the account a task column points at, read when the task is. */
const nameOf = (column: 'added_by_id' | 'assigned_to_id' | 'completed_by_id') =>
  sql<string | null>`(select u.full_name from users u where u.id = ${sql.ref(`t.${column}`)})`;

const REFERENCES = {
  patient_id: { table: 'patients', tenantColumn: 'tenant_id' },
  // Staff of the patient's provider, or internal staff (no provider), who work for every provider's
  // patients (the demo assigns tasks to the internal clinician; an internal user's picker lists them).
  assigned_to_id: { table: 'users', tenantColumn: 'tenant_id', operatorRows: true },
} as const satisfies Record<string, ReferenceTarget>;

/**
 * Tasks about patients (spec 001 sections 3, 4, 5 and 7, "Tasks"): listed by due day, also under
 * /patients/{patient_id}/tasks, added, edited, completed, marked incomplete and deleted there too.
 * Home's Your Tasks and the record's badge filter complete and assigned_to_id. Reading one needs the
 * list permission (there is no tasks.read key). Each change leaves its task activities (created,
 * assigned, completed, uncompleted) in the write's transaction, listed by `task-activities`.
 */
export const tasks = defineResource({
  name: 'tasks',
  table: 'tasks',
  schema: taskSchema,
  permission: 'tasks',
  actions: ['list', 'read', 'create', 'update', 'delete'],
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
  nestedWrites: true,
  references: REFERENCES,
  computed: {
    added_by_name: nameOf('added_by_id'),
    assigned_to_name: nameOf('assigned_to_id'),
    completed_by_name: nameOf('completed_by_id'),
  },
  prepare: taskRules,
  afterWrite: recordActivities,
});

/** Refusals of ours (the spec gives no words for them). */
export const TASK_STAYS_WITH_PATIENT = 'A task stays with its patient';
export const ASSIGNEE_IS_PATIENT = 'A task is assigned to staff, not to a patient';
export const AUTO_COMPLETE_UNCONFIRMED = 'This task can be completed automatically: confirm_auto_complete must be true to complete it by hand';

/**
 * The rules of a new or changed task (spec 001 sections 4 and 5): a new task's title has at least 10
 * characters and an edited one is not emptied; completing needs a note and marking incomplete a
 * reason (at most 500 characters, kept in update_reason), and an auto-completable task's completion
 * needs confirm_auto_complete; the task belongs to its patient's provider, was added by the caller,
 * and is completed by the caller (cleared when marked incomplete).
 */
async function taskRules({ trx, identity, access, values, existing }: WriteContext): Promise<Values> {
  const { confirm_auto_complete: confirmed, ...changes } = values;
  if (existing && 'patient_id' in changes && changes.patient_id !== existing.patient_id) throw invalid(['body', 'patient_id'], TASK_STAYS_WITH_PATIENT);
  const titleError = existing ? ('title' in changes ? editedTitleError(changes.title) : null) : newTitleError(changes.title);
  if (titleError) throw invalid(['body', 'title'], titleError, existing ? 'missing' : 'string_too_short');

  const wasComplete = existing?.complete === true;
  const isComplete = 'complete' in changes ? changes.complete === true : wasComplete;
  const change = isComplete === wasComplete ? null : isComplete ? 'complete' : 'incomplete';
  const noteProblem = noteError(changes.update_reason, change);
  if (noteProblem) throw invalid(['body', 'update_reason'], noteProblem, noteProblem === NOTE_TOO_LONG ? 'string_too_long' : 'missing');
  const autoCompletable = existing?.can_be_auto_completed === true || changes.can_be_auto_completed === true;
  if (change === 'complete' && autoCompletable && confirmed !== true) throw invalid(['body', 'confirm_auto_complete'], AUTO_COMPLETE_UNCONFIRMED);

  // The engine resolved the patient through the caller's reach before this runs.
  const tenant = existing
    ? (existing.tenant_id as number)
    : (await visibleReference(trx, access, REFERENCES.patient_id, changes.patient_id, ['body', 'patient_id'])).tenant;
  if ('assigned_to_id' in changes && changes.assigned_to_id !== null && changes.assigned_to_id !== existing?.assigned_to_id) {
    await assigneeOf(trx, access, changes.assigned_to_id, tenant);
  }
  return {
    ...changes,
    ...(existing ? {} : { tenant_id: tenant, added_by_id: identity.id }),
    ...(change === 'complete' ? { completed_by_id: identity.id, completed_at: sql`now()` } : {}),
    ...(change === 'incomplete' ? { completed_by_id: null, completed_at: null } : {}),
  };
}

/**
 * An assignee of a task of a patient of `tenant`: a user of that provider or internal staff, and
 * no patient (spec 002 section 6: "Task assignee pickers are limited to the user's tenant and
 * non-patient roles"). Another provider's user answers like no user.
 */
async function assigneeOf(trx: WriteContext['trx'], access: WriteContext['access'], id: unknown, tenant: number | null) {
  const loc = ['body', 'assigned_to_id'];
  const user = await visibleReference(trx, access, REFERENCES.assigned_to_id, id, loc, ['role']);
  if (!sharesTenant(REFERENCES.assigned_to_id, user, tenant)) throw missingReference(loc);
  if (user.role === 'patient') throw invalid(loc, ASSIGNEE_IS_PATIENT);
}

/**
 * The task's activities (spec 001 section 3, Task activity) for what the write changed, signed by
 * the caller, in the write's transaction: created; assigned (on create too) when the assignee
 * changes; completed with the note, uncompleted with the reason. A deleted task takes its
 * activities with it (on delete cascade).
 */
async function recordActivities({ trx, identity, before, after }: WrittenContext) {
  if (!after) return;
  const activities: { activity_type: string; description: string | null }[] = [];
  if (!before) activities.push({ activity_type: 'created', description: `Task created: ${String(after.title)}` });
  if ((after.assigned_to_id ?? null) !== (before?.assigned_to_id ?? null)) {
    const name = after.assigned_to_name as string | null;
    activities.push({ activity_type: 'assigned', description: after.assigned_to_id === null ? 'Unassigned' : `Assigned to ${name ?? 'a user'}` });
  }
  if (after.complete !== (before?.complete ?? false)) {
    activities.push({ activity_type: after.complete === true ? 'completed' : 'uncompleted', description: (after.update_reason as string | null) ?? null });
  }
  if (activities.length === 0) return;
  await trx
    .insertInto('task_activities')
    .values(
      activities.map((activity) => ({
        ...activity,
        tenant_id: after.tenant_id as number,
        task_id: after.id as number,
        patient_id: after.patient_id as number,
        performed_by_id: identity.id,
        performed_by_name: identity.full_name,
        is_system_generated: false,
      })),
    )
    .execute();
}
