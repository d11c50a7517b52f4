import { describe, expect, it } from 'vitest';
import { hasOccurrence, occurrencesBetween, seriesDays } from '../../src/domain/availability/recurrence';
import { AVAILABILITY_TEXTS, slotProblem } from '../../src/domain/availability/rules';
import { NOT_AN_OCCURRENCE, planDelete, planEdit, type AvailabilityWrite, type SlotValues, type StoredSlot } from '../../src/domain/availability/scopes';

const NY = 'America/New_York';
const at = (iso: string) => new Date(iso);

/** A weekly Thursday 09:00-17:00 New York series from 22 October 2026 (summer time) to the end of the year. */
const thursdays: StoredSlot = {
  range_start: at('2026-10-22T13:00:00Z'),
  range_end: at('2026-10-22T21:00:00Z'),
  availability_date: '2026-10-22',
  timezone: NY,
  is_repeating: true,
  repeat_interval: 'weekly',
  repeat_until: '2026-12-31',
  excluded_dates: [],
  user_id: 7,
  appointment_location_id: null,
};

const asUtc = (series: StoredSlot, from: string, to: string) =>
  occurrencesBetween(series, at(from), at(to)).map((o) => [o.date, o.start.toISOString(), o.end.toISOString()]);

/** Applies writes to an in-memory table (the edited row is index 0), as the server does in its transaction. */
function apply(rows: StoredSlot[], index: number, writes: AvailabilityWrite[]): StoredSlot[] {
  const out = [...rows];
  for (const write of writes) {
    if (write.kind === 'update') out[index] = write.values;
    else if (write.kind === 'insert') out.push(write.values);
    else out.splice(index, 1);
  }
  return out;
}

describe('occurrences of a series', () => {
  it('keeps 09:00 local across the autumn change (1 November 2026): 13:00Z before, 14:00Z after', () => {
    expect(asUtc(thursdays, '2026-10-19T00:00:00Z', '2026-11-13T00:00:00Z')).toEqual([
      ['2026-10-22', '2026-10-22T13:00:00.000Z', '2026-10-22T21:00:00.000Z'],
      ['2026-10-29', '2026-10-29T13:00:00.000Z', '2026-10-29T21:00:00.000Z'],
      ['2026-11-05', '2026-11-05T14:00:00.000Z', '2026-11-05T22:00:00.000Z'],
      ['2026-11-12', '2026-11-12T14:00:00.000Z', '2026-11-12T22:00:00.000Z'],
    ]);
  });

  it('keeps 09:00 local across the spring change (8 March 2026): 14:00Z before, 13:00Z after', () => {
    const mondays: StoredSlot = {
      ...thursdays,
      range_start: at('2026-03-02T14:00:00Z'),
      range_end: at('2026-03-02T15:30:00Z'),
      availability_date: '2026-03-02',
      repeat_until: '2026-03-16',
    };
    expect(asUtc(mondays, '2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z')).toEqual([
      ['2026-03-02', '2026-03-02T14:00:00.000Z', '2026-03-02T15:30:00.000Z'],
      ['2026-03-09', '2026-03-09T13:00:00.000Z', '2026-03-09T14:30:00.000Z'],
      ['2026-03-16', '2026-03-16T13:00:00.000Z', '2026-03-16T14:30:00.000Z'],
    ]);
  });

  it('repeats daily, every other week and monthly through repeat_until inclusive, without excluded days', () => {
    const daily = { ...thursdays, repeat_interval: 'daily', repeat_until: '2026-10-25', excluded_dates: ['2026-10-24'] };
    expect(seriesDays(daily, '2026-10-01', '2026-11-30')).toEqual(['2026-10-22', '2026-10-23', '2026-10-25']);
    expect(seriesDays({ ...thursdays, repeat_interval: 'biweekly', repeat_until: '2026-11-19' }, '2026-10-01', '2026-12-31')).toEqual([
      '2026-10-22',
      '2026-11-05',
      '2026-11-19',
    ]);
    // RFC 5545: a monthly series on the 31st has no occurrence in a month without one.
    const monthly = { ...thursdays, availability_date: '2026-10-31', repeat_interval: 'monthly', repeat_until: '2027-01-31' };
    expect(seriesDays(monthly, '2026-10-01', '2027-03-01')).toEqual(['2026-10-31', '2026-12-31', '2027-01-31']);
  });

  it('keeps an occurrence that starts before the window and ends in it; a single slot is its one occurrence', () => {
    const night: StoredSlot = {
      ...thursdays,
      is_repeating: false,
      repeat_interval: null,
      repeat_until: null,
      range_start: at('2026-10-23T02:00:00Z'),
      range_end: at('2026-10-23T06:00:00Z'),
    };
    expect(asUtc(night, '2026-10-23T04:00:00Z', '2026-10-24T00:00:00Z')).toEqual([['2026-10-22', '2026-10-23T02:00:00.000Z', '2026-10-23T06:00:00.000Z']]);
    expect(asUtc(night, '2026-10-23T06:00:00Z', '2026-10-24T00:00:00Z')).toEqual([]);
  });

  it('knows a series with every occurrence excluded has none', () => {
    expect(hasOccurrence({ ...thursdays, repeat_until: '2026-10-29', excluded_dates: ['2026-10-22', '2026-10-29'] })).toBe(false);
    expect(hasOccurrence({ ...thursdays, repeat_until: '2026-10-29', excluded_dates: ['2026-10-22'] })).toBe(true);
  });
});

describe('edit and delete scopes across a DST change', () => {
  const next = (start: string, end: string, extra: Partial<SlotValues> = {}): SlotValues => ({
    range_start: at(start),
    range_end: at(end),
    timezone: NY,
    is_repeating: true,
    repeat_interval: 'weekly',
    repeat_until: '2026-12-31',
    user_id: 7,
    appointment_location_id: null,
    ...extra,
  });

  it('this_and_following from the third week, then this on the fourth: exact occurrences in UTC', () => {
    // Third week (5 November, after the change): 10:00-16:00 local = 15:00Z-21:00Z.
    const edit = planEdit(thursdays, 'this_and_following', '2026-11-05', next('2026-11-05T15:00:00Z', '2026-11-05T21:00:00Z'));
    if (edit === NOT_AN_OCCURRENCE) throw new Error('refused');
    expect(edit[0]).toEqual({ kind: 'update', values: { ...thursdays, repeat_until: '2026-11-04' } });
    let rows = apply([thursdays], 0, edit);
    expect(rows[1]).toMatchObject({ availability_date: '2026-11-05', repeat_until: '2026-12-31', is_repeating: true, excluded_dates: [] });
    // The fourth week (12 November) of the new series deleted alone.
    const del = planDelete(rows[1] as StoredSlot, 'this', '2026-11-12');
    if (del === NOT_AN_OCCURRENCE) throw new Error('refused');
    rows = apply(rows, 1, del);
    const all = rows
      .flatMap((row) => asUtc(row, '2026-10-19T00:00:00Z', '2026-11-30T00:00:00Z'))
      .sort((a, b) => (a[1] as string).localeCompare(b[1] as string));
    expect(all).toEqual([
      ['2026-10-22', '2026-10-22T13:00:00.000Z', '2026-10-22T21:00:00.000Z'],
      ['2026-10-29', '2026-10-29T13:00:00.000Z', '2026-10-29T21:00:00.000Z'],
      ['2026-11-05', '2026-11-05T15:00:00.000Z', '2026-11-05T21:00:00.000Z'],
      ['2026-11-19', '2026-11-19T15:00:00.000Z', '2026-11-19T21:00:00.000Z'],
      ['2026-11-26', '2026-11-26T15:00:00.000Z', '2026-11-26T21:00:00.000Z'],
    ]);
  });

  it('this: excludes the day and adds a single slot with the new values', () => {
    const edit = planEdit(thursdays, 'this', '2026-11-12', next('2026-11-12T16:00:00Z', '2026-11-12T18:00:00Z', { appointment_location_id: 3 }));
    expect(edit).toEqual([
      { kind: 'update', values: { ...thursdays, excluded_dates: ['2026-11-12'] } },
      {
        kind: 'insert',
        values: {
          ...thursdays,
          range_start: at('2026-11-12T16:00:00Z'),
          range_end: at('2026-11-12T18:00:00Z'),
          availability_date: '2026-11-12',
          is_repeating: false,
          repeat_interval: null,
          repeat_until: null,
          appointment_location_id: 3,
        },
      },
    ]);
  });

  it('all: an occurrence after the change moved to 08:00-16:00 local moves the first one to 08:00-16:00 local in summer time', () => {
    const edit = planEdit(thursdays, 'all', '2026-11-12', next('2026-11-12T13:00:00Z', '2026-11-12T21:00:00Z'));
    if (edit === NOT_AN_OCCURRENCE) throw new Error('refused');
    expect(edit).toHaveLength(1);
    const moved = (edit[0] as { values: StoredSlot }).values;
    expect(asUtc(moved, '2026-10-19T00:00:00Z', '2026-11-06T00:00:00Z')).toEqual([
      ['2026-10-22', '2026-10-22T12:00:00.000Z', '2026-10-22T20:00:00.000Z'],
      ['2026-10-29', '2026-10-29T12:00:00.000Z', '2026-10-29T20:00:00.000Z'],
      ['2026-11-05', '2026-11-05T13:00:00.000Z', '2026-11-05T21:00:00.000Z'],
    ]);
  });

  it('this_and_following from the first occurrence is all; a day off the series is refused; a single slot ignores the scope', () => {
    const edit = planEdit(thursdays, 'this_and_following', '2026-10-22', next('2026-10-22T14:00:00Z', '2026-10-22T21:00:00Z'));
    expect(edit).toHaveLength(1);
    expect(planEdit(thursdays, 'this', '2026-10-23', next('2026-10-23T14:00:00Z', '2026-10-23T21:00:00Z'))).toBe(NOT_AN_OCCURRENCE);
    expect(planDelete(thursdays, 'this', '2026-10-23')).toBe(NOT_AN_OCCURRENCE);
    const single: StoredSlot = { ...thursdays, is_repeating: false, repeat_interval: null, repeat_until: null };
    expect(planDelete(single, 'this', undefined)).toEqual([{ kind: 'delete' }]);
    expect(planEdit(single, 'this', undefined, next('2026-10-22T14:00:00Z', '2026-10-22T21:00:00Z', { is_repeating: false }))).toEqual([
      { kind: 'update', values: { ...single, range_start: at('2026-10-22T14:00:00Z') } },
    ]);
  });

  it('deletes: this_and_following ends the series the day before, or deletes it from the first; all deletes; the last occurrence excluded deletes', () => {
    expect(planDelete(thursdays, 'this_and_following', '2026-11-05')).toEqual([{ kind: 'update', values: { ...thursdays, repeat_until: '2026-11-04' } }]);
    expect(planDelete(thursdays, 'this_and_following', '2026-10-22')).toEqual([{ kind: 'delete' }]);
    expect(planDelete(thursdays, 'all', undefined)).toEqual([{ kind: 'delete' }]);
    const two = { ...thursdays, repeat_until: '2026-10-29', excluded_dates: ['2026-10-22'] };
    expect(planDelete(two, 'this', '2026-10-29')).toEqual([{ kind: 'delete' }]);
  });
});

describe('slot rules', () => {
  const now = at('2026-11-27T15:00:00Z');
  const slot = {
    range_start: at('2026-11-28T12:00:00Z'),
    range_end: at('2026-11-28T22:30:00Z'),
    timezone: NY,
    is_repeating: false,
    repeat_interval: null,
    repeat_until: null,
  };
  it('refuses the past, an end not after the start, times off 15-minute steps, missing repeat fields and unknown zones', () => {
    expect(slotProblem(slot, now)).toBeNull();
    expect(slotProblem({ ...slot, range_start: at('2026-11-27T14:45:00Z'), range_end: at('2026-11-27T20:00:00Z') }, now)).toEqual({
      field: 'range_start',
      message: AVAILABILITY_TEXTS.past,
    });
    expect(slotProblem({ ...slot, range_end: slot.range_start }, now)?.message).toBe(AVAILABILITY_TEXTS.endAfterStart);
    expect(slotProblem({ ...slot, range_end: at('2026-11-28T22:10:00Z') }, now)?.message).toBe(AVAILABILITY_TEXTS.quarterHours);
    expect(slotProblem({ ...slot, is_repeating: true }, now)).toEqual({ field: 'repeat_interval', message: AVAILABILITY_TEXTS.repeatRequired });
    expect(slotProblem({ ...slot, is_repeating: true, repeat_interval: 'weekly' }, now)?.field).toBe('repeat_until');
    expect(slotProblem({ ...slot, is_repeating: true, repeat_interval: 'weekly', repeat_until: '2026-11-27' }, now)?.message).toBe(
      AVAILABILITY_TEXTS.repeatUntilBeforeStart,
    );
    expect(slotProblem({ ...slot, timezone: 'Mars/Olympus' }, now)?.field).toBe('timezone_abbr');
  });
});
