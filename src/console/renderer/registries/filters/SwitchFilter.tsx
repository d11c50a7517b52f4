import { LazyChoiceSwitch, preloadChoiceControls } from '../../skin/LazyChoiceControls';
import { defineFilter } from './filterTypes';

/** On: `field[eq]` (or the option's operator, `in` for a list) the option's value (true unless given); off: no filter. */
export const switchFilter = {
  ...defineFilter(
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
      return (
        <LazyChoiceSwitch
          checked={value === true}
          onChange={(checked) => onChange(checked || undefined)}
          label={filter.label}
          labelClassName="text-sm text-slate-700"
        />
      );
    },
  ),
  // Its switch loads on demand (skin/LazyChoiceControls.tsx); preloadScreenParts starts it with the list.
  preload: preloadChoiceControls,
};
