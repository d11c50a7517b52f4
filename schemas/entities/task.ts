import type { FromSchema } from 'json-schema-to-ts';
import { TASK_TYPES } from '../../src/domain/patientRecord';

const personName = { type: ['string', 'null'], readOnly: true } as const;

/**
 * A task about a patient (spec 001 section 3, Task). The provider is the patient's; who added and
 * who completed it are the callers who did, set by the server; the names of who added, is assigned
 * and completed it are read from their accounts, never written.
 */
export const taskSchema = {
  title: 'Task',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer' },
    /**
     * Spec 001 section 5: at least 10 characters on a new task, required when editing. Checked by
     * the server's rules (src/domain/tasks.ts), which answer with the spec's words.
     */
    title: { type: 'string', maxLength: 200 },
    description: { type: ['string', 'null'], maxLength: 5000 },
    /** 1 High, 2 Medium, 3 Low (spec 001 section 9). */
    priority: { type: 'integer', minimum: 1, maximum: 3 },
    due_on: { type: 'string', format: 'date' },
    complete: { type: 'boolean' },
    completed_by_id: { type: ['integer', 'null'], readOnly: true },
    completed_by_name: personName,
    completed_at: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    added_by_id: { type: ['integer', 'null'], readOnly: true },
    added_by_name: personName,
    assigned_to_id: { type: ['integer', 'null'] },
    assigned_to_name: personName,
    task_type: { type: 'string', enum: TASK_TYPES },
    created_on: { type: 'string', format: 'date-time', readOnly: true },
    /**
     * The completion note or the reason for marking the task incomplete, the latest one (each is also
     * kept in the task's activities). Required for either change, at most 500 characters (spec 001
     * section 5): src/domain/tasks.ts, with the spec's words.
     */
    update_reason: { type: ['string', 'null'] },
    /** A task that may be completed automatically: completing it by hand needs confirm_auto_complete. */
    can_be_auto_completed: { type: 'boolean' },
    /** The clinical activity run whose answer asked for the task (issue 23), if any. */
    clinical_activity_instance_id: { type: ['integer', 'null'], readOnly: true },
    /** Spec 001 section 4: "Auto-completable tasks need an extra confirmation" to be completed by hand. Sent, never stored. */
    confirm_auto_complete: { type: 'boolean', writeOnly: true },
  },
  required: ['id', 'patient_id', 'title', 'priority', 'due_on'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type Task = FromSchema<typeof taskSchema>;
