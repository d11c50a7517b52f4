import { Switch } from '@headlessui/react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** A boolean as a switch (`"ui:widget": "switch"`); the field's label (for its id) names it. */
export function SwitchWidget({ id, value, disabled, readonly, onChange }: WidgetProps) {
  return (
    <Switch
      id={id}
      checked={value === true}
      disabled={disabled || readonly}
      onChange={onChange}
      aria-describedby={ariaDescribedByIds(id)}
      className="group relative inline-flex h-5 w-9 shrink-0 rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700 data-[disabled]:opacity-50"
    >
      <span className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-4" />
    </Switch>
  );
}
