import { invalid } from './errors';

/**
 * How deeply a JSON text may nest objects and arrays. The deepest real body (a patient's profile
 * inside an update) is under ten levels; 32 leaves room and keeps every later walk, Ajv's, ours
 * and the database driver's (whose JSON.stringify recurses), cheap and far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * A 422 at `loc` when the JSON text nests deeper than MAX_JSON_DEPTH: one pass over the characters,
 * before anything parses the text, so that 100,000 nested arrays are refused in about a millisecond.
 * Brackets inside strings do not count (a string ends at a quote that no backslash escapes).
 * Malformed JSON is left to the parser.
 */
export function rejectDeepJson(text: string, loc: (string | number)[]): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) throw invalid(loc, `JSON should nest at most ${MAX_JSON_DEPTH} levels deep`, 'json_too_deep');
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
}
