import { describe, expect, it } from 'vitest';
import { TRIAGE_ORDER, triageGroup, triageLabel, triageRank } from '../../src/domain/clinical/triage';

describe('triage labels (spec 001 section 9)', () => {
  it.each([
    ['LOW', 'LOW', 'Low'],
    ['MEDIUM', 'MEDIUM', 'Medium'],
    ['TEST', 'TEST', 'Test'],
    ['DOC', 'DOC', 'Contact Physician'],
    ['DOC_24H', 'DOC', 'Contact Physician'],
    ['DOC_NOW', 'DOC', 'Contact Physician'],
    ['ER', 'ER', 'ER'],
    ['ER_NOW', 'ER', 'ER'],
    ['er_now', 'ER', 'ER'],
    [' low ', 'LOW', 'Low'],
  ])('%s is %s, labelled %s', (code, group, label) => {
    expect(triageGroup(code)).toBe(group);
    expect(triageLabel(code)).toBe(label);
  });

  it('reads a code of no group as Contact Physician, the cautious reading', () => {
    expect(triageGroup('URGENT')).toBe('DOC');
    expect(triageLabel('')).toBe('Contact Physician');
    expect(triageLabel(null)).toBe('Contact Physician');
  });

  it('orders the groups by urgency', () => {
    expect(TRIAGE_ORDER).toEqual(['LOW', 'MEDIUM', 'TEST', 'DOC', 'ER']);
    expect(['ER_NOW', 'LOW', 'DOC_24H', 'TEST', 'MEDIUM'].sort((a, b) => triageRank(a) - triageRank(b))).toEqual([
      'LOW',
      'MEDIUM',
      'TEST',
      'DOC_24H',
      'ER_NOW',
    ]);
  });
});
