import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { zonedWallTime, zonedWallTimeToInstant } from '../../../domain/zonedDays';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';

/**
 * A date and time entered on the wall clock of a named zone, whatever the user's own
 * (`"ui:widget": "zoned_datetime", "ui:options": {"timeZone": "America/New_York"}`): the EMR note's
 * performed-on time, which spec 001 section 5 keeps in New York time. The value is the instant (ISO,
 * UTC); the input shows and takes it in the zone, which the help under it names.
 */
export function ZonedDateTimeWidget({ id, value, disabled, readonly, required, options, onChange, onBlur, onFocus, rawErrors }: WidgetProps) {
  const timeZone = typeof options.timeZone === 'string' ? options.timeZone : 'America/New_York';
  const shown = typeof value === 'string' && value !== '' && !Number.isNaN(Date.parse(value)) ? zonedWallTime(new Date(value), timeZone) : '';
  return (
    <input
      id={id}
      name={id}
      type="datetime-local"
      className={INPUT_CLASSES}
      value={shown}
      disabled={disabled}
      readOnly={readonly}
      required={required}
      aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(event) => onChange(event.target.value === '' ? options.emptyValue : zonedWallTimeToInstant(event.target.value, timeZone).toISOString())}
      onBlur={(event) => onBlur(id, event.target.value)}
      onFocus={(event) => onFocus(id, event.target.value)}
    />
  );
}
