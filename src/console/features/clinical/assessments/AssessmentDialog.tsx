import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { ERROR_CARD_TITLE } from './assessmentFailure';
import { ChooseStep } from './ChooseStep';
import { PrerequisitesStep } from './PrerequisitesStep';
import { QuestionnaireStep } from './QuestionnaireStep';
import { StepHeading } from './StepHeading';
import type { AssessmentDialogController } from './useAssessmentDialog';

export const DIALOG_TITLE = 'New Assessment';
export const LEAVE_TITLE = 'Leave this assessment?';
export const LEAVE_TEXT = 'Your answers will be lost.';

/**
 * The assessment dialog (spec 001 section 4): the step the controller is at, and the prompt that
 * holds a close once answers were given. Escape, a click outside and Cancel all ask to close.
 */
export function AssessmentDialog({ dialog }: { dialog: AssessmentDialogController }) {
  const { state, dispatch, questionnaire } = dialog;
  const close = () => dispatch({ type: 'requestClose' });
  return (
    <Modal open={state.step !== 'closed'} title={DIALOG_TITLE} onClose={close}>
      {state.step === 'choose' && <ChooseStep dialog={dialog} />}
      {state.step === 'prerequisites' && questionnaire && <PrerequisitesStep dialog={dialog} questionnaire={questionnaire} />}
      {(state.step === 'questionnaire' || state.step === 'submitting') && questionnaire && <QuestionnaireStep dialog={dialog} questionnaire={questionnaire} />}
      {state.step === 'error' && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <StepHeading className="font-semibold">{ERROR_CARD_TITLE}</StepHeading>
          <p className="mt-1">{state.error}</p>
        </div>
      )}
      {state.step === 'error' && (
        <div className="mt-6 flex justify-end">
          <Button onClick={close}>Close</Button>
        </div>
      )}
      <Modal open={state.confirmingLeave} title={LEAVE_TITLE} role="alertdialog" width="md" onClose={() => dispatch({ type: 'stay' })}>
        <p className="text-sm text-slate-700">{LEAVE_TEXT}</p>
        <div className="mt-6 flex justify-end gap-2">
          <Button onClick={() => dispatch({ type: 'stay' })}>Stay</Button>
          <Button variant="danger" onClick={() => dispatch({ type: 'leave' })}>
            Leave
          </Button>
        </div>
      </Modal>
    </Modal>
  );
}
