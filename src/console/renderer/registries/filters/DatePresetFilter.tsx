import { DATE_PRESETS, type DatePreset } from '../../core/datePresets';
import { defineFilter } from './filterTypes';
import { selectFilter } from './SelectFilter';

const PRESET_NAMES = Object.keys(DATE_PRESETS) as DatePreset[];

/**
 * One of the definition's date presets, or All: the value is the preset's name, whose days the query
 * finds on the day of the request (`filterQueries.date_preset`). `labels` word a preset for the
 * screen ('Overdue' for `before_today` on a due day).
 */
export const datePresetFilter = defineFilter(
  {
    type: 'object',
    properties: {
      presets: { type: 'array', items: { enum: PRESET_NAMES }, uniqueItems: true, minItems: 1 },
      labels: { type: 'object', additionalProperties: { type: 'string', minLength: 1 } },
    },
    required: ['presets'],
    additionalProperties: false,
  },
  function DatePresetFilter({ filter, value, onChange, options }) {
    const choices = options.presets.map((preset) => ({ value: preset, label: options.labels?.[preset] ?? DATE_PRESETS[preset].label }));
    return <selectFilter.Component filter={filter} value={value} onChange={onChange} options={{ choices }} />;
  },
);
