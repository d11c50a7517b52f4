import type { FieldProps } from '@rjsf/utils';
import {
  centimetresFromFeetAndInches,
  feetAndInchesFromCentimetres,
  HEIGHT_LIMITS,
  type Height,
  type HeightUnit,
} from '../../../../domain/patientFormMeasures';
import { MeasureNumberInput, MeasureSelect } from './MeasureInputs';
import { MeasureFieldGroup } from './MeasureFieldGroup';
import { useMeasureField } from './useMeasureField';
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
export function HeightField(props: FieldProps<Partial<Height> | undefined>) {
  const { id, label, stored, unit, emit, off, invalid, frame } = useMeasureField<'cm', HeightUnit>(props, {
    storedUnit: 'cm',
    defaultUnit: 'ft_in',
  });
  const [cmText, setCmText] = useNumberText(stored, String, (typed) => typed);
  const { feet, inches } = stored === undefined ? { feet: undefined, inches: undefined } : feetAndInchesFromCentimetres(stored);

  return (
    <MeasureFieldGroup {...frame} units={UNITS}>
      {unit === 'ft_in' ? (
        <div className="mt-1 flex items-center gap-2">
          <MeasureSelect
            id={`${id}_feet`}
            label={label}
            unit="ft"
            invalid={invalid}
            disabled={off}
            choices={FEET}
            value={feet}
            empty
            onChoose={(chosen) => emit(chosen === undefined ? undefined : centimetresFromFeetAndInches(chosen, inches ?? 0), 'ft_in')}
          />
          <MeasureSelect
            id={`${id}_inches`}
            label={label}
            unit="in"
            invalid={invalid}
            disabled={off || feet === undefined}
            choices={INCHES}
            value={inches}
            empty={feet === undefined}
            onChoose={(chosen) => emit(centimetresFromFeetAndInches(feet ?? 0, chosen ?? 0), 'ft_in')}
          />
        </div>
      ) : (
        <MeasureNumberInput
          id={id}
          label={label}
          unit="cm"
          invalid={invalid}
          disabled={off}
          text={cmText}
          onText={(text) => {
            setCmText(text);
            emit(parseNumber(text), 'cm');
          }}
        />
      )}
    </MeasureFieldGroup>
  );
}
