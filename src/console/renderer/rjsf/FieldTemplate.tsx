import { getUiOptions, type FieldTemplateProps } from '@rjsf/utils';

/**
 * In a sectioned form's grid, fields that need the room take a whole row: lists, text areas,
 * plain objects and any field with `ui:options.wide`.
 */
function isWide(schema: FieldTemplateProps['schema'], uiSchema: FieldTemplateProps['uiSchema']): boolean {
  const options = getUiOptions(uiSchema);
  const types = [schema.type].flat();
  return (
    options.wide === true || options.widget === 'textarea' || types.includes('array') || (types.includes('object') && uiSchema?.['ui:field'] === undefined)
  );
}

/** A field: its label, the widget, the help and the errors (RJSF's FieldTemplate in our classes). */
export function FieldTemplate({
  id,
  label,
  required,
  displayLabel,
  description,
  children,
  errors,
  help,
  hidden,
  classNames,
  schema,
  uiSchema,
}: FieldTemplateProps) {
  if (hidden) return <div className="hidden">{children}</div>;
  return (
    <div className={`space-y-1 ${isWide(schema, uiSchema) ? 'col-span-full' : ''} ${classNames ?? ''}`}>
      {displayLabel && label && (
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
          {required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      {displayLabel && description}
      {children}
      {errors}
      {help}
    </div>
  );
}
