import { useId, type ReactNode } from 'react';
import { UnitToggle } from './UnitToggle';

/** The frame of a measure typed in one of two units (height, weight): its label, the unit toggle, then the inputs. */
export function MeasureFieldGroup<U extends string>({
  label,
  units,
  unit,
  disabled,
  onUnitChange,
  children,
}: {
  label: string;
  units: readonly { unit: U; label: string }[];
  unit: U;
  disabled?: boolean;
  onUnitChange: (unit: U) => void;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <div className="flex items-center justify-between gap-2">
        <span id={labelId} className="text-sm font-medium text-slate-800">
          {label}
        </span>
        <UnitToggle units={units} value={unit} label={label} disabled={disabled} onChange={onUnitChange} />
      </div>
      {children}
    </div>
  );
}
