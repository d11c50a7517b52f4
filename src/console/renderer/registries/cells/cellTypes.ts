import { createElement } from 'react';
import type { ApiRow } from '../../core/context';
import { defineLazyEntry } from '../lazyEntry';
import { defineEntry, NO_OPTIONS, type RegistryEntry } from '../registryEntry';

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

const lazyCell = defineLazyEntry<CellProps>(createElement('span', { 'aria-busy': true, className: 'text-slate-400' }, '…'));

/**
 * A feature's cell whose code loads the first time a screen draws it (issue 20: a list page carries
 * only its own columns' code). The shell starts the fetch with the page's definition
 * (preloadScreenParts), before the rows are asked for, so that the rows come with it; should they
 * come first, the cell is a faint ellipsis for that moment rather than "Loading…" in every row.
 * Its options' schema lives apart from its module (`X.options.ts`), for the registry to hold at once;
 * the module's entry (`defineCell(xOptions, Component)`) is what loads:
 * `defineLazyCell(taskCellOptions, () => import('./TaskCell').then((m) => m.taskCell))`.
 */
export function defineLazyCell(
  optionsSchema: RegistryEntry<CellProps>['optionsSchema'],
  load: () => Promise<RegistryEntry<CellProps>>,
): RegistryEntry<CellProps> {
  // The loaded entry's component was typed against this same schema where it was defined (defineCell).
  return { ...lazyCell(NO_OPTIONS, async () => (await load()).Component), optionsSchema };
}
