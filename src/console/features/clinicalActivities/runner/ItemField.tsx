import { useId, type ReactNode } from 'react';
import { isRequired, type ActivityItem, type Answer } from '../../../../domain/clinicalActivities';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';

interface ItemFieldProps {
  item: ActivityItem;
  answer: Answer;
  onChange: (answer: Answer) => void;
  error?: string | undefined;
}

const CHOICE_CLASSES = 'h-4 w-4 shrink-0 border-slate-400 text-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
/** A scale of this many values or fewer is a row of choices; a longer one is a number box. */
const SCALE_CHOICES_MAX = 11;

/** The required mark: a red star for the eye, the word for a screen reader (fieldsets have no aria-required). */
function RequiredMark({ spoken }: { spoken: boolean }) {
  return (
    <>
      <span aria-hidden="true" className="ml-0.5 text-red-700">
        *
      </span>
      {spoken && <span className="sr-only"> (required)</span>}
    </>
  );
}

/** The item's prompt (help text) and its error, tied to the control. */
function Notes({ promptId, errorId, prompt, error }: { promptId: string; errorId: string; prompt: string | null | undefined; error: string | undefined }) {
  return (
    <>
      {prompt && (
        <p id={promptId} className="mt-1 text-sm text-slate-600">
          {prompt}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </>
  );
}

/** The values of a scale: from scale_min to scale_max by scale_step (1 to 10 by 1 unless given). */
function scaleValues(item: ActivityItem): number[] {
  const min = item.scale_min ?? 1;
  const max = item.scale_max ?? 10;
  const step = item.scale_step && item.scale_step > 0 ? item.scale_step : 1;
  const values: number[] = [];
  for (let value = min; value <= max + 1e-9 && values.length <= SCALE_CHOICES_MAX; value += step) values.push(Math.round(value * 1000) / 1000);
  return values;
}

const numberOrNull = (text: string): number | null => (text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text));

/**
 * One item of a step as its type asks (spec 002 section 9): a checklist box, Yes / No, a dropdown, a
 * text, a long text, a multiple choice, a scale, a number with its unit, a date. Its prompt is its
 * help text; a required item is marked and says so to a screen reader; its error sits under it.
 */
export function ItemField({ item, answer, onChange, error }: ItemFieldProps) {
  const id = useId();
  const promptId = `${id}-prompt`;
  const errorId = `${id}-error`;
  const required = isRequired(item);
  const describedBy = [item.prompt ? promptId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  const notes = <Notes promptId={promptId} errorId={errorId} prompt={item.prompt} error={error} />;

  /** A group of choices (yes/no, multiple choice, a short scale) under its question. */
  const group = (choices: ReactNode, layout = 'flex flex-wrap gap-x-6 gap-y-2') => (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid}>
      <legend className="text-sm font-medium text-slate-900">
        {item.text}
        {required && <RequiredMark spoken />}
      </legend>
      <div className={`mt-2 ${layout}`}>{choices}</div>
      {notes}
    </fieldset>
  );
  const label = (
    <label htmlFor={id} className="block text-sm font-medium text-slate-900">
      {item.text}
      {required && <RequiredMark spoken={false} />}
    </label>
  );
  const control = { id, 'aria-describedby': describedBy, 'aria-invalid': invalid, 'aria-required': required || undefined };

  switch (item.type) {
    case 'checklist':
      return (
        <div>
          <div className="flex items-start gap-2">
            <input
              type="checkbox"
              {...control}
              className={`mt-0.5 rounded ${CHOICE_CLASSES}`}
              checked={answer === true}
              onChange={(event) => onChange(event.target.checked)}
            />
            <label htmlFor={id} className="text-sm font-medium text-slate-900">
              {item.text}
              {required && <RequiredMark spoken={false} />}
            </label>
          </div>
          {notes}
        </div>
      );
    case 'yes_no':
      return group(
        [
          { value: true, text: 'Yes' },
          { value: false, text: 'No' },
        ].map((choice) => (
          <label key={choice.text} className="flex items-center gap-2 text-sm text-slate-900">
            <input type="radio" name={id} className={CHOICE_CLASSES} checked={answer === choice.value} onChange={() => onChange(choice.value)} />
            {choice.text}
          </label>
        )),
      );
    case 'multiselect': {
      const chosen = Array.isArray(answer) ? answer : [];
      return group(
        (item.options ?? []).map((option) => (
          <label key={option.id} className="flex items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              className={`rounded ${CHOICE_CLASSES}`}
              checked={chosen.includes(option.id)}
              onChange={(event) => onChange(event.target.checked ? [...chosen, option.id] : chosen.filter((id) => id !== option.id))}
            />
            {option.name}
          </label>
        )),
        'grid gap-2 sm:grid-cols-2',
      );
    }
    case 'scale': {
      const values = scaleValues(item);
      if (values.length <= SCALE_CHOICES_MAX && values.at(-1) === (item.scale_max ?? 10)) {
        return group(
          values.map((value) => (
            <label
              key={value}
              className="flex min-w-11 cursor-pointer items-center justify-center rounded-md px-2 py-1.5 text-sm ring-1 ring-inset ring-slate-300 has-[:checked]:bg-blue-700 has-[:checked]:text-white has-[:checked]:ring-blue-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-600"
            >
              <input type="radio" name={id} className="sr-only" checked={answer === value} onChange={() => onChange(value)} />
              {value}
            </label>
          )),
          'flex flex-wrap gap-1.5',
        );
      }
      return (
        <div>
          {label}
          <input
            type="number"
            {...control}
            className={`mt-1 max-w-40 ${INPUT_CLASSES}`}
            min={item.scale_min ?? undefined}
            max={item.scale_max ?? undefined}
            step={item.scale_step ?? undefined}
            value={typeof answer === 'number' ? answer : ''}
            onChange={(event) => onChange(numberOrNull(event.target.value))}
          />
          {notes}
        </div>
      );
    }
    case 'number':
      return (
        <div>
          {label}
          <div className="mt-1 flex items-center gap-2">
            <input
              type="number"
              {...control}
              className={`max-w-40 ${INPUT_CLASSES}`}
              min={item.min_value ?? undefined}
              max={item.max_value ?? undefined}
              step="any"
              value={typeof answer === 'number' ? answer : ''}
              onChange={(event) => onChange(numberOrNull(event.target.value))}
            />
            {item.unit && <span className="text-sm text-slate-600">{item.unit}</span>}
          </div>
          {notes}
        </div>
      );
    case 'dropdown':
      return (
        <div>
          {label}
          <select
            {...control}
            className={`mt-1 max-w-md ${INPUT_CLASSES}`}
            value={typeof answer === 'string' ? answer : ''}
            onChange={(event) => onChange(event.target.value || null)}
          >
            <option value="">Choose…</option>
            {(item.options ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          {notes}
        </div>
      );
    case 'date':
      return (
        <div>
          {label}
          <input
            type="date"
            {...control}
            className={`mt-1 max-w-48 ${INPUT_CLASSES}`}
            value={typeof answer === 'string' ? answer : ''}
            onChange={(event) => onChange(event.target.value || null)}
          />
          {notes}
        </div>
      );
    case 'textarea':
      return (
        <div>
          {label}
          <textarea
            {...control}
            rows={3}
            className={`mt-1 ${INPUT_CLASSES}`}
            value={typeof answer === 'string' ? answer : ''}
            onChange={(event) => onChange(event.target.value)}
          />
          {notes}
        </div>
      );
    case 'text':
      return (
        <div>
          {label}
          <input
            type="text"
            {...control}
            className={`mt-1 max-w-md ${INPUT_CLASSES}`}
            value={typeof answer === 'string' ? answer : ''}
            onChange={(event) => onChange(event.target.value)}
          />
          {notes}
        </div>
      );
  }
}
