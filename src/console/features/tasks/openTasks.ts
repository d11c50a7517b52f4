import { isDay } from '../../../domain/zonedDays';

/** One open task as the chart lists it. */
interface OpenTask {
  id: unknown;
  title: string;
  due_on: string | null;
  overdue: boolean;
}

/** What the chart says of a patient's open tasks. */
interface OpenTasksSummary {
  count: number;
  tasks: OpenTask[];
}

const objectOf = (value: unknown): Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/**
 * The `open_tasks` expansion of a patient (`{count, items}`) read for the chart: each listed task
 * overdue when its due day is before `today` (a day in the user's zone). Null when it is no such value.
 */
export function readOpenTasks(value: unknown, today: string): OpenTasksSummary | null {
  const open = objectOf(value);
  if (typeof open.count !== 'number' || !Array.isArray(open.items)) return null;
  const tasks = open.items.map((item) => {
    const task = objectOf(item);
    const due = isDay(task.due_on) ? task.due_on : null;
    return { id: task.id, title: typeof task.title === 'string' ? task.title : '', due_on: due, overdue: due !== null && due < today };
  });
  return { count: open.count, tasks };
}
