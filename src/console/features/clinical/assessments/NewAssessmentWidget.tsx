import { evaluateCondition } from '../../../renderer/core/conditions';
import type { OptionsOf } from '../../../renderer/registries/registryEntry';
import { useEvalContext } from '../../../renderer/scopeContext';
import { Button } from '../../../ui/Button';
import { AssessmentDialog, DIALOG_TITLE } from './AssessmentDialog';
import { useAssessmentDialog } from './useAssessmentDialog';
import type { newAssessmentOptions } from './NewAssessmentWidget.options';

/**
 * The record's 'New Assessment' button and its dialog (spec 001 section 4): choose one of the
 * patient's questionnaires, check its prerequisites or Skip, answer, submit (POST
 * /patients/{id}/assessments). Shown to users who may write to the record (`patients.update`).
 */
export function NewAssessmentWidget({ options }: { options: OptionsOf<typeof newAssessmentOptions> }) {
  const context = useEvalContext();
  const dialog = useAssessmentDialog(context.record);
  if (!evaluateCondition({ permission: 'patients.update' }, context)) return null;
  return (
    <>
      <Button variant="primary" onClick={() => dialog.dispatch({ type: 'open' })}>
        {options.label ?? DIALOG_TITLE}
      </Button>
      <AssessmentDialog dialog={dialog} />
    </>
  );
}
