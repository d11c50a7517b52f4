import { NO_OPTIONS } from '../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../renderer/registries/widgets/widgetTypes';
import { templateRules } from './templateRules';
import { timeRangeCell } from './TimeRangeCell';

/**
 * The template builders (issue 23; spec 002 sections 2 to 9): /clinical-activities lists the
 * templates (a dashboard of two lists; the `template.{action}` rules show each row's actions as the
 * versioning table allows, and `time_range` shows a step's expected time); the editors are the
 * `activity_template_editor` and `step_template_editor` widgets of /clinical-activities/activity/{id}
 * and /clinical-activities/step/{id} (`create` for a new one).
 */
export const activityBuilderFeature = {
  cells: { time_range: timeRangeCell },
  rules: templateRules,
  widgets: {
    activity_template_editor: defineLazyWidget(NO_OPTIONS, () => import('./ActivityTemplateEditor').then((m) => m.ActivityTemplateEditorWidget)),
    step_template_editor: defineLazyWidget(NO_OPTIONS, () => import('./StepTemplateEditor').then((m) => m.StepTemplateEditorWidget)),
  },
} as const satisfies RegistryContribution;
