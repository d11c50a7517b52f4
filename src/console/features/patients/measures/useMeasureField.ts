import { getUiOptions, type FieldProps } from '@rjsf/utils';
import { useState } from 'react';

/** A measure as the patient record stores it: the value in its stored unit, and the unit it was typed in. */
interface Measure<S extends string, U extends string> {
  value: number;
  unit: S;
  input_unit?: U;
}

/**
 * What the height and weight fields share: the label, the stored value, the unit shown (the one
 * typed in, else the one chosen, else the default), and `emit`, which stores a value in the stored
 * unit with the unit it was typed in. `frame` is what MeasureFieldGroup takes of it: a change of
 * unit keeps the stored value, now typed in the other unit.
 */
export function useMeasureField<S extends string, U extends string>(
  { formData, onChange, fieldPathId, schema, uiSchema, name, disabled, readonly, errorSchema }: FieldProps<Partial<Measure<S, U>> | undefined>,
  { storedUnit, defaultUnit }: { storedUnit: S; defaultUnit: U },
) {
  const [chosenUnit, setChosenUnit] = useState<U>(formData?.input_unit ?? defaultUnit);
  const emit = (value: number | undefined, inputUnit: U) =>
    onChange(value === undefined ? undefined : { value, unit: storedUnit, input_unit: inputUnit }, fieldPathId.path);
  const label = String(getUiOptions(uiSchema).title ?? schema.title ?? name);
  const unit = formData?.input_unit ?? chosenUnit;
  const off = disabled || readonly;
  const stored = typeof formData?.value === 'number' ? formData.value : undefined;
  const changeUnit = (next: U) => {
    setChosenUnit(next);
    if (stored !== undefined) emit(stored, next);
  };
  return {
    id: fieldPathId.$id,
    label,
    stored,
    unit,
    emit,
    off,
    invalid: (errorSchema?.__errors ?? []).length > 0 ? true : undefined,
    frame: { label, unit, disabled: off, onUnitChange: changeUnit },
  };
}
