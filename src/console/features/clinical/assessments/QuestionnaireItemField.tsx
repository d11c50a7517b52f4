import { useId } from 'react';
import type { Questionnaire } from '../../../../domain/clinical/questionnaireSchema';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';

type Item = Questionnaire['items'][number];

interface ItemFieldProps {
  item: Item;
  value: unknown;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: unknown) => void;
}

const BOOLEAN_OPTIONS = [
  { value: true, label: 'Yes' },
  { value: false, label: 'No' },
] as const;

const Required = () => (
  <span aria-hidden="true" className="ml-0.5 text-red-700">
    *
  </span>
);

/** The message under a field, which its control names as its description. */
const FieldError = ({ id, error }: { id: string; error: string | undefined }) =>
  error ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;

/**
 * One question of a questionnaire: a radio group for a choice, Yes / No for a boolean, a number box
 * within the item's bounds for an integer; its message under it. Every item is required.
 */
export function QuestionnaireItemField({ item, value, error, disabled, onChange }: ItemFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = error ? errorId : undefined;
  if (item.type === 'integer') {
    const hintId = `${id}-hint`;
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {item.text}
          <Required />
        </label>
        <p id={hintId} className="text-xs text-slate-500">
          From {item.min} to {item.max}
        </p>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          step={1}
          min={item.min}
          max={item.max}
          required
          disabled={disabled}
          className={`${INPUT_CLASSES} mt-1 max-w-32`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy ? `${hintId} ${describedBy}` : hintId}
          value={typeof value === 'number' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
        />
        <FieldError id={errorId} error={error} />
      </div>
    );
  }
  const options = item.type === 'boolean' ? BOOLEAN_OPTIONS : (item.options ?? []);
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-900">
        {item.text}
        <Required />
      </legend>
      <div className={`mt-1 flex ${item.type === 'boolean' ? 'gap-4' : 'flex-col gap-1'}`}>
        {options.map((option) => (
          <label key={String(option.value)} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-${item.linkId}`}
              className="mt-0.5"
              required
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
