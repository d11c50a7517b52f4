/** The fields of a pricing row edited in place (spec 002 section 5: "Inline pricing edit"). */
export type PricingField = 'negotiated_price' | 'volume_threshold';

export const isPricingField = (field: string | undefined): field is PricingField => field === 'negotiated_price' || field === 'volume_threshold';

/** Spec 002 section 8: a refused pricing row edit. */
export const pricingSaveError = (message: string) => `Unable to save changes: ${message}`;

/**
 * What is wrong with a typed value, or undefined: negotiated_price a number, min 0, multiple of 0.01;
 * volume_threshold min 0, multiple of 1 (spec 002 section 5).
 */
export function pricingValueError(field: PricingField, text: string): string | undefined {
  // Both are required: PUT takes a whole row (src/server/routes/providerBilling/README.md).
  if (text.trim() === '') return 'Required';
  const value = Number(text);
  if (!Number.isFinite(value)) return 'Must be a number';
  if (value < 0) return 'Must be 0 or more';
  if (field === 'volume_threshold' && !Number.isInteger(value)) return 'Must be a whole number';
  if (field === 'negotiated_price' && Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return 'At most 2 decimals';
  return undefined;
}

/** The PUT body of a row with one field changed: `{id, negotiated_price, volume_threshold}`. */
export function pricingBody(row: Readonly<Record<string, unknown>>, field: PricingField, text: string) {
  const typed = Number(text);
  return {
    id: row.id,
    negotiated_price: field === 'negotiated_price' ? typed : row.negotiated_price,
    volume_threshold: field === 'volume_threshold' ? typed : row.volume_threshold,
  };
}
