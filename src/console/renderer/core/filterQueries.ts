import type { Filter } from '../../api/dataProvider.utils';
import { lastActivityBound } from '../../../domain/patientQueue';
import { endOfZonedDay, isDay, startOfZonedDay } from '../../../domain/zonedDays';
import { careTeamQuery } from './careTeamFilter';
import { nextDay, type DateRange } from './datePresets';

/** What a filter's query may depend on besides its value: the user's zone and the time of the request. */
export interface FilterEnv {
  timeZone: string;
  now: Date;
}
const defaultEnv = (): FilterEnv => ({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, now: new Date() });

/** A search_selector keeps the label of the chosen record beside its id, to show it again. */
export interface ChosenRecord {
  id: string | number;
  label: string;
}

/**
 * How each filter type's value becomes `field[operator]` keys: the headless half of the filter
 * registry (the skin half is registries/filters). A new filter type gets an entry in both.
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
  datetime_range: (field: string, value: unknown, _options?: object, env: FilterEnv = defaultEnv()): Filter => {
    const { from, to } = (value ?? {}) as DateRange;
    return {
      ...(isDay(from) ? { [`${field}[gte]`]: startOfZonedDay(from, env.timeZone).toISOString() } : {}),
      ...(isDay(to) ? { [`${field}[lte]`]: endOfZonedDay(to, env.timeZone).toISOString() } : {}),
    };
  },
  /** At least this many days since the field's time: `[lte]` the end of that day, one value all day long. */
  days_since: (field: string, value: unknown, _options?: object, env: FilterEnv = defaultEnv()): Filter =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 ? { [`${field}[lte]`]: lastActivityBound(value, env.now, env.timeZone) } : {},
  search_selector: (field: string, value: unknown): Filter => {
    const chosen = value as ChosenRecord | undefined;
    return chosen ? { [`${field}[eq]`]: chosen.id } : {};
  },
  /** Care-team members (spec 001 section 4): include `[inall]` (has ALL of them), exclude `[notin]` (has NONE); no members, nothing. */
  care_team: careTeamQuery,
} as const satisfies Record<string, (field: string, value: unknown, options?: never, env?: never) => Filter>;

export type FilterType = keyof typeof filterQueries;
