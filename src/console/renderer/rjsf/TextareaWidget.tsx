import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { INPUT_CLASSES } from '../skin/inputClasses';

export function TextareaWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, options, placeholder }: WidgetProps) {
  return (
    <textarea
      id={id}
      className={INPUT_CLASSES}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      value={typeof value === 'string' ? value : ''}
      disabled={disabled}
      readOnly={readonly}
      placeholder={placeholder}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
