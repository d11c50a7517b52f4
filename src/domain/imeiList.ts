/**
 * A pasted IMEI list (spec 000 section 5): the delimiter is detected among newline, comma, tab,
 * semicolon, pipe and space, the items are trimmed, empty ones dropped, and every item must
 * have the same length. `text` is the list one item per line, as the form shows it back.
 */
export const IMEI_LIST_DELIMITERS = ['\n', ',', '\t', ';', '|', ' '] as const;
export const IMEI_LIST_SAME_LENGTH = 'All items must have the same length';

export type ImeiListResult = { items: string[]; text: string; error: null } | { items: string[]; text: string; error: string };

/** A piece that is only delimiters, such as the `|` of `111 | 222` split on spaces, is not an item. */
const isItem = (piece: string) => piece.trim() !== '' && !/^[,;|\s]+$/.test(piece);

/** The delimiter that splits the text into the most items (newline wins a tie, then the order above). */
export function detectImeiDelimiter(raw: string): (typeof IMEI_LIST_DELIMITERS)[number] {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  let best: (typeof IMEI_LIST_DELIMITERS)[number] = '\n';
  let bestCount = 0;
  for (const delimiter of IMEI_LIST_DELIMITERS) {
    const count = text.split(delimiter).filter(isItem).length;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

/**
 * @example parseImeiList('111;222; 333') // {items: ['111', '222', '333'], text: '111\n222\n333', error: null}
 */
export function parseImeiList(raw: string): ImeiListResult {
  const text = raw.replace(/\r\n?/g, '\n').trim();
  const delimiter = detectImeiDelimiter(text);
  const items = text
    .split(delimiter)
    .flatMap((chunk) => chunk.split(/\s+/))
    .map((item) => item.trim())
    .filter((item) => item !== '');
  const sameLength = items.every((item) => item.length === items[0]?.length);
  return { items, text: items.join('\n'), error: sameLength ? null : IMEI_LIST_SAME_LENGTH };
}
