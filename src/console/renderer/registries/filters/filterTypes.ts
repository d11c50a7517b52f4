import type { FromSchema } from 'json-schema-to-ts';
import type { FilterQuery } from '../../core/coreRegistries';
import type { ResolvedFilter } from '../../core/fieldViews';
import { defineEntry, type RegistryEntry } from '../registryEntry';

/** What every filter control gets: its definition with defaults, the current value, and the setter (undefined clears). */
export interface FilterProps {
  filter: ResolvedFilter;
  value: unknown;
  onChange: (value: unknown) => void;
  options: Readonly<Record<string, unknown>>;
}

export const defineFilter = defineEntry<FilterProps>();

/** A filter type as the registry holds it: the control (`defineFilter`) and how its value is queried. */
export interface FilterEntry extends RegistryEntry<FilterProps>, FilterQuery {}

/** Choices a definition may list instead of the field's enum. */
export const choicesSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { value: { type: ['string', 'number', 'boolean'] }, label: { type: 'string' } },
    required: ['value', 'label'],
    additionalProperties: false,
  },
} as const;

/** The options of a filter that finds records of another resource by typing (search_selector, care_team). */
export const recordSearchOptionsSchema = {
  type: 'object',
  properties: {
    resource: { type: 'string', minLength: 1 },
    label: { type: 'string', minLength: 1 },
    searchField: { type: 'string', minLength: 1 },
    minLength: { type: 'integer', minimum: 0 },
    debounceMs: { type: 'integer', minimum: 0 },
    filter: { type: 'object' },
  },
  required: ['resource', 'label'],
  additionalProperties: false,
} as const;

/** The RecordCombobox props those options give: `<RecordCombobox {...recordSearchProps(filter, options)} value=... />`. */
export function recordSearchProps(filter: { label: string }, options: FromSchema<typeof recordSearchOptionsSchema>) {
  return {
    label: filter.label,
    resource: options.resource,
    labelPath: options.label,
    searchField: options.searchField,
    minLength: options.minLength,
    debounceMs: options.debounceMs,
    filter: options.filter,
  };
}
