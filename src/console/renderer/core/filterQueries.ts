import type { Filter } from '../../api/dataProvider.utils';
import { endOfZonedDay, isDay, startOfZonedDay } from '../../../domain/zonedDays';
import type { FilterQuery } from './coreRegistries';
import { DATE_PRESETS, nextDay, presetNow, type DateRange } from './datePresets';
import { monthOf, monthRange } from './months';

/**
 * What a filter's query may depend on besides its value: the user's zone, the time of the request,
 * and the values of the list's other filters (as the list holds them: a forecast asks about the
 * month the month filter chose).
 */
export interface FilterEnv {
  timeZone: string;
  now: Date;
  /** The list's filter values by field (none when a query is called outside a list). */
  filters?: Readonly<Record<string, unknown>>;
}
/** The zone of the browser and the time of the call, and no other filter, when a query is given no environment. */
export const defaultFilterEnv = (): FilterEnv => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, now: new Date(), filters: {} });

/** Whole days: from the first day's start to before the day after the last. */
function dateRangeQuery(field: string, value: unknown): Filter {
  const { from, to } = (value ?? {}) as DateRange;
  return { ...(from ? { [`${field}[gte]`]: from } : {}), ...(to ? { [`${field}[lt]`]: nextDay(to) } : {}) };
}

/** A search_selector keeps the label of the chosen record beside its id, to show it again. */
export interface ChosenRecord {
  id: string | number;
  label: string;
}

/**
 * How each generic filter type's value becomes `field[operator]` keys: the headless half of the
 * renderer's own filters (registries/filters/index.ts pairs each with its control). A feature's
 * filter type brings its query with it (src/console/features).
 */
export const filterQueries = {
  select: (field: string, value: unknown): Filter => ({ [`${field}[eq]`]: value }),
  /** Yes ("true") asks for a value, `field[ne]` null; No ("false") for none, `field[eq]` null (a claim's billing provider). */
  exists: (field: string, value: unknown): Filter =>
    value === 'true' || value === true ? { [`${field}[ne]`]: null } : value === 'false' || value === false ? { [`${field}[eq]`]: null } : {},
  multiselect: (field: string, value: unknown): Filter => (Array.isArray(value) && value.length > 0 ? { [`${field}[in]`]: value } : {}),
  date_range: dateRangeQuery,
  /**
   * The days of a preset the value names, resolved on the day of the request in the user's zone (a
   * link to 'this_week' means the week it is opened in): `due_on[gte]` Sunday, `due_on[lt]` the next Sunday.
   */
  date_preset: (field: string, value: unknown, _options?: object, env: FilterEnv = defaultFilterEnv()): Filter =>
    typeof value === 'string' && Object.hasOwn(DATE_PRESETS, value)
      ? dateRangeQuery(field, DATE_PRESETS[value as keyof typeof DATE_PRESETS].range(presetNow(env.timeZone, env.now)))
      : {},
  /** The whole month of the value's first day, as a date range (a month filter holds its first to its last day). */
  month: (field: string, value: unknown): Filter => {
    const month = monthOf(value);
    return month ? dateRangeQuery(field, monthRange(month)) : {};
  },
  /**
   * On sends the option's value (true unless said otherwise) with the option's operator (eq unless said
   * otherwise); off sends nothing, or `whenOff` where given: "Show entered in error" is off by default and
   * then sends `status[ne]: entered-in-error`.
   */
  switch: (
    field: string,
    value: unknown,
    options: { value?: unknown; operator?: 'eq' | 'in'; whenOff?: { operator: 'eq' | 'ne' | 'in' | 'notin'; value: unknown } } = {},
  ): Filter => {
    if (value === true) return { [`${field}[${options.operator ?? 'eq'}]`]: 'value' in options ? options.value : true };
    return options.whenOff ? { [`${field}[${options.whenOff.operator}]`]: options.whenOff.value } : {};
  },
  /** Whole days of the user's zone on a date-time field: `[gte]` the first day's start, `[lte]` the last day's end (spec 001 section 9). */
  datetime_range: (field: string, value: unknown, _options?: object, env: FilterEnv = defaultFilterEnv()): Filter => {
    const { from, to } = (value ?? {}) as DateRange;
    return {
      ...(isDay(from) ? { [`${field}[gte]`]: startOfZonedDay(from, env.timeZone).toISOString() } : {}),
      ...(isDay(to) ? { [`${field}[lte]`]: endOfZonedDay(to, env.timeZone).toISOString() } : {}),
    };
  },
  search_selector: (field: string, value: unknown): Filter => {
    const chosen = value as ChosenRecord | undefined;
    return chosen ? { [`${field}[eq]`]: chosen.id } : {};
  },
} as const satisfies Record<string, FilterQuery['query']>;
