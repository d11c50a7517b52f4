import { evaluateCondition } from '../core/conditions';
import { getPath, type ApiRow } from '../core/context';
import type { ResolvedFieldView } from '../core/fieldViews';
import { at, resolveEntry, type DefinitionLocation } from '../core/resolve';
import { useScreenRegistries } from '../environmentContext';
import { useEvalContext } from '../scopeContext';

/**
 * One field of a record through its cell; `location` is the field view's place in the definition.
 * While the view's `maskedWhen` holds, the value is not put on the page at all: a blurred
 * placeholder stands in its place and a screen reader hears "Hidden". (The record as fetched
 * still holds it; masking keeps it off the screen, it is not an access rule.)
 */
export function FieldCell({ view, record, location }: { view: ResolvedFieldView; record: ApiRow; location: DefinitionLocation }) {
  const { Component } = resolveEntry(useScreenRegistries().cells, 'cell', view.cell, at(location, 'cell'));
  const context = useEvalContext({ record });
  if (view.maskedWhen === undefined || !evaluateCondition(view.maskedWhen, context)) {
    return <Component value={getPath(record, view.field)} record={record} options={view.options} field={view.field} />;
  }
  return (
    <span data-masked="true">
      <span aria-hidden="true" className="pointer-events-none select-none blur-[3px]">
        {MASK}
      </span>
      <span className="sr-only">Hidden</span>
    </span>
  );
}

const MASK = '00/00/0000';
