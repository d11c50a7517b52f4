import { zonedDay } from '../../../domain/zonedDays';
import { timeZoneOf } from '../../renderer/core/context';
import { EMPTY_TEXT, formatDate, plainText } from '../../renderer/core/format';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import { readOpenTasks } from './openTasks';

/** How many tasks of the patient are open, and the first of them by due day, overdue ones marked: a patient's chart banner. */
export const openTasksCell = defineCell(NO_OPTIONS, function OpenTasksCell({ value }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const open = readOpenTasks(value, zonedDay(new Date(), timeZone));
  if (!open) return <>{EMPTY_TEXT}</>;
  if (open.count === 0) return <>None open</>;
  return (
    <div className="min-w-0">
      <span className="font-medium">{open.count} open</span>
      <ul className="mt-0.5 space-y-0.5 text-slate-700">
        {open.tasks.map((task, i) => (
          <li key={plainText(task.id ?? i)} className="break-words">
            {task.title}
            {task.due_on && (
              <span className={task.overdue ? 'font-medium text-red-700' : 'text-slate-600'}>
                {', '}
                {task.overdue ? 'overdue, due' : 'due'} {formatDate(task.due_on, timeZone)}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
});
