import { useMemo, useReducer } from 'react';
import { findQuestionnaire, validateResponse } from '../../../../domain/clinical/questionnaires';
import type { ApiRow } from '../../../renderer/core/context';
import { useNotify } from '../../../renderer/skin/toasts';
import { assessmentChoices, prerequisiteChecks } from './assessmentChoices';
import { assessmentDialog, assessmentRequest, CLOSED } from './assessmentDialog';
import { answerMessage, assessmentFailure } from './assessmentFailure';
import { useSubmitAssessment } from './useAssessmentData';

/** Spec 001 section 8. */
export const ASSESSMENT_SUBMITTED = 'Assessment successfully submitted';

/**
 * The controller of the assessment dialog for a patient (the screen's record): the state machine of
 * assessmentDialog.ts, what it offers (the patient's questionnaires, the chosen one's prerequisite
 * checks), and the submission: the answers are checked as the server checks them, then sent; a
 * success toasts 'Assessment successfully submitted' and closes the dialog.
 */
export function useAssessmentDialog(record: ApiRow | undefined) {
  const [state, dispatch] = useReducer(assessmentDialog, CLOSED);
  const notify = useNotify();
  const submission = useSubmitAssessment(record?.id as string | number | undefined);
  const choices = useMemo(() => assessmentChoices(record?.primary_condition), [record?.primary_condition]);
  const questionnaire = state.questionnaireId === null ? undefined : findQuestionnaire(state.questionnaireId);
  const checks = useMemo(() => (questionnaire ? prerequisiteChecks(questionnaire, record, new Date()) : []), [questionnaire, record]);

  return {
    state,
    dispatch,
    choices,
    questionnaire,
    checks,
    submit() {
      if (!questionnaire || state.step !== 'questionnaire') return;
      const problems = validateResponse(questionnaire, { ...state.answers }).map((problem) => ({ ...problem, message: answerMessage(problem.message) }));
      dispatch({ type: 'submit', problems });
      if (problems.length > 0) return;
      submission.mutate(assessmentRequest(questionnaire.id, state.answers), {
        onSuccess: () => {
          notify(ASSESSMENT_SUBMITTED);
          dispatch({ type: 'submitted' });
        },
        onError: (error) => dispatch(assessmentFailure(error)),
      });
    },
  };
}

export type AssessmentDialogController = ReturnType<typeof useAssessmentDialog>;
