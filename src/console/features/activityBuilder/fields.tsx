import { createContext, useContext, useId, type ReactNode } from 'react';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { pathKey, type FieldErrors } from './stepForm';

/**
 * The builders' inputs: labelled, each tied to its error and hint for assistive technology, named by
 * the field's path so that the form knows which were left (an error shows once its field was left,
 * or for every field after a save was tried).
 */

export type Path = readonly (string | number)[];

interface ErrorsState {
  errors: FieldErrors;
  /** Whether a field's error shows: it was left, or a save was tried. */
  shown: (key: string) => boolean;
}
const ErrorsContext = createContext<ErrorsState>({ errors: {}, shown: () => false });
export const FieldErrorsProvider = ErrorsContext.Provider;

/** The error of a field as shown now, if any. */
export function useFieldError(path: Path): string | undefined {
  const { errors, shown } = useContext(ErrorsContext);
  const key = pathKey(path);
  return shown(key) ? errors[key] : undefined;
}

interface ShellProps {
  label: string;
  path: Path;
  hint?: ReactNode;
  className?: string;
  children: (input: { id: string; name: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
}

function FieldShell({ label, path, hint, className = '', children }: ShellProps) {
  const id = useId();
  const error = useFieldError(path);
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`min-w-0 ${className}`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children({ id, name: pathKey(path), describedBy, invalid: Boolean(error) })}</div>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const invalidRing = 'aria-invalid:ring-red-600';

export function TextInput({
  label,
  path,
  value,
  onChange,
  hint,
  multiline = false,
  className,
  placeholder,
}: {
  label: string;
  path: Path;
  value: string;
  onChange: (value: string) => void;
  hint?: ReactNode;
  multiline?: boolean;
  className?: string;
  placeholder?: string;
}) {
  return (
    <FieldShell label={label} path={path} hint={hint} {...(className ? { className } : {})}>
      {({ id, name, describedBy, invalid }) =>
        multiline ? (
          <textarea
            id={id}
            name={name}
            rows={3}
            className={`${INPUT_CLASSES} ${invalidRing}`}
            value={value}
            placeholder={placeholder}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        ) : (
          <input
            id={id}
            name={name}
            type="text"
            className={`${INPUT_CLASSES} ${invalidRing}`}
            value={value}
            placeholder={placeholder}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => onChange(event.target.value)}
          />
        )
      }
    </FieldShell>
  );
}

/** A number input whose empty state is null (a required number says 'Required' rather than becoming 0). */
export function NumberInput({
  label,
  path,
  value,
  onChange,
  hint,
  min,
  max,
  step,
  className,
}: {
  label: string;
  path: Path;
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  hint?: ReactNode;
  min?: number;
  max?: number;
  step?: number | 'any';
  className?: string;
}) {
  return (
    <FieldShell label={label} path={path} hint={hint} {...(className ? { className } : {})}>
      {({ id, name, describedBy, invalid }) => (
        <input
          id={id}
          name={name}
          type="number"
          inputMode="decimal"
          className={`${INPUT_CLASSES} ${invalidRing}`}
          value={value ?? ''}
          min={min}
          max={max}
          step={step ?? 1}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value === '' || Number.isNaN(event.target.valueAsNumber) ? null : event.target.valueAsNumber)}
        />
      )}
    </FieldShell>
  );
}

export interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

export function SelectInput({
  label,
  path,
  value,
  onChange,
  choices,
  placeholder,
  hint,
  className,
}: {
  label: string;
  path: Path;
  value: string;
  onChange: (value: string) => void;
  choices: readonly Choice[];
  /** An empty first choice (none chosen). */
  placeholder?: string;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <FieldShell label={label} path={path} hint={hint} {...(className ? { className } : {})}>
      {({ id, name, describedBy, invalid }) => (
        <select
          id={id}
          name={name}
          className={`${INPUT_CLASSES} ${invalidRing}`}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value} disabled={choice.disabled}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxInput({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 rounded border-slate-400 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/** Several values of a list as boxes in a fieldset (a multi-select whose every choice is in view); a disabled choice says why. */
export function CheckboxGroup<V extends string | number>({
  legend,
  values,
  choices,
  onChange,
  hint,
  columns = 2,
}: {
  legend: string;
  values: readonly V[];
  choices: readonly { value: V; label: string; disabledReason?: string }[];
  onChange: (values: V[]) => void;
  hint?: ReactNode;
  columns?: 1 | 2 | 3;
}) {
  const id = useId();
  const grid = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-2 lg:grid-cols-3' }[columns];
  return (
    <fieldset className="min-w-0" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <div className={`mt-2 grid grid-cols-1 gap-x-4 gap-y-1.5 ${grid}`}>
        {choices.map((choice) => (
          <CheckboxInput
            key={String(choice.value)}
            label={choice.label}
            checked={values.includes(choice.value)}
            disabled={choice.disabledReason !== undefined}
            {...(choice.disabledReason ? { hint: choice.disabledReason } : {})}
            onChange={(checked) => onChange(checked ? [...values, choice.value] : values.filter((value) => value !== choice.value))}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** An error not tied to one input (the steps of an activity, an item's options), announced where it stands. */
export function GroupError({ path }: { path: Path }) {
  const error = useFieldError(path);
  return error ? (
    <p role="alert" className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** A titled part of a form. */
export function FormSection({ title, children, description }: { title: string; children: ReactNode; description?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <div>
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {description && <p className="text-xs text-slate-600">{description}</p>}
      </div>
      {children}
    </section>
  );
}
