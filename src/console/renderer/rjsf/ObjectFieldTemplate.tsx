import { getUiOptions, type ObjectFieldTemplateProps } from '@rjsf/utils';

/** Whole Tailwind class names of a nested object's field grid (`ui:options.columns`). */
const COLUMNS: Record<number, string> = {
  2: 'grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2',
  3: 'grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-3',
  // Four short fields in a row on a wide screen, two on a tablet (a monitoring limit: measure, part, minimum, maximum).
  4: 'grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2 xl:grid-cols-4',
};

/**
 * An object's fields one under another; a nested object gets a fieldset with its title, or, with
 * `ui:options` columns (and label false), its fields side by side without one (an insurance row).
 */
export function ObjectFieldTemplate({ title, properties, fieldPathId, uiSchema }: ObjectFieldTemplateProps) {
  const nested = fieldPathId.path.length > 0;
  const options = getUiOptions(uiSchema);
  const fields = properties.filter((property) => !property.hidden).map((property) => <div key={property.name}>{property.content}</div>);
  if (!nested) return <div className="space-y-4">{fields}</div>;
  const grid = typeof options.columns === 'number' ? COLUMNS[options.columns] : undefined;
  if (grid && options.label === false) return <div className={grid}>{fields}</div>;
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-3">
      {title && <legend className="px-1 text-sm font-medium text-slate-800">{title}</legend>}
      {fields}
    </fieldset>
  );
}
