import type { WidgetProps } from '@rjsf/utils';
import type { Filter } from '../../api/dataProvider.utils';
import { getPath } from '../core/context';
import { plainText } from '../core/format';
import { resolveValue } from '../core/templates';
import { useReferencedRecord } from '../parts/useReferencedRecord';
import { RecordCombobox } from '../skin/RecordCombobox';
import type { SchemaFormContext } from './formContext';

/**
 * An id field picked by typing part of a record's label (`"ui:widget": "reference"` with
 * ui:options resource, label, searchField, minLength, perPage, filter). The filter's templates read the
 * record and the form: `{"tenant_id[eq]": "{form.tenant_id}", "is_active[eq]": true}`. Clearing a
 * required field empties it (so the required check speaks) rather than sending null.
 */
export function ReferenceWidget({ id, value, disabled, readonly, required, options, onChange, registry }: WidgetProps) {
  const { context } = registry.formContext as SchemaFormContext;
  const resource = String(options.resource);
  const labelPath = String(options.label);
  const chosen = useReferencedRecord(resource, value as string | number | null | undefined);
  const current =
    value === undefined || value === null ? null : { id: value as string | number, label: plainText(getPath(chosen, labelPath) ?? `#${String(value)}`) };
  return (
    <RecordCombobox
      id={id}
      resource={resource}
      labelPath={labelPath}
      searchField={typeof options.searchField === 'string' ? options.searchField : undefined}
      minLength={typeof options.minLength === 'number' ? options.minLength : undefined}
      perPage={typeof options.perPage === 'number' ? options.perPage : undefined}
      filter={resolveValue(options.filter ?? {}, context) as Filter}
      value={current}
      onChange={(next) => onChange(next ? next.id : required ? undefined : null)}
      disabled={disabled || readonly}
    />
  );
}
