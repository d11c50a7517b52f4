import { Field, Label, Switch } from '@headlessui/react';
import { defineFilter } from './filterTypes';

/** On: `field[eq]` (or the option's operator, `in` for a list) the option's value (true unless given); off: no filter. */
export const switchFilter = defineFilter(
  {
    type: 'object',
    properties: {
      value: {},
      operator: { enum: ['eq', 'in'] },
      whenOff: {
        type: 'object',
        properties: { operator: { enum: ['eq', 'ne', 'in', 'notin'] }, value: {} },
        required: ['operator', 'value'],
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  function SwitchFilter({ filter, value, onChange }) {
    const on = value === true;
    return (
      <Field className="flex items-center gap-2 self-end pb-1.5">
        <Switch
          checked={on}
          onChange={(checked) => onChange(checked || undefined)}
          className="group relative inline-flex h-5 w-9 shrink-0 rounded-full bg-slate-300 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 data-[checked]:bg-blue-700"
        >
          <span className="pointer-events-none inline-block size-4 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition group-data-[checked]:translate-x-4" />
        </Switch>
        <Label className="text-sm text-slate-700">{filter.label}</Label>
      </Field>
    );
  },
);
