import { ariaDescribedByIds, getInputProps, type BaseInputTemplateProps } from '@rjsf/utils';
import { INPUT_CLASSES } from '../skin/inputClasses';

/** Every <input> of a form; an emptied input gives the field's empty value (undefined), so required checks apply. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, readonly, disabled, autofocus, onBlur, onFocus, onChange, onChangeOverride, options, schema, rawErrors, placeholder } = props;
  // RJSF types a widget's value and input type as any; what reaches an input is a string, a number or nothing.
  const value: unknown = props.value;
  const type = typeof props.type === 'string' ? props.type : undefined;
  const inputProps = getInputProps(schema, type, options);
  const numeric = inputProps.type === 'number' || inputProps.type === 'integer';
  const shown = numeric ? (value || value === 0 ? value : '') : (value ?? '');
  return (
    <input
      id={id}
      name={htmlName || id}
      className={INPUT_CLASSES}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      placeholder={placeholder}
      value={shown as string | number}
      {...inputProps}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={onChangeOverride ?? ((event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value))}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
