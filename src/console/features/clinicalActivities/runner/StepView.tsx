import { useId, type Ref } from 'react';
import { isItemEnabled, OUT_OF_RANGE_REASON_LABEL, type Answer, type StepData, type StepTemplate } from '../../../../domain/clinicalActivities';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { ItemField } from './ItemField';
import { ReferenceBar } from './ReferenceBar';
import { TimeTakenField } from './TimeTakenField';

interface StepViewProps {
  step: StepTemplate;
  index: number;
  count: number;
  data: StepData;
  /** The errors to show, by item id and time_taken_out_of_range_reason: none until Next or Submit was refused. */
  errors: Readonly<Record<string, string>>;
  showReason: boolean;
  timerRunning: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onAnswer: (itemId: string, answer: Answer) => void;
  onTime: (seconds: number) => void;
  onToggleTimer: () => void;
  onText: (field: 'time_taken_out_of_range_reason' | 'additional_notes', text: string) => void;
}

/**
 * One step of a run (spec 001 section 4): its title and description, its expected time on the
 * reference bar, the items enabled by the answers so far, the time taken, the reason when that time
 * is out of range, and the clinician's additional notes.
 */
export function StepView({ step, index, count, data, errors, showReason, timerRunning, headingRef, onAnswer, onTime, onToggleTimer, onText }: StepViewProps) {
  const id = useId();
  const answers = data.answers ?? {};
  const items = step.activity_items_json.filter((item) => isItemEnabled(item, answers));
  const taken = data.time_taken ?? 0;
  const reasonError = errors.time_taken_out_of_range_reason;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-6">
      <header className="space-y-1">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Step {index + 1} of {count}
        </p>
        <h3 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          {step.step_title}
        </h3>
        {step.step_description && <p className="text-sm text-slate-600">{step.step_description}</p>}
      </header>

      <div className="rounded-md bg-slate-50 p-3">
        <ReferenceBar range={step.expected_time_range} taken={taken} />
      </div>

      {items.length > 0 && (
        <div className="space-y-5">
          {items.map((item) => (
            <ItemField
              key={item.item_id}
              item={item}
              answer={answers[item.item_id]}
              onChange={(answer) => onAnswer(item.item_id, answer)}
              error={errors[item.item_id]}
            />
          ))}
        </div>
      )}

      <div className="space-y-4 border-t border-slate-200 pt-5">
        <TimeTakenField seconds={taken} onChange={onTime} running={timerRunning} onToggleTimer={onToggleTimer} />
        {showReason && (
          <div>
            <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-900">
              {OUT_OF_RANGE_REASON_LABEL}
              <span aria-hidden="true" className="ml-0.5 text-red-700">
                *
              </span>
            </label>
            <textarea
              id={`${id}-reason`}
              rows={2}
              aria-required="true"
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${id}-reason-error` : undefined}
              className={`mt-1 ${INPUT_CLASSES}`}
              value={data.time_taken_out_of_range_reason ?? ''}
              onChange={(event) => onText('time_taken_out_of_range_reason', event.target.value)}
            />
            {reasonError && (
              <p id={`${id}-reason-error`} className="mt-1 text-sm text-red-700">
                {reasonError}
              </p>
            )}
          </div>
        )}
        <div>
          <label htmlFor={`${id}-notes`} className="block text-sm font-medium text-slate-900">
            Additional notes
          </label>
          <textarea
            id={`${id}-notes`}
            rows={3}
            className={`mt-1 ${INPUT_CLASSES}`}
            value={data.additional_notes ?? ''}
            onChange={(event) => onText('additional_notes', event.target.value)}
          />
        </div>
      </div>
    </section>
  );
}
