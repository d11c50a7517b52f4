import type { FieldView } from '../../../../schemas/screen';
import { evaluateCondition } from '../core/conditions';
import type { ApiRow } from '../core/context';
import type { SchemaNode } from '../core/entityFields';
import { resolveFieldView } from '../core/fieldViews';
import { at, type DefinitionLocation } from '../core/resolve';
import { useEvalContext } from '../scopeContext';
import { FieldCell } from './FieldCell';

const COLUMN_CLASSES = { 1: 'sm:grid-cols-1', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4' } as const;

interface SummaryGridProps {
  fields: readonly FieldView[];
  record: ApiRow;
  entity: SchemaNode;
  /** The location of the fields array. */
  location: DefinitionLocation;
  columns?: number | undefined;
}

/** Labelled values of one record, in a grid; a field shows only where its condition holds for the record. */
export function SummaryGrid({ fields, record, entity, location, columns = 3 }: SummaryGridProps) {
  const context = useEvalContext({ record });
  return (
    <dl className={`grid grid-cols-1 gap-x-6 gap-y-4 ${COLUMN_CLASSES[columns as keyof typeof COLUMN_CLASSES] ?? COLUMN_CLASSES[3]}`}>
      {fields.map((field, i) => {
        const view = resolveFieldView(field, entity);
        if (!evaluateCondition(view.visibleWhen, context)) return null;
        return (
          <div key={`${view.field}-${i}`} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{view.label}</dt>
            {/* A long address or e-mail breaks anywhere rather than widening a phone's page. */}
            <dd className="mt-1 text-sm wrap-anywhere text-slate-900">
              <FieldCell view={view} record={record} location={at(location, i)} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
