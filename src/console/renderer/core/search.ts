import type { Filter } from '../../api/dataProvider.utils';

/** Spec 000 sections 5 and 9. */
export const SEARCH_MIN_LENGTH = 3;
const searchTooShortMessage = (minLength: number) => `Please enter at least ${minLength} characters to search`;

export type SearchFormat = 'text' | 'phone' | 'id' | 'date';

/** A date search waits for a whole date: a part of one matches nothing sensible. */
export const DATE_SEARCH_MESSAGE = 'Please enter a whole date (MM/DD/YYYY)';

/** A search field with its defaults applied. */
export interface SearchField {
  field: string;
  label: string;
  format: SearchFormat;
  operator: 'q' | 'like' | 'eq';
  lookup?: { resource: string; field: string };
}

/** What a search asks of the list. */
export type SearchQuery =
  | { kind: 'none' }
  | { kind: 'too-short'; message: string }
  /** A search that no record can match (an id that is not a number): no request is sent. */
  | { kind: 'nothing' }
  | { kind: 'filter'; filter: Filter }
  /** Search another resource first, then filter `target[in]` by the ids found. */
  | { kind: 'lookup'; resource: string; filter: Filter; target: string };

/**
 * A phone search in US format: ten digits (or eleven with the leading 1) become +1XXXXXXXXXX, the
 * way numbers are stored; a partial number searches by its digits.
 */
export function normalizeUsPhone(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits;
}

function filterFor(field: string, operator: SearchField['operator'], value: string): Filter {
  if (operator === 'q') return { q: { field, value } };
  return { [`${field}[${operator}]`]: value };
}

/**
 * The search rules of spec 000 section 5: an empty search clears the filter; fewer than the
 * minimum characters is refused with the spec's message; id searches are exempt; phones are
 * normalised. `searchQuery(imeiField, '3569', 3)`.
 */
export function searchQuery(field: SearchField, typed: string, minLength: number): SearchQuery {
  const text = typed.trim();
  if (text === '') return { kind: 'none' };
  if (field.format === 'id') return /^\d+$/.test(text) ? { kind: 'filter', filter: filterFor(field.field, 'eq', text) } : { kind: 'nothing' };
  if (field.format === 'date') {
    const day = searchedDay(text);
    return day ? { kind: 'filter', filter: filterFor(field.field, 'eq', day) } : { kind: 'too-short', message: DATE_SEARCH_MESSAGE };
  }
  if (text.length < minLength) return { kind: 'too-short', message: searchTooShortMessage(minLength) };
  const value = field.format === 'phone' ? normalizeUsPhone(text) : text;
  if (field.lookup) {
    return { kind: 'lookup', resource: field.lookup.resource, filter: filterFor(field.lookup.field, field.operator, value), target: field.field };
  }
  return { kind: 'filter', filter: filterFor(field.field, field.operator, value) };
}

/** A typed date as yyyy-mm-dd: 05/31/1950, 5/31/1950 or 1950-05-31; undefined until it is a real day. */
export function searchedDay(text: string): string | undefined {
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [year, month, day] = us ? [us[3], us[1], us[2]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!year || !month || !day) return undefined;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : undefined;
}
