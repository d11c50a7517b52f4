import type { FieldProps } from '@rjsf/utils';
import { kilogramsFromPounds, poundsFromKilograms, type Weight, type WeightUnit } from '../../../../domain/patientFormMeasures';
import { MeasureNumberInput } from './MeasureInputs';
import { MeasureFieldGroup } from './MeasureFieldGroup';
import { useMeasureField } from './useMeasureField';
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
export function WeightField(props: FieldProps<Partial<Weight> | undefined>) {
  const { id, label, stored, unit, emit, off, invalid, frame } = useMeasureField<'kg', WeightUnit>(props, { storedUnit: 'kg', defaultUnit: 'lb' });
  const pounds = unit === 'lb';
  // The kilograms a typed number stands for: pounds are converted, kilograms kept as typed (so that
  // a second decimal is refused rather than rounded away).
  const toStored = (typed: number) => (pounds ? kilogramsFromPounds(typed) : typed);
  const [text, setText] = useNumberText(stored, pounds ? (kg) => String(poundsFromKilograms(kg)) : String, toStored);

  return (
    <MeasureFieldGroup
      {...frame}
      units={UNITS}
      onUnitChange={(next) => {
        setText(stored === undefined ? '' : next === 'lb' ? String(poundsFromKilograms(stored)) : String(stored));
        frame.onUnitChange(next);
      }}
    >
      <MeasureNumberInput
        id={id}
        label={label}
        unit={unit}
        invalid={invalid}
        disabled={off}
        whole={pounds}
        text={text}
        onText={(typedText) => {
          setText(typedText);
          const typed = parseNumber(typedText);
          emit(typed === undefined ? undefined : toStored(typed), unit);
        }}
      />
    </MeasureFieldGroup>
  );
}
