/**
 * A pasted IMEI list (spec 000 section 5): the items are separated by any of the delimiters the spec
 * names (comma, tab, semicolon, pipe, space, newline), mixed as they come (a spreadsheet column
 * pasted after a list typed with semicolons: `111;222|333\t444`); empty items are dropped and every
 * item must have the same length. `text` is the list one item per line, as the form shows it back.
 */
export const IMEI_LIST_SAME_LENGTH = 'All items must have the same length';

export type ImeiListResult = { items: string[]; text: string; error: null } | { items: string[]; text: string; error: string };

/** A run of commas, semicolons, pipes and white space (tab, space, newline, the \r of Windows line ends) separates two items. */
const SEPARATOR = /[,;|\s]+/;

/**
 * @example parseImeiList('111;222| 333\t444') // {items: ['111', '222', '333', '444'], text: '111\n222\n333\n444', error: null}
 */
export function parseImeiList(raw: string): ImeiListResult {
  const items = raw.split(SEPARATOR).filter((item) => item !== '');
  const sameLength = items.every((item) => item.length === items[0]?.length);
  return { items, text: items.join('\n'), error: sameLength ? null : IMEI_LIST_SAME_LENGTH };
}
