import type { RegistryContribution } from '../../../renderer/registries/screenRegistries';
import { algorithmScoresWidget } from './AlgorithmScoresWidget';
import { newAssessmentWidget } from './NewAssessmentWidget';
import { runStatusCell } from './RunStatusCell';
import { symptomsGridWidget } from './SymptomsGridWidget';
import { triageCell } from './TriageCell';
import { triageDonutWidget } from './TriageDonutWidget';

/**
 * The clinical record's assessments, symptoms and scores (spec 001 sections 2, 4, 8 and 9): the
 * New Assessment button and dialog, the 7-day triage donut, the runs table's triage and status
 * cells, the symptoms grid and the algorithm scores.
 */
export const clinicalAssessmentsFeature = {
  widgets: {
    new_assessment: newAssessmentWidget,
    triage_donut: triageDonutWidget,
    symptoms_grid: symptomsGridWidget,
    algorithm_scores: algorithmScoresWidget,
  },
  cells: { triage: triageCell, run_status: runStatusCell },
} as const satisfies RegistryContribution;
