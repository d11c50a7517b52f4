import { isDay } from '../../../domain/zonedDays';

/**
 * Whether a task is overdue on `today` (yyyy-mm-dd, the user's day): still open and due before
 * today (spec 001 section 9's 'overdue' due preset). A completed task is never overdue.
 */
export function isOverdue(task: { due_on?: unknown; complete?: unknown }, today: string): boolean {
  return task.complete !== true && isDay(task.due_on) && task.due_on < today;
}
