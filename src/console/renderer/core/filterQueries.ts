import type { Filter } from '../../api/dataProvider.utils';
import { endOfZonedDay, isDay, startOfZonedDay } from '../../../domain/zonedDays';
import type { FilterQuery } from './coreRegistries';
import { nextDay, type DateRange } from './datePresets';

/** What a filter's query may depend on besides its value: the user's zone and the time of the request. */
export interface FilterEnv {
  timeZone: string;
  now: Date;
}
/** The zone of the browser and the time of the call, when a query is given no environment. */
export const defaultFilterEnv = (): FilterEnv => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, now: new Date() });

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
  multiselect: (field: string, value: unknown): Filter => (Array.isArray(value) && value.length > 0 ? { [`${field}[in]`]: value } : {}),
  /** Whole days: from the first day's start to before the day after the last. */
  date_range: (field: string, value: unknown): Filter => {
    const { from, to } = (value ?? {}) as DateRange;
    return { ...(from ? { [`${field}[gte]`]: from } : {}), ...(to ? { [`${field}[lt]`]: nextDay(to) } : {}) };
  },
  /** On sends the option's value (true unless said otherwise) with the option's operator (eq unless said otherwise); off sends nothing. */
  switch: (field: string, value: unknown, options: { value?: unknown; operator?: 'eq' | 'in' } = {}): Filter =>
    value === true ? { [`${field}[${options.operator ?? 'eq'}]`]: 'value' in options ? options.value : true } : {},
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
