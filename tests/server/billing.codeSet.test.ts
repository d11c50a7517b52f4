import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthServices } from '../../src/domain/billing/monthProgress';
import { loadCodeSet } from '../../src/server/services/billing/codeSet';
import { createTestApp, type TestApp } from './helpers/testApp';

/**
 * The billing code set lives in the database (migration 0019), on both databases, and a change of
 * the rules is a change of rows: closing a code's row and adding one from a later date changes what
 * a month of that date bills, and nothing before it. What the rules do with the rows is tested in
 * tests/domain/billing.monthProgress.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const rpmMinutes = (month: string, minutes: number) => ({
  month,
  programs: ['rpm' as const],
  readingDays: {},
  careSeconds: { rpm_99457_99458: minutes * 60 },
  setupsBilled: [],
});

describe('the code set as data', () => {
  it('is loaded from the database with every row of the migration', async () => {
    const set = await loadCodeSet(t.app.db);
    expect(set.codes.length).toBeGreaterThanOrEqual(27);
    expect(set.codes.find((c) => c.code === '99454' && c.effectiveTo === null)).toMatchObject({
      measure: 'days',
      threshold: 16,
      deviceCategory: 'physiologic',
      effectiveFrom: '2019-01-01',
    });
    expect(set.exclusions).toContainEqual({ code: '99091', excludes: '99457', effectiveFrom: '2018-01-01', effectiveTo: null });
  });

  it('changes what a month bills when a row is closed and a new one added, from its date on', async () => {
    const before = await loadCodeSet(t.app.db);
    const bills = (set: typeof before, month: string) => monthServices(set, rpmMinutes(month, 16)).filter((s) => s.claimable && s.code === '99457').length;
    expect(bills(before, '2027-01')).toBe(0);

    // A hypothetical 2027 rule: the first unit of 99457 after 15 minutes.
    await t.app.db.updateTable('billing_codes').set({ effective_to: '2026-12-31' }).where('code', '=', '99457').where('effective_to', 'is', null).execute();
    const current = before.codes.find((c) => c.code === '99457' && c.effectiveTo === null)!;
    await t.app.db
      .insertInto('billing_codes')
      .values({
        code: '99457',
        program: 'rpm',
        description: current.description,
        measure: 'minutes',
        monitoring_type: 'rpm_99457_99458',
        threshold: 15,
        unit_cap: 1,
        priority: current.priority,
        effective_from: '2027-01-01',
      })
      .execute();
    const after = await loadCodeSet(t.app.db);
    expect(bills(after, '2027-01')).toBe(1);
    expect(bills(after, '2026-12')).toBe(0);
  });
});
