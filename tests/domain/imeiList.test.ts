import { describe, expect, it } from 'vitest';
import { detectImeiDelimiter, parseImeiList } from '../../src/domain/imeiList';

const A = '356938035643809';
const B = '356938035643817';
const C = '356938035643825';

describe('a pasted IMEI list (spec 000 section 5)', () => {
  it.each([
    ['comma', `${A},${B},${C}`, ','],
    ['comma and space', `${A}, ${B}, ${C}`, ','],
    ['tab', `${A}\t${B}\t${C}`, '\t'],
    ['semicolon', `${A};${B}; ${C}`, ';'],
    ['pipe', `${A}|${B}|${C}`, '|'],
    ['pipe with spaces around it', `${A} | ${B} | ${C}`, '|'],
    ['space', `${A} ${B} ${C}`, ' '],
    ['newline', `${A}\n${B}\n${C}`, '\n'],
    ['Windows newlines', `${A}\r\n${B}\r\n${C}\r\n`, '\n'],
  ])('detects the %s and gives one item per line', (_name, text, delimiter) => {
    expect(detectImeiDelimiter(text)).toBe(delimiter);
    expect(parseImeiList(text)).toEqual({ items: [A, B, C], text: `${A}\n${B}\n${C}`, error: null });
  });

  it('drops blank items and surrounding space', () => {
    expect(parseImeiList(`  ${A},, ${B} ,\n`)).toEqual({ items: [A, B], text: `${A}\n${B}`, error: null });
  });

  it("refuses items of different lengths with the spec's words", () => {
    const result = parseImeiList(`${A};${B.slice(0, 14)};${C}`);
    expect(result.error).toBe('All items must have the same length');
    expect(result.text).toBe(`${A}\n${B.slice(0, 14)}\n${C}`);
  });

  it('takes one item as a list of one', () => {
    expect(parseImeiList(A)).toEqual({ items: [A], text: A, error: null });
  });
});
