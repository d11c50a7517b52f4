import type { ApiRow } from '../../core/context';
import { defineEntry } from '../registryEntry';

/** What every cell gets: the field's value, the whole record, and the definition's options. */
export interface CellProps {
  value: unknown;
  record: ApiRow;
  options: Readonly<Record<string, unknown>>;
  /** The field's path in the record, for cells that write it back (inline_edit). */
  field?: string;
}

/** `defineCell(optionsSchema, Component)`: a cell registry entry. */
export const defineCell = defineEntry<CellProps>();
