import { describe, expect, it } from 'vitest';
import { parseImeiList } from '../../src/domain/imeiList';

const A = '356938035643809';
const B = '356938035643817';
const C = '356938035643825';
const D = '356938035643833';

describe('a pasted IMEI list (spec 000 section 5)', () => {
  it.each([
    ['comma', `${A},${B},${C}`],
    ['comma and space', `${A}, ${B}, ${C}`],
    ['tab', `${A}\t${B}\t${C}`],
    ['semicolon', `${A};${B}; ${C}`],
    ['pipe', `${A}|${B}|${C}`],
    ['pipe with spaces around it', `${A} | ${B} | ${C}`],
    ['space', `${A} ${B} ${C}`],
    ['newline', `${A}\n${B}\n${C}`],
    ['Windows newlines', `${A}\r\n${B}\r\n${C}\r\n`],
  ])('splits on the %s and gives one item per line', (_name, text) => {
    expect(parseImeiList(text)).toEqual({ items: [A, B, C], text: `${A}\n${B}\n${C}`, error: null });
  });

  it.each([
    ['tabs, semicolons and pipes', `${A}\t${B};${C}|${D}`, [A, B, C, D]],
    ['every delimiter of the spec', `${A},${B}\t${C};${D}|${A} ${B}\n${C}`, [A, B, C, D, A, B, C]],
    ['a spreadsheet column pasted after a typed list', `${A}; ${B}\n${C}\r\n${D}\t`, [A, B, C, D]],
  ])('splits on every delimiter at once when they are mixed: %s', (_name, text, items) => {
    expect(parseImeiList(text)).toEqual({ items, text: items.join('\n'), error: null });
  });

  it('drops blank items and surrounding space', () => {
    expect(parseImeiList(`  ${A},, ${B} ,\n`)).toEqual({ items: [A, B], text: `${A}\n${B}`, error: null });
    expect(parseImeiList(' ;|\t\n')).toEqual({ items: [], text: '', error: null });
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
