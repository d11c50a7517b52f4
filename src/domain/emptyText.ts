/**
 * What the product shows for no value, in the console's cells and in printed exports alike: one
 * dash, the em dash, everywhere (the spec names none; a hyphen reads as a minus sign beside numbers).
 * It knows no domain, so the generic renderer reads it too.
 */
export const EMPTY_TEXT = '—';
