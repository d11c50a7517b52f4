import { defineLazyCell } from '../../renderer/registries/cells/cellTypes';
import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { taskCellOptions } from './TaskCell.options';
import { taskDueCell } from './TaskDueCell';
import { taskFieldRules } from './taskFieldRules';

/**
 * Tasks (spec 001 sections 3, 4, 5 and 9): a patient's open tasks at a glance, a task in one column
 * with its history, due days with overdue ones marked, and the rules of the task forms.
 */
export const tasksFeature = {
  cells: {
    open_tasks: defineLazyCell(NO_OPTIONS, () => import('./OpenTasksCell').then((m) => m.openTasksCell)),
    task: defineLazyCell(taskCellOptions, () => import('./TaskCell').then((m) => m.taskCell)),
    task_due: taskDueCell,
  },
  fieldRules: taskFieldRules,
} as const satisfies RegistryContribution;
