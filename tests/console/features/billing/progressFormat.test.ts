import { describe, expect, it } from 'vitest';
import { paceOf, rowMonth, serviceLines } from '../../../../src/console/features/billing/progressFormat';

// June 2026 has 22 weekdays; on Wednesday the 17th, 13 of them have passed (0.59).
const today = '2026-06-17';
const month = '2026-06';

const service = (over: Record<string, unknown>) => ({
  cpt_code: '99457',
  program: 'rpm',
  measure: 'minutes',
  value: 0,
  max_value: 1200,
  progress: 0,
  units: 0,
  remaining: 1200,
  status: 'not_started',
  claimable: false,
  ...over,
});

describe('monitoring progress formatting', () => {
  it("reads the row's month from its start date", () => {
    expect(rowMonth('2026-06-01')).toBe('2026-06');
    expect(rowMonth(null)).toBeUndefined();
  });

  it('colours a progress against the share of weekdays elapsed, in words too (spec 001 section 9)', () => {
    expect(paceOf(0.6, month, today)).toEqual({ percent: 60, text: '60%', colour: 'green', words: 'on pace' });
    expect(paceOf(0.5, month, today)).toEqual({ percent: 50, text: '50%', colour: 'yellow', words: 'slightly behind pace' });
    expect(paceOf(0.45, month, today)).toEqual({ percent: 45, text: '45%', colour: 'red', words: 'behind pace' });
    // A past month is judged on its whole length: anything short of complete is behind.
    expect(paceOf(0.95, '2026-05', today)?.colour).toBe('yellow');
    expect(paceOf(1, '2026-05', today)?.colour).toBe('green');
  });

  it('rounds the percentage down (100% only when complete) and has none for no progress', () => {
    expect(paceOf(0.29, month, today)?.text).toBe('29%');
    expect(paceOf(0.999, month, today)?.text).toBe('99%');
    expect(paceOf(null, month, today)).toBeNull();
    expect(paceOf(undefined, month, today)).toBeNull();
  });

  it("lists a program's codes: minutes as seconds / 60 rounded down, days, what is left highlighted", () => {
    const lines = serviceLines(
      [
        service({ cpt_code: '99454', measure: 'days', value: 7, max_value: 16, progress: 0.4375, remaining: 9, status: 'in_progress' }),
        service({ value: 750, max_value: 1200, progress: 0.625, remaining: 450, status: 'in_progress' }),
        service({ cpt_code: '99424', program: 'pcm' }),
      ],
      'rpm',
      month,
      today,
    );
    expect(lines).toEqual([
      {
        code: '99454',
        amount: '7 / 16 days',
        percent: 43,
        tone: 'red',
        words: 'behind pace',
        units: null,
        unitsWords: null,
        status: null,
        remaining: '9 days left',
      },
      {
        code: '99457',
        amount: '12 / 20 min',
        percent: 62,
        tone: 'green',
        words: 'on pace',
        units: null,
        unitsWords: null,
        status: null,
        // 7.5 minutes are missing: 8 more are enough.
        remaining: '8 min left',
      },
    ]);
  });

  it('names units earned, excluded and billed codes, and shows nothing left once complete', () => {
    const [addOn, excluded, billed, oneDay] = serviceLines(
      [
        service({ cpt_code: '99458', value: 1500, max_value: 2400, progress: 0.625, units: 1, remaining: 900, status: 'in_progress' }),
        service({ cpt_code: '99091', value: 1800, max_value: 1800, progress: 1, units: 1, remaining: 0, status: 'excluded' }),
        service({ cpt_code: '99453', measure: 'setup', value: 2, max_value: 2, progress: 1, remaining: 0, status: 'billed' }),
        service({ cpt_code: '99445', measure: 'days', value: 1, max_value: 2, progress: 0.5, remaining: 1, status: 'in_progress' }),
      ],
      'rpm',
      month,
      today,
    );
    expect(addOn).toMatchObject({ amount: '25 / 40 min', units: 'x1', unitsWords: '1 unit earned', remaining: '15 min left' });
    expect(excluded).toMatchObject({ amount: '30 / 30 min', tone: 'gray', words: null, status: 'excluded', remaining: null, units: 'x1' });
    expect(billed).toMatchObject({ amount: '2 / 2 days', tone: 'green', status: 'billed', remaining: null });
    expect(oneDay).toMatchObject({ amount: '1 / 2 days', remaining: '1 day left' });
  });

  it('has no lines for a program without services, or without the expansion', () => {
    expect(serviceLines([service({})], 'ccm', month, today)).toEqual([]);
    expect(serviceLines(undefined, 'rpm', month, today)).toEqual([]);
    expect(serviceLines([null, { program: 'rpm' }], 'rpm', month, today)).toEqual([]);
  });

  it('shows nothing left in a month that is over: what it lacked can no longer be earned', () => {
    const lacking = service({ cpt_code: '99457', measure: 'minutes', value: 600, max_value: 1200, remaining: 600, progress: 0.5 });
    expect(serviceLines([lacking], 'rpm', month, today)[0]?.remaining).toBe('10 min left');
    expect(serviceLines([lacking], 'rpm', '2026-05', today)[0]).toMatchObject({ amount: '10 / 20 min', remaining: null });
  });
});
