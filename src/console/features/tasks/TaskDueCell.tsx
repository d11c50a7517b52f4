import { zonedDay } from '../../../domain/zonedDays';
import { timeZoneOf, type ApiRow } from '../../renderer/core/context';
import { formatDate } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { isOverdue } from './taskDue';

/** A task's due day, marked in red and in words ('Overdue') while the task is open and the day has passed in the user's zone. */
export function TaskDue({ task }: { task: ApiRow }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const text = formatDate(task.due_on, timeZone);
  if (!isOverdue(task, zonedDay(new Date(), timeZone))) return <>{text}</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1 font-medium text-red-700">
      <span className="whitespace-nowrap">{text}</span>{' '}
      <span className="rounded-full bg-red-50 px-1.5 py-0.5 text-xs ring-1 ring-red-600/30 ring-inset">Overdue</span>
    </span>
  );
}

/** The `due_on` column of a task list (`"cell": "task_due"`): the day, overdue ones marked. */
export const taskDueCell = defineCell(NO_OPTIONS, function TaskDueCell({ record }) {
  return <TaskDue task={record} />;
});
