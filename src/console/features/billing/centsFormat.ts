import { formatMoney } from '../../renderer/core/format';

/** An amount the API gives in cents, as dollars with 2 decimals (spec 002 section 9: invoice totals): 12345 -> '$123.45'. */
export function formatCents(value: unknown): string {
  return formatMoney(typeof value === 'number' ? value / 100 : value);
}

/** A product price as the pickers offer it: its nickname and its monthly amount, 'Simple $45.00/month'. */
export function priceLabel(price: { nickname?: unknown; unit_amount?: unknown; interval?: unknown }): string {
  const name = typeof price.nickname === 'string' && price.nickname !== '' ? price.nickname : 'Price';
  return `${name} ${formatCents(price.unit_amount)}/month`;
}
