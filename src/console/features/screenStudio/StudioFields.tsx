import { useId } from 'react';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';

/** The studio's small labelled controls: a label above, the control under it, compact enough for a row of them. */
const LABEL_CLASSES = 'block text-xs font-medium text-slate-700';

export function LabelledInput({
  label,
  value,
  onChange,
  readOnly,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  readOnly: boolean;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="min-w-48 flex-1">
      <label htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      <input id={id} className={INPUT_CLASSES} value={value} placeholder={placeholder} readOnly={readOnly} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export interface SelectChoice {
  value: string;
  label: string;
}

/** A labelled select; `none` is a first choice of the empty value ("By the field's type", "Choose a field"). */
export function LabelledSelect({
  label,
  value,
  choices,
  onChange,
  disabled = false,
  none,
}: {
  label: string;
  value: string;
  choices: readonly (SelectChoice | string)[];
  onChange: (value: string) => void;
  disabled?: boolean;
  none?: string;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASSES}>
        {label}
      </label>
      <select id={id} className={INPUT_CLASSES} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {choices.map((choice) => {
          const { value: key, label: text } = typeof choice === 'string' ? { value: choice, label: choice } : choice;
          return (
            <option key={key} value={key}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

export function Checkbox({ label, checked, onChange, disabled }: { label: string; checked: boolean; onChange: (checked: boolean) => void; disabled: boolean }) {
  return (
    <label className="flex items-center gap-1.5 text-sm text-slate-800">
      <input type="checkbox" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
