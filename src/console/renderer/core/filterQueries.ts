import type { Filter } from '../../api/dataProvider.utils';
import { nextDay, type DateRange } from './datePresets';

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
  /** On sends the option's value (true unless said otherwise); off sends nothing. */
  switch: (field: string, value: unknown, options: { value?: unknown } = {}): Filter =>
    value === true ? { [`${field}[eq]`]: 'value' in options ? options.value : true } : {},
  search_selector: (field: string, value: unknown): Filter => {
    const chosen = value as ChosenRecord | undefined;
    return chosen ? { [`${field}[eq]`]: chosen.id } : {};
  },
} as const satisfies Record<string, (field: string, value: unknown, options?: never) => Filter>;

export type FilterType = keyof typeof filterQueries;
