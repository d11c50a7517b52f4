import { EMPTY_TEXT } from '../../../renderer/core/format';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';

interface MeasureInputProps {
  id: string;
  /** The field's label; the input's accessible name adds its unit: "Height (cm)". */
  label: string;
  unit: string;
  invalid?: boolean | undefined;
  disabled?: boolean | undefined;
}

/** A number typed in one unit, the unit written after it. `whole` numbers only for pounds. */
export function MeasureNumberInput({
  id,
  label,
  unit,
  invalid,
  disabled,
  whole = false,
  text,
  onText,
}: MeasureInputProps & { whole?: boolean; text: string; onText: (text: string) => void }) {
  return (
    <div className="mt-1 flex items-center gap-2">
      <input
        id={id}
        type="number"
        inputMode={whole ? 'numeric' : 'decimal'}
        step={whole ? 1 : 0.1}
        aria-label={`${label} (${unit})`}
        aria-invalid={invalid}
        className={INPUT_CLASSES}
        disabled={disabled}
        value={text}
        onChange={(event) => onText(event.target.value)}
      />
      <span className="text-sm text-slate-600">{unit}</span>
    </div>
  );
}

/** A whole number chosen from a range (feet, inches), with the product's dash for none while `empty` allows it. */
export function MeasureSelect({
  id,
  label,
  unit,
  invalid,
  disabled,
  choices,
  value,
  empty,
  onChoose,
}: MeasureInputProps & { choices: readonly number[]; value: number | undefined; empty: boolean; onChoose: (value: number | undefined) => void }) {
  // The accessible name spells the unit out: "Height (feet)".
  const spelled = { ft: 'feet', in: 'inches' }[unit] ?? unit;
  return (
    <>
      <select
        id={id}
        aria-label={`${label} (${spelled})`}
        aria-invalid={invalid}
        className={INPUT_CLASSES}
        disabled={disabled}
        value={value ?? ''}
        onChange={(event) => onChoose(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        {empty && <option value="">{EMPTY_TEXT}</option>}
        {choices.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      <span className="text-sm text-slate-600">{unit}</span>
    </>
  );
}
