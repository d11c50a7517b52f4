import { describe, expect, it } from 'vitest';
import { SLICE_LABEL_MIN_PERCENT, sliceLabelShown, triageDonut } from '../../../../../src/console/features/clinical/assessments/triageDonut';
import { triageBadgeOf } from '../../../../../src/console/features/clinical/assessments/triageTones';

describe('the 7-day triage donut (spec 001 sections 2 and 9)', () => {
  it('has a slice per triage group, least urgent first, variants counted with their group', () => {
    const donut = triageDonut({ total_runs_past_week: 10, total_runs_past_month: 31, triage_counts: { ER_NOW: 1, LOW: 5, DOC: 2, DOC_24H: 1, MEDIUM: 1 } });
    expect(donut.slices.map(({ label, count, percent }) => [label, count, percent])).toEqual([
      ['Low', 5, 50],
      ['Medium', 1, 10],
      ['Contact Physician', 3, 30],
      ['ER', 1, 10],
    ]);
    expect(donut.total).toBe(10);
    expect(donut.pastWeek).toBe(10);
    expect(donut.pastMonth).toBe(31);
  });

  it('hides the labels of slices below 5 percent, and shows them from 5 percent', () => {
    expect(SLICE_LABEL_MIN_PERCENT).toBe(5);
    expect(sliceLabelShown(4.99)).toBe(false);
    expect(sliceLabelShown(5)).toBe(true);
    // 1 of 21 is 4.76 %: rounded it reads 5 %, but it is below 5 percent, so its label is hidden.
    const donut = triageDonut({ triage_counts: { LOW: 20, ER: 1 } });
    expect(donut.slices.map((slice) => [slice.group, slice.percent, slice.labelShown])).toEqual([
      ['LOW', 95, true],
      ['ER', 5, false],
    ]);
    expect(triageDonut({ triage_counts: { LOW: 19, ER: 1 } }).slices.map((slice) => slice.labelShown)).toEqual([true, true]);
  });

  it('is empty without runs, and reads whatever the answer lacks as 0', () => {
    expect(triageDonut({ total_runs_past_week: 0, total_runs_past_month: 4, triage_counts: {} })).toEqual({ slices: [], total: 0, pastWeek: 0, pastMonth: 4 });
    expect(triageDonut({ triage_counts: { LOW: 0, MEDIUM: -1, ER: 'x' } }).slices).toEqual([]);
    expect(triageDonut(null)).toEqual({ slices: [], total: 0, pastWeek: 0, pastMonth: 0 });
  });

  it('colours slices as the badges: LOW green, MEDIUM amber, TEST slate, DOC orange, ER red', () => {
    const colours = triageDonut({ triage_counts: { LOW: 1, MEDIUM: 1, TEST: 1, DOC: 1, ER: 1 } }).slices.map((slice) => slice.colour);
    expect(colours).toEqual(['#16a34a', '#f59e0b', '#64748b', '#f97316', '#dc2626']);
  });
});

describe('a run’s triage badge', () => {
  it('reads result.triage from the cell’s value or the row, with its label and group', () => {
    expect(triageBadgeOf({ triage: 'DOC_24H', score: 7 })).toEqual({ code: 'DOC_24H', group: 'DOC', label: 'Contact Physician' });
    expect(triageBadgeOf(undefined, { result: { triage: 'ER_NOW' } })).toEqual({ code: 'ER_NOW', group: 'ER', label: 'ER' });
    expect(triageBadgeOf('TEST')).toEqual({ code: 'TEST', group: 'TEST', label: 'Test' });
    expect(triageBadgeOf({ score: 3 })).toBeNull();
    expect(triageBadgeOf(null, { result: { triage: '' } })).toBeNull();
  });
});
