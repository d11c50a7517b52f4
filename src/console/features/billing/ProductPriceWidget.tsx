import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { INPUT_CLASSES } from '../../renderer/skin/inputClasses';
import { priceLabel } from './centsFormat';
import { useProductPrices } from './useProductPrices';

/**
 * A price id picked among the payment provider's prices of a kind (`"ui:options": {"kind": "simple"}`), each
 * named by its nickname and monthly amount ('Simple $45.00/month'); None clears it. A price the record holds
 * that the provider no longer lists stays offered under its id.
 */
export function ProductPriceWidget({ id, value, disabled, readonly, options, onChange, onBlur, onFocus, rawErrors }: WidgetProps) {
  const { prices, loading, failure } = useProductPrices(String(options.kind));
  const current = typeof value === 'string' ? value : '';
  const known = current === '' || prices.some((price) => price.id === current);
  return (
    <>
      <select
        id={id}
        className={INPUT_CLASSES}
        value={current}
        disabled={disabled || readonly}
        aria-invalid={rawErrors && rawErrors.length > 0 ? true : undefined}
        aria-describedby={`${ariaDescribedByIds(id)}${failure ? ` ${id}__failure` : ''}`}
        aria-busy={loading || undefined}
        onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      >
        <option value="">None</option>
        {!known && <option value={current}>{current}</option>}
        {prices.map((price) => (
          <option key={price.id} value={price.id}>
            {priceLabel(price)}
          </option>
        ))}
      </select>
      {failure && (
        <p id={`${id}__failure`} className="mt-1 text-xs text-red-700">
          Prices could not be loaded: {failure}
        </p>
      )}
    </>
  );
}
