import type { Card } from '../../../../schemas/screen';
import type { ApiRow } from '../core/context';
import { fieldSchema, type SchemaNode } from '../core/entityFields';
import { resolveFieldView } from '../core/fieldViews';
import { recordRows, rowSchemaOf } from '../core/recordRows';
import { at, type DefinitionLocation } from '../core/resolve';
import { ScrollRegion } from '../skin/ScrollRegion';
import { EmptyState } from '../skin/StatusViews';
import { FieldCell } from './FieldCell';

/** Spec 000 section 8's empty list text, when the definition words none. */
const EMPTY_TEXT = 'No records found';

interface RecordTableProps {
  table: NonNullable<Card['table']>;
  record: ApiRow;
  /** The entity of the record; the columns are fields of one row of its array field. */
  entity: SchemaNode;
  location: DefinitionLocation;
  /** What the table is called (its card's title), for the region it scrolls in when it is too wide. */
  label: string;
}

/**
 * The rows an array field of the record holds, as a table (a location's device counts by type,
 * manufacturer and model), scrolling inside its place when too wide for it.
 */
export function RecordTable({ table, record, entity, location, label }: RecordTableProps) {
  const rowEntity = rowSchemaOf(fieldSchema(entity, table.field)) ?? {};
  const rows = recordRows(record, table.field);
  const columns = table.columns.map((column, i) => ({ view: resolveFieldView(column, rowEntity), location: at(location, 'columns', i) }));
  if (rows.length === 0) return <EmptyState>{table.empty ?? EMPTY_TEXT}</EmptyState>;
  return (
    <ScrollRegion label={`${label} table`} className="rounded-md ring-1 ring-slate-200">
      {() => (
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              {columns.map(({ view }) => (
                <th key={view.field} scope="col" className="px-3 py-2">
                  {view.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {rows.map((row, i) => (
              <tr key={i}>
                {columns.map(({ view, location: cellLocation }) => (
                  <td key={view.field} className="px-3 py-2 text-slate-800">
                    <FieldCell view={view} record={row} location={cellLocation} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </ScrollRegion>
  );
}
