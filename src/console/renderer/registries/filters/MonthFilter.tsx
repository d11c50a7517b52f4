import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { zonedDay } from '../../../../domain/zonedDays';
import { timeZoneOf } from '../../core/context';
import { chooseMonth, isFutureMonth, MONTH_NAMES, monthOf, monthRange, yearsFrom, type CalendarMonth } from '../../core/months';
import { useScreenEnvironment } from '../../environmentContext';
import { INPUT_CLASSES, OPTION_CLASSES, OPTIONS_CLASSES } from '../../skin/inputClasses';
import { defineFilter } from './filterTypes';

const DISABLED_OPTION = 'data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400';

/**
 * One calendar month, chosen as a month and a year (spec 001, Monitoring Progress: years from
 * `fromYear` up to the current year of the user's zone). Its value is the month as a date range,
 * first to last day, so that `{"preset": "this_month"}` starts it and the date_range query sends
 * it. There is no "All": a month is always chosen (cleared, both parts wait for a choice).
 */
export const monthFilter = defineFilter(
  {
    type: 'object',
    properties: { fromYear: { type: 'integer', minimum: 1900, maximum: 2100 } },
    required: ['fromYear'],
    additionalProperties: false,
  },
  function MonthFilter({ filter, value, onChange, options }) {
    const environment = useScreenEnvironment();
    const current = monthOf({ from: zonedDay(new Date(), timeZoneOf(environment)) }) as CalendarMonth;
    const chosen = monthOf(value);
    const set = (change: Partial<CalendarMonth>) => onChange(monthRange(chooseMonth(chosen, change, current)));
    const year = chosen?.year ?? current.year;
    return (
      // A group named by the filter's label ('Month'), whose two lists say Month and Year.
      <div role="group" aria-label={filter.label} className="flex items-end gap-2">
        <Field className="relative w-36 max-md:flex-1">
          <Label className="block text-xs font-medium text-slate-600">Month</Label>
          <Listbox value={chosen?.month ?? null} onChange={(month: number | null) => month !== null && set({ month })}>
            <ListboxButton className={`${INPUT_CLASSES} mt-1 text-left`}>{chosen ? MONTH_NAMES[chosen.month - 1] : 'Choose'}</ListboxButton>
            <ListboxOptions modal={false} className={OPTIONS_CLASSES}>
              {MONTH_NAMES.map((name, i) => (
                <ListboxOption
                  key={name}
                  value={i + 1}
                  disabled={isFutureMonth({ year, month: i + 1 }, current)}
                  className={`${OPTION_CLASSES} ${DISABLED_OPTION}`}
                >
                  {name}
                </ListboxOption>
              ))}
            </ListboxOptions>
          </Listbox>
        </Field>
        <Field className="relative w-24 max-md:flex-1">
          <Label className="block text-xs font-medium text-slate-600">Year</Label>
          <Listbox value={chosen?.year ?? null} onChange={(year: number | null) => year !== null && set({ year })}>
            <ListboxButton className={`${INPUT_CLASSES} mt-1 text-left`}>{chosen ? String(chosen.year) : 'Choose'}</ListboxButton>
            <ListboxOptions modal={false} className={OPTIONS_CLASSES}>
              {yearsFrom(options.fromYear, current).map((option) => (
                <ListboxOption key={option} value={option} className={OPTION_CLASSES}>
                  {option}
                </ListboxOption>
              ))}
            </ListboxOptions>
          </Listbox>
        </Field>
      </div>
    );
  },
);
