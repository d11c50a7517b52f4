import { useEffect, useRef } from 'react';
import type { Questionnaire } from '../../../../domain/clinical/questionnaireSchema';
import { Button } from '../../../ui/Button';
import { QuestionnaireItemField } from './QuestionnaireItemField';
import { StepHeading } from './StepHeading';
import type { AssessmentDialogController } from './useAssessmentDialog';

/** Step 3: the questionnaire's items, then Submit; a refused submission's messages sit under the fields they name. */
export function QuestionnaireStep({ dialog, questionnaire }: { dialog: AssessmentDialogController; questionnaire: Questionnaire }) {
  const { state, dispatch } = dialog;
  const submitting = state.step === 'submitting';
  const form = useRef<HTMLFormElement>(null);
  // A refused submission takes the user to the first field it names.
  useEffect(() => {
    if (state.refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state.refusals]);
  return (
    <form
      ref={form}
      noValidate
      aria-label={questionnaire.title}
      onSubmit={(event) => {
        event.preventDefault();
        dialog.submit();
      }}
    >
      <StepHeading className="text-base font-medium text-slate-900">{questionnaire.title}</StepHeading>
      <p className="mt-1 text-xs text-slate-500">Source: {questionnaire.source}</p>
      <div className="mt-4 space-y-5">
        {questionnaire.items.map((item) => (
          <QuestionnaireItemField
            key={item.linkId}
            item={item}
            value={state.answers[item.linkId]}
            error={state.fieldErrors[item.linkId]}
            disabled={submitting}
            onChange={(value) => dispatch({ type: 'answer', linkId: item.linkId, value })}
          />
        ))}
      </div>
      {state.formError && (
        <p role="alert" className="mt-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {state.formError}
        </p>
      )}
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button disabled={submitting} onClick={() => dispatch({ type: 'back' })}>
          Back
        </Button>
        <Button disabled={submitting} onClick={() => dispatch({ type: 'requestClose' })}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? 'Submitting…' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
