import { useId, type Ref } from 'react';
import { ACTIVITY_TEXTS, answerText, isAnswered, isItemEnabled, type ActivityData, type StepTemplate } from '../../../../domain/clinicalActivities';
import { Button } from '../../../ui/Button';
import { durationWords } from './runnerModel';

interface ReviewViewProps {
  steps: readonly StepTemplate[];
  data: ActivityData;
  share: { answered: number; total: number; percent: number };
  duration: number;
  durationError: string | null;
  verified: boolean;
  onVerify: (verified: boolean) => void;
  /** 'You must verify before proceeding.' once Submit was pressed unverified. */
  verifyError: boolean;
  /** Steps with errors to fix, by step key: the count of their fields in error. */
  stepsInError: Readonly<Record<string, number>>;
  headingRef: Ref<HTMLHeadingElement>;
  onEdit: (index: number) => void;
}

/** One step's answers in words: each enabled item and its answer, or that it was not answered. */
export function StepAnswers({ step, data }: { step: StepTemplate; data: ActivityData }) {
  const stepData = data[step.step_key] ?? {};
  const answers = stepData.answers ?? {};
  const items = step.activity_items_json.filter((item) => isItemEnabled(item, answers));
  return (
    <dl className="divide-y divide-slate-100">
      {items.map((item) => {
        const answer = answers[item.item_id];
        return (
          <div key={item.item_id} className="grid gap-1 py-2 sm:grid-cols-2 sm:gap-4">
            <dt className="text-sm text-slate-600">{item.text}</dt>
            <dd className={`text-sm ${isAnswered(answer) ? 'text-slate-900' : 'italic text-slate-500'}`}>
              {isAnswered(answer) ? answerText(item, answer) : 'Not answered'}
            </dd>
          </div>
        );
      })}
      {isAnswered(stepData.time_taken_out_of_range_reason) && (
        <div className="grid gap-1 py-2 sm:grid-cols-2 sm:gap-4">
          <dt className="text-sm text-slate-600">Reason the time is outside the expected range</dt>
          <dd className="text-sm text-slate-900">{stepData.time_taken_out_of_range_reason}</dd>
        </div>
      )}
      {isAnswered(stepData.additional_notes) && (
        <div className="grid gap-1 py-2 sm:grid-cols-2 sm:gap-4">
          <dt className="text-sm text-slate-600">Additional notes</dt>
          <dd className="whitespace-pre-line text-sm text-slate-900">{stepData.additional_notes}</dd>
        </div>
      )}
    </dl>
  );
}

/**
 * Review & Submit (spec 001 sections 2 and 4): every step's answers in words, the completion share
 * ("x of y answered, p%": the enabled items with an answer), the activity's duration with its bounds,
 * and the review verification the submission needs.
 */
export function ReviewView({
  steps,
  data,
  share,
  duration,
  durationError,
  verified,
  onVerify,
  verifyError,
  stepsInError,
  headingRef,
  onEdit,
}: ReviewViewProps) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6">
      <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
        Review & Submit
      </h3>

      <div className="grid gap-3 sm:grid-cols-2">
        <div className="rounded-md bg-slate-50 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Completion</p>
          <p className="mt-1 text-sm font-medium text-slate-900">
            {share.answered} of {share.total} answered, {share.percent}%
          </p>
          <div className="mt-2 h-2 rounded-full bg-slate-200" aria-hidden="true">
            <div className="h-2 rounded-full bg-blue-700" style={{ width: `${String(share.percent)}%` }} />
          </div>
        </div>
        <div className="rounded-md bg-slate-50 p-3">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Duration</p>
          <p className="mt-1 text-sm font-medium text-slate-900">{durationWords(duration)}</p>
          {durationError && <p className="mt-1 text-sm text-red-700">{durationError}</p>}
        </div>
      </div>

      <ol className="space-y-4">
        {steps.map((step, index) => {
          const errors = stepsInError[step.step_key] ?? 0;
          return (
            <li key={step.step_key} className={`rounded-md border p-4 ${errors > 0 ? 'border-red-300' : 'border-slate-200'}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <h4 className="text-sm font-semibold text-slate-900">
                    {index + 1}. {step.step_title}
                  </h4>
                  <p className="text-sm text-slate-600">Time taken {durationWords(data[step.step_key]?.time_taken ?? 0)}</p>
                  {errors > 0 && <p className="text-sm text-red-700">{errors === 1 ? '1 field needs attention' : `${String(errors)} fields need attention`}</p>}
                </div>
                <Button variant="ghost" onClick={() => onEdit(index)} aria-label={`Edit step ${String(index + 1)}: ${step.step_title}`}>
                  Edit
                </Button>
              </div>
              <div className="mt-2">
                <StepAnswers step={step} data={data} />
              </div>
            </li>
          );
        })}
      </ol>

      <div>
        <div className="flex items-start gap-2">
          <input
            id={`${id}-verify`}
            type="checkbox"
            className="mt-0.5 h-4 w-4 rounded border-slate-400 text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            checked={verified}
            aria-invalid={verifyError ? true : undefined}
            aria-describedby={verifyError ? `${id}-verify-error` : undefined}
            onChange={(event) => onVerify(event.target.checked)}
          />
          <label htmlFor={`${id}-verify`} className="text-sm font-medium text-slate-900">
            I have reviewed this activity and verify that it is accurate and complete
          </label>
        </div>
        {verifyError && (
          <p id={`${id}-verify-error`} className="mt-1 text-sm text-red-700">
            {ACTIVITY_TEXTS.verifyRequired}
          </p>
        )}
      </div>
    </section>
  );
}
