import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { openTasksCell } from './OpenTasksCell';

/** Tasks (spec 001 sections 3 and 5): a patient's open tasks at a glance. */
export const tasksFeature = {
  cells: { open_tasks: openTasksCell },
} as const satisfies RegistryContribution;
