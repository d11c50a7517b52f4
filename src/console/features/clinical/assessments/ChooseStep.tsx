import { Button } from '../../../ui/Button';
import { StepHeading } from './StepHeading';
import type { AssessmentDialogController } from './useAssessmentDialog';

const CATEGORY_LABELS = { survey: 'Survey', disease_assessment: 'Disease assessment' } as const;

/** Step 1: the patient's questionnaires (its condition's and the general ones), one to choose. */
export function ChooseStep({ dialog }: { dialog: AssessmentDialogController }) {
  const { state, dispatch, choices } = dialog;
  const chosen = choices.find((q) => q.id === state.questionnaireId);
  return (
    <div>
      <fieldset>
        <legend className="mb-2">
          <StepHeading>Choose an assessment</StepHeading>
        </legend>
        {choices.length === 0 ? (
          <p className="text-sm text-slate-500">No assessments are available for this patient.</p>
        ) : (
          <div className="space-y-2">
            {choices.map((q) => (
              <label
                key={q.id}
                className="flex cursor-pointer items-start gap-3 rounded-md p-2 ring-1 ring-slate-200 has-checked:bg-blue-50 has-checked:ring-blue-600"
              >
                <input
                  type="radio"
                  name="assessment"
                  className="mt-0.5"
                  value={q.id}
                  checked={state.questionnaireId === q.id}
                  onChange={() => dispatch({ type: 'choose', questionnaireId: q.id })}
                />
                <span className="text-sm">
                  <span className="block font-medium text-slate-900">{q.title}</span>
                  <span className="block text-slate-500">
                    {CATEGORY_LABELS[q.category]}, {q.items.length} questions
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      <div className="mt-6 flex justify-end gap-2">
        <Button onClick={() => dispatch({ type: 'requestClose' })}>Cancel</Button>
        <Button
          variant="primary"
          disabled={!chosen}
          disabledReason="Choose an assessment first"
          onClick={() =>
            chosen && dispatch({ type: 'next', hasPrerequisites: Boolean(chosen.prerequisites?.recentVitals?.length || chosen.prerequisites?.profile?.length) })
          }
        >
          Next
        </Button>
      </div>
    </div>
  );
}
