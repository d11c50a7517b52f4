import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useState } from 'react';
import {
  centimetresFromFeetAndInches,
  feetAndInchesFromCentimetres,
  HEIGHT_LIMITS,
  type Height,
  type HeightUnit,
} from '../../../../domain/patientFormMeasures';
import { INPUT_CLASSES } from '../../../renderer/skin/inputClasses';
import { MeasureFieldGroup } from './MeasureFieldGroup';
import { parseNumber, useNumberText } from './useNumberText';

const UNITS = [
  { unit: 'ft_in', label: 'ft/in' },
  { unit: 'cm', label: 'cm' },
] as const;
const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);
const FEET = range(HEIGHT_LIMITS.feet.min, HEIGHT_LIMITS.feet.max);
const INCHES = range(HEIGHT_LIMITS.inches.min, HEIGHT_LIMITS.inches.max);

/**
 * A height typed in feet and inches or in centimetres (`"ui:field": "height"`), stored in cm
 * with the unit typed in (src/domain/patientFormMeasures.ts); the domain's rule checks the range.
 * Feet and inches are chosen from their spec ranges (4-7, 0-11); the unit defaults to ft/in.
 */
export function HeightField({
  formData,
  onChange,
  fieldPathId,
  schema,
  uiSchema,
  name,
  disabled,
  readonly,
  errorSchema,
}: FieldProps<Partial<Height> | undefined>) {
  const label = String(getUiOptions(uiSchema).title ?? schema.title ?? name);
  const stored = typeof formData?.value === 'number' ? formData.value : undefined;
  const [chosenUnit, setChosenUnit] = useState<HeightUnit>(formData?.input_unit ?? 'ft_in');
  const unit = formData?.input_unit ?? chosenUnit;
  const [cmText, setCmText] = useNumberText(stored, String, (typed) => typed);
  const emit = (value: number | undefined, inputUnit: HeightUnit) =>
    onChange(value === undefined ? undefined : { value, unit: 'cm', input_unit: inputUnit }, fieldPathId.path);
  const { feet, inches } = stored === undefined ? { feet: undefined, inches: undefined } : feetAndInchesFromCentimetres(stored);
  const off = disabled || readonly;
  const invalid = (errorSchema?.__errors ?? []).length > 0 ? true : undefined;

  return (
    <MeasureFieldGroup
      label={label}
      units={UNITS}
      unit={unit}
      disabled={off}
      onUnitChange={(next) => {
        setChosenUnit(next);
        if (stored !== undefined) emit(stored, next);
      }}
    >
      {unit === 'ft_in' ? (
        <div className="mt-1 flex items-center gap-2">
          <select
            id={`${fieldPathId.$id}_feet`}
            aria-label={`${label} (feet)`}
            aria-invalid={invalid}
            className={INPUT_CLASSES}
            disabled={off}
            value={feet ?? ''}
            onChange={(event) => emit(event.target.value === '' ? undefined : centimetresFromFeetAndInches(Number(event.target.value), inches ?? 0), 'ft_in')}
          >
            <option value="">–</option>
            {FEET.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span className="text-sm text-slate-600">ft</span>
          <select
            id={`${fieldPathId.$id}_inches`}
            aria-label={`${label} (inches)`}
            aria-invalid={invalid}
            className={INPUT_CLASSES}
            disabled={off || feet === undefined}
            value={inches ?? ''}
            onChange={(event) => emit(centimetresFromFeetAndInches(feet ?? 0, Number(event.target.value)), 'ft_in')}
          >
            {feet === undefined && <option value="">–</option>}
            {INCHES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span className="text-sm text-slate-600">in</span>
        </div>
      ) : (
        <div className="mt-1 flex items-center gap-2">
          <input
            id={fieldPathId.$id}
            type="number"
            inputMode="decimal"
            step={0.1}
            aria-label={`${label} (cm)`}
            aria-invalid={invalid}
            className={INPUT_CLASSES}
            disabled={off}
            value={cmText}
            onChange={(event) => {
              setCmText(event.target.value);
              const typed = parseNumber(event.target.value);
              emit(typed, 'cm');
            }}
          />
          <span className="text-sm text-slate-600">cm</span>
        </div>
      )}
    </MeasureFieldGroup>
  );
}
