import type { FromSchema } from 'json-schema-to-ts';
import { TASK_ACTIVITY_TYPES } from '../../src/domain/tasks';

/**
 * What happened to a task (spec 001 section 3, Task activity), written by the server with each change
 * of the task (definitions/tasks.ts), never through the API. The performer's name is kept as it was;
 * tenant_id and patient_id are the task's.
 */
export const taskActivitySchema = {
  title: 'Task activity',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    task_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    activity_type: { type: 'string', enum: TASK_ACTIVITY_TYPES, readOnly: true },
    /** The task's title on created, the assignee on assigned, the note on completed, the reason on uncompleted. */
    description: { type: ['string', 'null'], readOnly: true },
    performed_at: { type: 'string', format: 'date-time', readOnly: true },
    performed_by_id: { type: ['integer', 'null'], readOnly: true },
    performed_by_name: { type: ['string', 'null'], readOnly: true },
    is_system_generated: { type: 'boolean', readOnly: true },
  },
  required: ['id', 'task_id', 'patient_id', 'activity_type', 'performed_at', 'is_system_generated'],
  additionalProperties: false,
} as const;

/** @public The record type of the entity (resources README, "Adding a resource"). */
export type TaskActivity = FromSchema<typeof taskActivitySchema>;
