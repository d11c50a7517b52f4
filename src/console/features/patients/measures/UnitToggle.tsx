/** Two units of one measure as a pair of toggle buttons (ft/in | cm); the pressed one is the unit typed in. */
export function UnitToggle<U extends string>({
  units,
  value,
  label,
  onChange,
  disabled,
}: {
  units: readonly { unit: U; label: string }[];
  value: U;
  label: string;
  onChange: (unit: U) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label={`${label} unit`} className="inline-flex rounded-md shadow-xs ring-1 ring-inset ring-slate-300">
      {units.map(({ unit, label: text }) => (
        <button
          key={unit}
          type="button"
          aria-pressed={unit === value}
          disabled={disabled}
          onClick={() => onChange(unit)}
          className="px-2 py-0.5 text-xs font-medium text-slate-700 first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-blue-600 aria-pressed:bg-blue-700 aria-pressed:text-white"
        >
          {text}
        </button>
      ))}
    </div>
  );
}
