import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** An object's fields one under another; a nested object gets a fieldset with its title. */
export function ObjectFieldTemplate({ title, properties, fieldPathId }: ObjectFieldTemplateProps) {
  const nested = fieldPathId.path.length > 0;
  const fields = properties.filter((property) => !property.hidden).map((property) => <div key={property.name}>{property.content}</div>);
  if (!nested) return <div className="space-y-4">{fields}</div>;
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-3">
      {title && <legend className="px-1 text-sm font-medium text-slate-800">{title}</legend>}
      {fields}
    </fieldset>
  );
}
