/**
 * Money as integer cents (issue 17). Amounts are kept and summed in cents and turned into dollars
 * only at the edge (the invoice preview and the pricing rows speak dollars with 2 decimals, the
 * invoice list cents: spec 002 section 9). Products of a price and a fraction round half up, once.
 */

/** 43.02 -> 4302. Dollars with more than 2 decimals are refused by the schemas before they get here; the rounding only absorbs binary noise (0.1 + 0.2). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** 4302 -> 43.02 */
export const toDollars = (cents: number): number => cents / 100;

/**
 * `cents x numerator / denominator`, rounded half up (away from zero for credits), in integers:
 * `scaleCents(4302, 80, 100)` is 0.80 of $43.02 = 3442 ($34.416 rounds to $34.42).
 */
export function scaleCents(cents: number, numerator: number, denominator: number): number {
  const product = cents * numerator;
  const sign = product < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(product) * 2 + denominator) / (denominator * 2));
}

/** A proportion with at most 2 decimals (0.8) as hundredths (80), so that scaling stays in integers. */
export const hundredths = (proportion: number): number => Math.round(proportion * 100);

/** A multiplier with at most 4 decimals (1.2310, a locality's) as ten-thousandths (12310). */
export const tenThousandths = (multiplier: number): number => Math.round(multiplier * 10_000);
