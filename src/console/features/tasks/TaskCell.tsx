import { EMPTY_TEXT, formatDate, formatText } from '../../renderer/core/format';
import { timeZoneOf } from '../../renderer/core/context';
import { useScreenEnvironment } from '../../renderer/environmentContext';
import { badgeCell } from '../../renderer/registries/cells/BadgeCell';
import { defineCell } from '../../renderer/registries/cells/cellTypes';
import { TaskActivities } from './TaskActivities';
import { TaskDue } from './TaskDueCell';
import { taskCellOptions } from './TaskCell.options';

const textOf = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/**
 * A task as a narrow list shows it in one column (the patient record's Tasks tab): the title, then
 * its priority (a badge worded and coloured by `options.priority`, as the badge cell's options),
 * due day (overdue marked) and assignee, the description, who completed it and when, and its
 * history behind an Activity button.
 */
export const taskCell = defineCell(taskCellOptions, function TaskCell({ value, record, options }) {
  const timeZone = timeZoneOf(useScreenEnvironment());
  const title = formatText(value);
  const assignee = textOf(record.assigned_to_name);
  const description = textOf(record.description);
  const completedBy = textOf(record.completed_by_name);
  return (
    <div className="min-w-0 max-w-prose">
      <p className="font-medium break-words text-slate-900">{title}</p>
      <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
        <badgeCell.Component value={record.priority} record={record} options={options.priority ?? {}} />
        <span>
          Due <TaskDue task={record} />
        </span>
        <span>{assignee ? `Assigned to ${assignee}` : 'Unassigned'}</span>
      </p>
      {description && <p className="mt-1 text-xs whitespace-pre-line break-words text-slate-700">{description}</p>}
      {record.complete === true && (
        <p className="mt-1 text-xs text-green-800">
          Completed {record.completed_at ? formatDate(record.completed_at, timeZone) : EMPTY_TEXT}
          {completedBy && ` by ${completedBy}`}
        </p>
      )}
      <TaskActivities taskId={record.id as number | string} title={title} />
    </div>
  );
});
