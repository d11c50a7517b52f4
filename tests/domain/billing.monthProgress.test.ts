import { beforeAll, describe, expect, it } from 'vitest';
import { inForce, type CodeSet } from '../../src/domain/billing/codeSet';
import { daysLeft, elapsedWeekdayShare, forecast, paceColour } from '../../src/domain/billing/monthPace';
import { monthServices, type MonthFacts, type ServiceProgress } from '../../src/domain/billing/monthProgress';
import { lastWinnableDay, programProgress } from '../../src/domain/billing/programProgress';
import { shippedCodeSet } from './helpers/billingCodeSet';

/**
 * The billing rules of issue 13 on the code set as shipped (migration 0019): caps, add-on units,
 * exclusions, the 2026 codes that make a month of 2025 and one of 2026 bill differently, the
 * progress colour at its edges and the forecast.
 */
let set: CodeSet;
beforeAll(async () => {
  set = await shippedCodeSet();
});

const MIN = 60;
const facts = (month: string, over: Partial<MonthFacts> = {}): MonthFacts => ({
  month,
  programs: ['rpm', 'rtm', 'ccm', 'cccm', 'pcm'],
  readingDays: {},
  careSeconds: {},
  setupsBilled: [],
  ...over,
});
const services = (f: MonthFacts) => Object.fromEntries(monthServices(set, f).map((s) => [s.code, s])) as Record<string, ServiceProgress>;
const billed = (f: MonthFacts) =>
  monthServices(set, f)
    .filter((s) => s.claimable)
    .map((s) => `${s.code}x${s.units}`)
    .sort();

describe('the code set in force', () => {
  it('holds the catalogue of spec 002 section 9 before 2026 and adds the CMS 2026 codes from 2026-01-01', () => {
    const codes2025 = inForce(set, '2025-12').codes.map((c) => c.code);
    const codes2026 = inForce(set, '2026-01').codes.map((c) => c.code);
    for (const code of [
      '99453',
      '99454',
      '99457',
      '99458',
      '99091',
      '99490',
      '99439',
      '99491',
      '99437',
      '99487',
      '99489',
      '99424',
      '99425',
      '99426',
      '99427',
      '98975',
      '98976',
      '98977',
      '98980',
      '98981',
    ]) {
      expect(codes2025).toContain(code);
      expect(codes2026).toContain(code);
    }
    for (const code of ['99445', '99470', '98984', '98985', '98979']) {
      expect(codes2025).not.toContain(code);
      expect(codes2026).toContain(code);
    }
    // One row per code in force: 99453's 2026 row replaces its earlier one.
    expect(
      inForce(set, '2026-01')
        .codes.filter((c) => c.code === '99453')
        .map((c) => c.threshold),
    ).toEqual([2]);
    expect(
      inForce(set, '2025-12')
        .codes.filter((c) => c.code === '99453')
        .map((c) => c.threshold),
    ).toEqual([16]);
  });

  it('refuses a month that is not yyyy-mm', () => {
    expect(() => inForce(set, '2025-13')).toThrow(RangeError);
    expect(() => inForce(set, '2025-1')).toThrow(RangeError);
  });
});

describe('time codes: a base, then add-on units up to the cap', () => {
  it('25 minutes of rpm_99457_99458: 99457 complete, 99458 at 5 of 20 minutes', () => {
    const s = services(facts('2025-06', { careSeconds: { rpm_99457_99458: 25 * MIN } }));
    expect(s['99457']).toMatchObject({ value: 1200, maxValue: 1200, units: 1, status: 'complete', claimable: true, remaining: 0 });
    expect(s['99458']).toMatchObject({ value: 300, maxValue: 1200, units: 0, status: 'in_progress', claimable: false, remaining: 900 });
    expect(s['99458']!.progress).toBeCloseTo(0.25);
  });

  it.each([
    [19, [], { '99457': 'in_progress' }],
    [20, ['99457x1'], { '99457': 'complete', '99458': 'not_started' }],
    [39, ['99457x1'], { '99458': 'in_progress' }],
    [40, ['99457x1', '99458x1'], { '99458': 'in_progress' }],
    [60, ['99457x1', '99458x2'], { '99458': 'complete' }],
    [200, ['99457x1', '99458x2'], { '99458': 'complete' }],
  ])('%i minutes bill %j', (minutes, expected, statuses) => {
    const f = facts('2025-06', { programs: ['rpm'], careSeconds: { rpm_99457_99458: minutes * MIN } });
    expect(billed(f)).toEqual(expected);
    const s = services(f);
    for (const [code, status] of Object.entries(statuses)) expect(s[code]?.status).toBe(status);
  });

  it('caps what 99458 counts at its two units: 200 minutes show 40 of 40', () => {
    const s = services(facts('2025-06', { careSeconds: { rpm_99457_99458: 200 * MIN } }));
    expect(s['99458']).toMatchObject({ value: 2400, maxValue: 2400, units: 2, remaining: 0 });
  });

  it('99439 has no cap: 65 minutes of ccm_99490_99439 bill 99490 and two 99439, the third at 5 of 20', () => {
    const s = services(facts('2025-06', { programs: ['ccm'], careSeconds: { ccm_99490_99439: 65 * MIN } }));
    expect(s['99490']).toMatchObject({ units: 1, status: 'complete' });
    expect(s['99439']).toMatchObject({ units: 2, value: 45 * MIN, maxValue: 60 * MIN, remaining: 15 * MIN, status: 'in_progress', claimable: true });
  });

  it('99091 holds two units of 30 minutes on its own', () => {
    expect(billed(facts('2025-06', { programs: ['rpm'], careSeconds: { rpm_99091: 59 * MIN } }))).toEqual(['99091x1']);
    expect(billed(facts('2025-06', { programs: ['rpm'], careSeconds: { rpm_99091: 95 * MIN } }))).toEqual(['99091x2']);
  });

  it('complex care: 99487 at 60 minutes, then 99489 per 30', () => {
    expect(billed(facts('2025-06', { programs: ['cccm'], careSeconds: { cccm_99487_99489: 59 * MIN } }))).toEqual([]);
    expect(billed(facts('2025-06', { programs: ['cccm'], careSeconds: { cccm_99487_99489: 125 * MIN } }))).toEqual(['99487x1', '99489x2']);
  });

  it('principal care: 99424/99425 and 99426/99427 each by their own notes', () => {
    const f = facts('2025-06', { programs: ['pcm'], careSeconds: { pcm_99424_99425: 60 * MIN, pcm_99426_99427: 30 * MIN } });
    expect(billed(f)).toEqual(['99424x1', '99425x1', '99426x1']);
  });

  it("counts only the patient's programs", () => {
    const codes = monthServices(set, facts('2025-06', { programs: ['ccm'], careSeconds: { rpm_99457_99458: 60 * MIN } })).map((s) => s.code);
    expect(codes).not.toContain('99457');
    expect(codes).toContain('99490');
  });
});

describe('exclusions: of two earned codes the higher is billed', () => {
  it('99457 and 99091 are never billed together: 99457 is', () => {
    const f = facts('2025-06', { programs: ['rpm'], careSeconds: { rpm_99457_99458: 25 * MIN, rpm_99091: 30 * MIN } });
    expect(billed(f)).toEqual(['99457x1']);
    expect(services(f)['99091']).toMatchObject({ status: 'excluded', excludedBy: '99457', claimable: false, units: 1 });
  });

  it('99490/99439 are never billed with 99491/99437: the physician codes are, and the add-on goes with its base', () => {
    const f = facts('2025-06', { programs: ['ccm'], careSeconds: { ccm_99490_99439: 45 * MIN, ccm_99491_99437: 30 * MIN } });
    expect(billed(f)).toEqual(['99491x1']);
    const s = services(f);
    expect(s['99490']).toMatchObject({ status: 'excluded', excludedBy: '99491' });
    expect(s['99439']).toMatchObject({ status: 'excluded', excludedBy: '99491', claimable: false });
  });

  it('a code not yet earned excludes nothing: 99091 alone is billed while 99457 is short', () => {
    const f = facts('2025-06', { programs: ['rpm'], careSeconds: { rpm_99457_99458: 15 * MIN, rpm_99091: 30 * MIN } });
    expect(billed(f)).toEqual(['99091x1']);
  });
});

describe('device days and setup', () => {
  it.each([
    [15, []],
    [16, ['99453x1', '99454x1']],
    [31, ['99453x1', '99454x1']],
  ])('in 2025, %i reading days bill %j', (days, expected) => {
    expect(billed(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: days } }))).toEqual(expected);
  });

  it('shows days up to the threshold: 12 of 16, 4 to go', () => {
    expect(services(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 12 } }))['99454']).toMatchObject({
      value: 12,
      maxValue: 16,
      remaining: 4,
      status: 'in_progress',
    });
  });

  it('bills setup once: an earlier month billed it', () => {
    const f = facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 20 }, setupsBilled: ['99453'] });
    expect(billed(f)).toEqual(['99454x1']);
    expect(services(f)['99453']).toMatchObject({ status: 'billed', claimable: false, remaining: 0 });
  });

  it('RTM counts its own device categories; its setup counts the best of them', () => {
    const f = facts('2025-06', { programs: ['rtm'], readingDays: { respiratory: 16, musculoskeletal: 3, physiologic: 30 } });
    expect(billed(f)).toEqual(['98975x1', '98976x1']);
  });
});

describe('a month of 2025 and a month of 2026 bill differently (the CMS 2026 codes as data)', () => {
  it('12 minutes of treatment management: nothing in 2025, 99470 in 2026', () => {
    const minutes = { careSeconds: { rpm_99457_99458: 12 * MIN }, programs: ['rpm'] as const };
    expect(billed(facts('2025-11', { ...minutes, programs: ['rpm'] }))).toEqual([]);
    expect(billed(facts('2026-01', { ...minutes, programs: ['rpm'] }))).toEqual(['99470x1']);
  });

  it('25 minutes in 2026: 99457 is billed and 99470 gives way to it', () => {
    const f = facts('2026-01', { programs: ['rpm'], careSeconds: { rpm_99457_99458: 25 * MIN } });
    expect(billed(f)).toEqual(['99457x1']);
    expect(services(f)['99470']).toMatchObject({ status: 'excluded', excludedBy: '99457' });
  });

  it('10 reading days: nothing in 2025; 99445 and the setup in 2026', () => {
    expect(billed(facts('2025-11', { programs: ['rpm'], readingDays: { physiologic: 10 } }))).toEqual([]);
    expect(billed(facts('2026-01', { programs: ['rpm'], readingDays: { physiologic: 10 } }))).toEqual(['99445x1', '99453x1']);
  });

  it.each([
    [1, []],
    [2, ['99445x1']],
    [15, ['99445x1']],
    [16, ['99454x1']],
    [30, ['99454x1']],
  ])('in 2026 %i reading days bill %j (setup aside)', (days, expected) => {
    const f = facts('2026-02', { programs: ['rpm'], readingDays: { physiologic: days }, setupsBilled: ['99453'] });
    expect(billed(f)).toEqual(expected);
  });

  it('the RTM counterparts: 98984, 98985 and 98979 in 2026 only', () => {
    const month = {
      programs: ['rtm'] as 'rtm'[],
      readingDays: { respiratory: 8, musculoskeletal: 5 },
      careSeconds: { rtm_98980_98981: 14 * MIN },
      setupsBilled: ['98975'],
    };
    expect(billed(facts('2025-12', month))).toEqual([]);
    expect(billed(facts('2026-03', month))).toEqual(['98979x1', '98984x1', '98985x1']);
    const full = facts('2026-03', { ...month, readingDays: { respiratory: 20 }, careSeconds: { rtm_98980_98981: 45 * MIN } });
    expect(billed(full)).toEqual(['98976x1', '98980x1', '98981x1']);
    expect(services(full)['98984']).toMatchObject({ status: 'excluded', excludedBy: '98976' });
  });
});

describe('the progress colour (spec 001 section 9)', () => {
  // June 2025: 21 weekdays; on Friday the 13th, 10 of them have passed.
  it('counts the elapsed share of weekdays, today included, 0 before the month and 1 after', () => {
    expect(elapsedWeekdayShare('2025-06', '2025-06-13')).toBeCloseTo(10 / 21);
    expect(elapsedWeekdayShare('2025-06', '2025-06-14')).toBeCloseTo(10 / 21);
    expect(elapsedWeekdayShare('2025-06', '2025-05-31')).toBe(0);
    expect(elapsedWeekdayShare('2025-06', '2025-07-01')).toBe(1);
    expect(elapsedWeekdayShare('2025-06', '2025-06-30')).toBe(1);
  });

  it.each([
    [0.5, 0.5, 'green'],
    [0.6, 0.5, 'green'],
    [0.49, 0.5, 'yellow'],
    [0.4, 0.5, 'yellow'],
    [0.39, 0.5, 'red'],
    [0.2, 0.3, 'yellow'],
    [0, 0, 'green'],
    [0, 0.1, 'yellow'],
    [0, 0.11, 'red'],
  ])('progress %d against an elapsed share of %d is %s', (progress, share, colour) => {
    expect(paceColour(progress, share)).toBe(colour);
  });
});

describe('the forecast: can the month still be won', () => {
  it('16 reading days needed, 5 so far and 9 days left: no longer reachable', () => {
    // June 2025 has 30 days: on the 22nd, 9 days are left, today included.
    expect(daysLeft('2025-06', '2025-06-22')).toBe(9);
    const s = services(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 5 } }))['99454']!;
    expect(forecast(s, '2025-06', '2025-06-22')).toBe('unreachable');
  });

  it('7 days so far and 9 left: still reachable, but at risk; with a reading already today one day fewer is left', () => {
    const s = services(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 7 } }))['99454']!;
    expect(forecast(s, '2025-06', '2025-06-22')).toBe('at_risk');
    expect(forecast(s, '2025-06', '2025-06-22', { readToday: true })).toBe('unreachable');
  });

  it('an earned code is achieved; care time is reachable while the month lasts', () => {
    const s = services(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 16 }, careSeconds: { rpm_99457_99458: 10 * MIN } }));
    expect(forecast(s['99454']!, '2025-06', '2025-06-22')).toBe('achieved');
    expect(forecast(s['99457']!, '2025-06', '2025-06-05')).toBe('on_track');
    expect(forecast(s['99457']!, '2025-06', '2025-06-25')).toBe('at_risk');
    expect(forecast(s['99457']!, '2025-06', '2025-07-01')).toBe('unreachable');
  });
});

describe('the progress of each program (monitoring progress row)', () => {
  const progressOf = (f: MonthFacts) => programProgress(monthServices(set, f), inForce(set, f.month).codes);

  it('is the mean over reading days and care time of the best track of each', () => {
    const rpm = progressOf(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 8 }, careSeconds: { rpm_99457_99458: 20 * MIN } }));
    expect(rpm.byProgram.rpm).toBeCloseTo((8 / 16 + 1) / 2);
    // A patient billed by 99091 is not held back by the 99457 track it does not use.
    const by99091 = progressOf(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 8 }, careSeconds: { rpm_99091: 30 * MIN } }));
    expect(by99091.byProgram.rpm).toBeCloseTo((8 / 16 + 1) / 2);
  });

  it('measures a track by its full code: 2 reading days in 2026 earn 99445 but fill 2 of 16 of the bar', () => {
    const p = progressOf(facts('2026-02', { programs: ['rpm'], readingDays: { physiologic: 2 }, careSeconds: { rpm_99457_99458: 10 * MIN } }));
    expect(p.byProgram.rpm).toBeCloseTo((2 / 16 + 10 / 20) / 2);
  });

  it('gives each program of the patient its number, and all of them their mean', () => {
    const p = progressOf(
      facts('2025-06', { programs: ['rpm', 'ccm'], readingDays: { physiologic: 16 }, careSeconds: { rpm_99457_99458: 20 * MIN, ccm_99490_99439: 10 * MIN } }),
    );
    expect(p.byProgram).toEqual({ rpm: 1, ccm: 0.5 });
    expect(p.all).toBeCloseTo(0.75);
    expect(progressOf(facts('2025-06', { programs: [] })).all).toBeNull();
  });
});

describe('the last day a patient-month can still be won (the screen\'s "at risk" and "no longer reachable")', () => {
  const lastDayOf = (f: MonthFacts) => lastWinnableDay(monthServices(set, f), inForce(set, f.month).codes, f.month);

  it('16 reading days with 5 read: 11 more are needed, so June 2025 is winnable up to the 20th', () => {
    // From the 20th to the 30th are 11 days; from the 21st only 10.
    expect(lastDayOf(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 5 } }))).toBe('2025-06-20');
    expect(lastDayOf(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 0 } }))).toBe('2025-06-15');
  });

  it('care time alone is winnable to the last day; the first measure to be lost decides', () => {
    expect(lastDayOf(facts('2025-06', { programs: ['ccm'], careSeconds: { ccm_99490_99439: 5 * MIN } }))).toBe('2025-06-30');
    expect(lastDayOf(facts('2025-06', { programs: ['rpm', 'ccm'], readingDays: { physiologic: 10 } }))).toBe('2025-06-25');
  });

  it("of a measure's tracks the most forgiving counts: 99091 or 99457, whichever is earned", () => {
    const f = facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 16 }, careSeconds: { rpm_99091: 30 * MIN } });
    expect(lastDayOf(f)).toBeNull();
  });

  it('is null once everything is earned, and before the month when a days track is already lost', () => {
    expect(lastDayOf(facts('2025-06', { programs: ['rpm'], readingDays: { physiologic: 16 }, careSeconds: { rpm_99457_99458: 20 * MIN } }))).toBeNull();
    expect(lastDayOf(facts('2025-02', { programs: ['rpm'], readingDays: { physiologic: 0 } }))).toBe('2025-02-13');
    expect(lastDayOf(facts('2025-06', { programs: [] }))).toBeNull();
  });
});
