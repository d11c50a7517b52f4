import type { FieldTemplateProps } from '@rjsf/utils';

/** A field: its label, the widget, the help and the errors (RJSF's FieldTemplate in our classes). */
export function FieldTemplate({ id, label, required, displayLabel, description, children, errors, help, hidden, classNames }: FieldTemplateProps) {
  if (hidden) return <div className="hidden">{children}</div>;
  return (
    <div className={`space-y-1 ${classNames ?? ''}`}>
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
