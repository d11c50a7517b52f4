import { NO_OPTIONS } from '../../../renderer/registries/registryEntry';
import type { RegistryContribution } from '../../../renderer/registries/screenRegistries';
import { defineLazyWidget } from '../../../renderer/registries/widgets/widgetTypes';
import { newAssessmentOptions } from './NewAssessmentWidget.options';
import { runStatusCell } from './RunStatusCell';
import { triageCell } from './TriageCell';

/**
 * The clinical record's assessments, symptoms and scores (spec 001 sections 2, 4, 8 and 9): the
 * New Assessment button and dialog, the 7-day triage donut, the runs table's triage and status
 * cells, the symptoms grid and the algorithm scores.
 */
export const clinicalAssessmentsFeature = {
  widgets: {
    new_assessment: defineLazyWidget(newAssessmentOptions, () => import('./NewAssessmentWidget').then((m) => m.NewAssessmentWidget)),
    triage_donut: defineLazyWidget(NO_OPTIONS, () => import('./TriageDonutWidget').then((m) => m.TriageDonutWidget)),
    symptoms_grid: defineLazyWidget(NO_OPTIONS, () => import('./SymptomsGridWidget').then((m) => m.SymptomsGridWidget)),
    algorithm_scores: defineLazyWidget(NO_OPTIONS, () => import('./AlgorithmScoresWidget').then((m) => m.AlgorithmScoresWidget)),
  },
  cells: { triage: triageCell, run_status: runStatusCell },
} as const satisfies RegistryContribution;
