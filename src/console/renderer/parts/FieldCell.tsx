import { getPath, type ApiRow } from '../core/context';
import type { ResolvedFieldView } from '../core/fieldViews';
import { at, resolveEntry, type DefinitionLocation } from '../core/resolve';
import { cellRegistry } from '../registries/cells';

/** One field of a record through its cell; `location` is the field view's place in the definition. */
export function FieldCell({ view, record, location }: { view: ResolvedFieldView; record: ApiRow; location: DefinitionLocation }) {
  const { Component } = resolveEntry(cellRegistry, 'cell', view.cell, at(location, 'cell'));
  return <Component value={getPath(record, view.field)} record={record} options={view.options} field={view.field} />;
}
