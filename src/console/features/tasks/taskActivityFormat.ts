import type { TaskActivity } from '../../../../schemas/entities/taskActivity';
import type { TASK_ACTIVITY_TYPES } from '../../../domain/tasks';

/** How each task activity type reads (spec 001 section 3, Task activity: created, assigned, completed, uncompleted). */
export const TASK_ACTIVITY_LABELS = {
  created: 'Created',
  assigned: 'Assigned',
  completed: 'Completed',
  uncompleted: 'Marked incomplete',
} as const satisfies Record<(typeof TASK_ACTIVITY_TYPES)[number], string>;

/** One activity of a task as its history lists it. */
export interface TaskActivityLine {
  id: string;
  label: string;
  by: string | null;
  at: string | null;
  description: string | null;
}

const textOr = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * The activities the API answered (newest first, as GET task-activities sorts them) as lines: the
 * type in words (an unknown type as it is), who and when, and what it said (the note of a completion,
 * the reason of a reopening, the assignee).
 */
export function activityLines(rows: readonly Partial<TaskActivity>[]): TaskActivityLine[] {
  return rows.map((row, index) => {
    const type = String(row.activity_type ?? '');
    return {
      id: String(row.id ?? index),
      label: (TASK_ACTIVITY_LABELS as Readonly<Record<string, string>>)[type] ?? type,
      by: textOr(row.performed_by_name) ?? (row.is_system_generated === true ? 'System' : null),
      at: textOr(row.performed_at),
      description: textOr(row.description),
    };
  });
}
