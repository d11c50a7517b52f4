import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import { kilogramsFromPounds, poundsFromKilograms, type Weight, type WeightUnit } from '../../../../domain/patientFormMeasures';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { MeasureFieldGroup } from './MeasureFieldGroup';
import { parseNumber, useNumberText } from './useNumberText';

const UNITS = [
  { unit: 'lb', label: 'lb' },
  { unit: 'kg', label: 'kg' },
] as const;

/**
 * A weight typed in whole pounds or in kilograms (`"ui:field": "weight"`), stored in kg with the
 * unit typed in (src/domain/patientFormMeasures.ts); the domain's rule checks the range. The unit
 * defaults to lb.
 */
export function WeightField({
  formData,
  onChange,
  fieldPathId,
  schema,
  uiSchema,
  name,
  disabled,
  readonly,
  errorSchema,
}: FieldProps<Partial<Weight> | undefined>) {
  const label = String(getUiOptions(uiSchema).title ?? schema.title ?? name);
  const stored = typeof formData?.value === 'number' ? formData.value : undefined;
  const [chosenUnit, setChosenUnit] = useState<WeightUnit>(formData?.input_unit ?? 'lb');
  const unit = formData?.input_unit ?? chosenUnit;
  const pounds = unit === 'lb';
  // The kilograms a typed number stands for: pounds are converted, kilograms kept as typed (so that
  // a second decimal is refused rather than rounded away).
  const toStored = (typed: number) => (pounds ? kilogramsFromPounds(typed) : typed);
  const [text, setText] = useNumberText(stored, pounds ? (kg) => String(poundsFromKilograms(kg)) : String, toStored);
  const emit = (value: number | undefined, inputUnit: WeightUnit) =>
    onChange(value === undefined ? undefined : { value, unit: 'kg', input_unit: inputUnit }, fieldPathId.path);
  const off = disabled || readonly;

  return (
    <MeasureFieldGroup
      label={label}
      units={UNITS}
      unit={unit}
      disabled={off}
      onUnitChange={(next) => {
        setChosenUnit(next);
        setText(stored === undefined ? '' : next === 'lb' ? String(poundsFromKilograms(stored)) : String(stored));
        if (stored !== undefined) emit(stored, next);
      }}
    >
      <div className="mt-1 flex items-center gap-2">
        <input
          id={fieldPathId.$id}
          type="number"
          inputMode={pounds ? 'numeric' : 'decimal'}
          step={pounds ? 1 : 0.1}
          aria-label={`${label} (${unit})`}
          aria-invalid={(errorSchema?.__errors ?? []).length > 0 ? true : undefined}
          className={INPUT_CLASSES}
          disabled={off}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            const typed = parseNumber(event.target.value);
            emit(typed === undefined ? undefined : toStored(typed), unit);
          }}
        />
        <span className="text-sm text-slate-600">{unit}</span>
      </div>
    </MeasureFieldGroup>
  );
}
