import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { parseImeiList } from '../../../domain/imeiList';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';

/**
 * A pasted IMEI list (spec 000 section 5): a paste is shown at once one item per line, whatever mix of
 * delimiters it came with; what is typed is shown so once the field is left. The form keeps the
 * text; the `imei_list` field rule checks it and sends the items.
 */
export function ImeiListWidget({ id, value, disabled, readonly, onChange, onBlur, onFocus, options, placeholder, rawErrors }: WidgetProps) {
  const text = typeof value === 'string' ? value : '';
  const count = parseImeiList(text).items.length;
  return (
    <>
      <textarea
        id={id}
        className={`${INPUT_CLASSES} font-mono`}
        rows={typeof options.rows === 'number' ? options.rows : 6}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        placeholder={placeholder}
        spellCheck={false}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={`${ariaDescribedByIds(id)} ${id}__count`}
        onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : event.target.value)}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData('text');
          if (pasted === '') return;
          event.preventDefault();
          // The pasted text is whole items: it is kept apart from the text on either side of the cursor.
          const { value: current, selectionStart, selectionEnd } = event.currentTarget;
          const lines = parseImeiList(`${current.slice(0, selectionStart)}\n${pasted}\n${current.slice(selectionEnd)}`).text;
          onChange(lines === '' ? options.emptyValue : lines);
        }}
        onBlur={(event) => {
          const lines = parseImeiList(event.target.value).text;
          if (lines !== '' && lines !== event.target.value) onChange(lines);
          onBlur(id, lines);
        }}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
      <p id={`${id}__count`} className="text-xs text-slate-500" aria-live="polite">
        {count === 1 ? '1 IMEI' : `${count} IMEIs`}
      </p>
    </>
  );
}
