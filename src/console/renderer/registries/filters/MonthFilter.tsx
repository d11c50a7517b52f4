import { zonedDay } from '../../../../domain/zonedDays';
import { timeZoneOf } from '../../core/context';
import { chooseMonth, isFutureMonth, MONTH_NAMES, monthOf, monthRange, yearsFrom, type CalendarMonth } from '../../core/months';
import { useScreenEnvironment } from '../../environmentContext';
import { LazyChoiceListbox, preloadChoiceControls } from '../../skin/LazyChoiceControls';
import { defineFilter } from './filterTypes';

const DISABLED_OPTION = 'data-[disabled]:cursor-not-allowed data-[disabled]:text-slate-400';

/**
 * One calendar month, chosen as a month and a year (spec 001, Monitoring Progress: years from
 * `fromYear` up to the current year of the user's zone). Its value is the month as a date range,
 * first to last day, so that `{"preset": "this_month"}` starts it and the date_range query sends
 * it. There is no "All": a month is always chosen (cleared, both parts wait for a choice).
 */
export const monthFilter = {
  ...defineFilter(
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
          <LazyChoiceListbox
            label="Month"
            className="relative w-36 max-md:flex-1"
            value={chosen?.month ?? null}
            onChange={(month: number | null) => month !== null && set({ month })}
            text={chosen ? MONTH_NAMES[chosen.month - 1] : 'Choose'}
            choices={MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name, disabled: isFutureMonth({ year, month: i + 1 }, current) }))}
            optionClassName={DISABLED_OPTION}
          />
          <LazyChoiceListbox
            label="Year"
            className="relative w-24 max-md:flex-1"
            value={chosen?.year ?? null}
            onChange={(year: number | null) => year !== null && set({ year })}
            text={chosen ? String(chosen.year) : 'Choose'}
            choices={yearsFrom(options.fromYear, current).map((option) => ({ value: option, label: option }))}
          />
        </div>
      );
    },
  ),
  // Its listboxes load on demand (skin/LazyChoiceControls.tsx); preloadScreenParts starts them with the list.
  preload: preloadChoiceControls,
};
