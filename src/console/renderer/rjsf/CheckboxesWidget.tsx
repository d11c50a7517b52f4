import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * Several of an enum's values (a list with uniqueItems, `"ui:widget": "checkboxes"`): one box each,
 * in columns, in the enum's order; the list sent keeps that order.
 */
export function CheckboxesWidget({ id, value, disabled, readonly, options, label, onChange, onBlur, onFocus }: WidgetProps) {
  const choices = options.enumOptions ?? [];
  const chosen: unknown[] = Array.isArray(value) ? value : [];
  const toggle = (choice: unknown, on: boolean) => onChange(choices.map((c): unknown => c.value).filter((v) => (v === choice ? on : chosen.includes(v))));
  return (
    <div
      id={id}
      role="group"
      aria-label={label}
      aria-describedby={ariaDescribedByIds(id)}
      className="grid grid-cols-1 gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3"
    >
      {choices.map((choice, i) => (
        <label key={String(choice.value)} htmlFor={`${id}-${i}`} className="flex items-center gap-2 text-sm text-slate-800">
          <input
            id={`${id}-${i}`}
            type="checkbox"
            className="size-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600"
            checked={chosen.includes(choice.value)}
            disabled={disabled || readonly}
            onChange={(event) => toggle(choice.value, event.target.checked)}
            onBlur={() => onBlur(id, value)}
            onFocus={() => onFocus(id, value)}
          />
          {choice.label}
        </label>
      ))}
    </div>
  );
}
