import { describe, expect, it } from 'vitest';
import { parseRecentIcd10, recentIcd10Key, RECENT_ICD10_MAX, withRecentIcd10 } from '../../../../src/console/features/claims/recentIcd10Codes';

const code = (n: number) => ({ code: `E11.${n}`, description: `Code ${n}` });

describe('the recent ICD-10 codes (spec 002 section 9: the list keeps 12)', () => {
  it('puts the code chosen first, once', () => {
    const list = [code(1), code(2), code(3)];
    expect(withRecentIcd10(list, code(4))).toEqual([code(4), code(1), code(2), code(3)]);
    expect(withRecentIcd10(list, code(3))).toEqual([code(3), code(1), code(2)]);
  });

  it('keeps the 12 newest', () => {
    let list = withRecentIcd10([], code(0));
    for (let n = 1; n <= 14; n += 1) list = withRecentIcd10(list, code(n));
    expect(RECENT_ICD10_MAX).toBe(12);
    expect(list.map((c) => c.code)).toEqual(Array.from({ length: 12 }, (_, i) => `E11.${14 - i}`));
  });

  it('reads what is stored, and nothing of a broken or foreign text', () => {
    expect(parseRecentIcd10(JSON.stringify([code(1), { code: 'I10' }, 'E11.9', { code: '', description: '' }, code(2)]))).toEqual([code(1), code(2)]);
    expect(parseRecentIcd10('{"code": "I10"}')).toEqual([]);
    expect(parseRecentIcd10('not json')).toEqual([]);
    expect(parseRecentIcd10(null)).toEqual([]);
    expect(parseRecentIcd10(JSON.stringify(Array.from({ length: 20 }, (_, i) => code(i))))).toHaveLength(12);
  });

  it('keeps one list per user of the browser', () => {
    expect(recentIcd10Key(100)).toBe('claims.icd10.recent.100');
    expect(recentIcd10Key(undefined)).toBe('claims.icd10.recent.anonymous');
  });
});
