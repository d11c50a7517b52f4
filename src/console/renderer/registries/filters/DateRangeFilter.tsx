import { Fieldset, Legend } from '@headlessui/react';
import { timeZoneOf } from '../../core/context';
import { DATE_PRESETS, presetNow, type DatePreset, type DateRange } from '../../core/datePresets';
import { useScreenEnvironment } from '../../environmentContext';
import { Button } from '../../../ui/Button';
import { INPUT_CLASSES } from '../../skin/inputClasses';
import { defineFilter } from './filterTypes';

const PRESET_NAMES = Object.keys(DATE_PRESETS) as DatePreset[];
const DEFAULT_PRESETS: readonly DatePreset[] = ['today', 'yesterday', 'last_7_days', 'last_30_days'];

/** From and to days (yyyy-mm-dd), and preset buttons: `field[gte]` and `field[lt]` the day after. */
export const dateRangeFilter = defineFilter(
  {
    type: 'object',
    properties: { presets: { type: 'array', items: { enum: PRESET_NAMES }, uniqueItems: true } },
    additionalProperties: false,
  },
  function DateRangeFilter({ filter, value, onChange, options }) {
    const environment = useScreenEnvironment();
    const range = (value ?? {}) as DateRange;
    const set = (next: DateRange) => onChange(next.from || next.to ? next : undefined);
    return (
      <Fieldset className="flex flex-wrap items-end gap-2">
        <Legend className="w-full text-xs font-medium text-slate-600">{filter.label}</Legend>
        <label className="text-xs text-slate-600">
          From
          <input
            type="date"
            className={`${INPUT_CLASSES} mt-1`}
            value={range.from ?? ''}
            onChange={(e) => set({ ...range, from: e.target.value || undefined })}
          />
        </label>
        <label className="text-xs text-slate-600">
          To
          <input type="date" className={`${INPUT_CLASSES} mt-1`} value={range.to ?? ''} onChange={(e) => set({ ...range, to: e.target.value || undefined })} />
        </label>
        {(options.presets ?? DEFAULT_PRESETS).map((preset) => (
          <Button key={preset} variant="ghost" onClick={() => set(DATE_PRESETS[preset].range(presetNow(timeZoneOf(environment))))}>
            {DATE_PRESETS[preset].label}
          </Button>
        ))}
      </Fieldset>
    );
  },
);
