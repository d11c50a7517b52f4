import { describe, expect, it } from 'vitest';
import { describeActivity, formatMeasurement } from '../../../../src/console/features/activities/activityFormat';
import { formatImei, signalLabel } from '../../../../src/console/features/devices/deviceFormat';
import {
  EMPTY_TEXT,
  formatDate,
  formatDateTime,
  formatDurationMmss,
  formatMoney,
  formatPhone,
  formatRelative,
  formatText,
  plainText,
} from '../../../../src/console/renderer/core/format';
import { EMPTY_TEXT as DOMAIN_EMPTY_TEXT } from '../../../../src/domain/emptyText';

const NY = 'America/New_York';

describe('formatters', () => {
  it('dates: a day never moves between zones; an instant shows in the user zone', () => {
    expect(formatDate('1950-04-02', NY)).toBe('04/02/1950');
    expect(formatDate('2026-06-01T02:00:00Z', NY)).toBe('05/31/2026');
    expect(formatDate(null, NY)).toBe('—');
    expect(formatDateTime('2026-06-01T02:00:00Z', NY)).toBe('05/31/2026, 10:00 PM');
    expect(formatDateTime('not a date', NY)).toBe('—');
  });

  it('a date-only value shows no time, wherever it is shown, and does not move to the day before in a western zone', () => {
    expect(formatDateTime('1950-04-02', NY)).toBe('04/02/1950');
    expect(formatDateTime('1950-04-02', 'Pacific/Honolulu')).toBe('04/02/1950');
    expect(formatDate('1950-04-02', 'Pacific/Honolulu')).toBe('04/02/1950');
  });

  it("the empty value is one dash everywhere: the domain's, which the PDF exports print too", () => {
    expect(EMPTY_TEXT).toBe(DOMAIN_EMPTY_TEXT);
    for (const empty of [formatDate(null, NY), formatDateTime(undefined, NY), formatPhone(''), formatText(null), formatMoney(''), formatDurationMmss(null)])
      expect(empty).toBe(DOMAIN_EMPTY_TEXT);
  });

  it('relative words up to 7 days, then the date', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    expect(formatRelative('2026-06-07T12:00:00Z', now, NY)).toBe('3 days ago');
    expect(formatRelative('2026-06-10T11:00:00Z', now, NY)).toBe('about 1 hour ago');
    expect(formatRelative('2026-05-20T12:00:00Z', now, NY)).toBe('05/20/2026');
  });

  it('IMEIs as stored, Tenovi gateway ids in groups of 4', () => {
    expect(formatImei('356938035643809', false)).toBe('356938035643809');
    expect(formatImei('A1B2C3D4E5F6', true)).toBe('A1B2-C3D4-E5F6');
    expect(formatImei('A1B2-C3D4-E5F6', true)).toBe('A1B2-C3D4-E5F6');
    expect(formatImei(null, true)).toBe('—');
  });

  it('signal 0-4 by its words, else Not Reported', () => {
    expect([0, 1, 2, 3, 4].map(signalLabel)).toEqual(['No signal', 'Poor', 'Fair', 'Good', 'Excellent']);
    expect(signalLabel('3')).toBe('Good');
    expect(signalLabel(undefined)).toBe('Not Reported');
    expect(signalLabel(7)).toBe('Not Reported');
  });

  it('durations as mm:ss', () => {
    expect(formatDurationMmss(65)).toBe('01:05');
    expect(formatDurationMmss(3725)).toBe('62:05');
    expect(formatDurationMmss(0)).toBe('00:00');
    expect(formatDurationMmss(null)).toBe('—');
  });

  it('US phone numbers as (555) 123-4567, others as stored', () => {
    expect(formatPhone('+15551234567')).toBe('(555) 123-4567');
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(formatPhone('')).toBe('—');
  });

  it('any value as text', () => {
    expect(formatText(0)).toBe('0');
    expect(formatText({ a: 1 })).toBe('{"a":1}');
    expect(formatText(undefined)).toBe('—');
  });

  it('plain text: what String writes, but an object as JSON', () => {
    expect(plainText('a')).toBe('a');
    expect(plainText(7)).toBe('7');
    expect(plainText(false)).toBe('false');
    expect(plainText(null)).toBe('null');
    expect(plainText([1, null, 'b'])).toBe('1,,b');
    expect(plainText({ a: 1 })).toBe('{"a":1}');
    expect(plainText([{ a: 1 }, 2])).toBe('{"a":1},2');
  });

  it('measurements and device events in words', () => {
    expect(formatMeasurement([{ name: 'blood_pressure', systolic: 128, diastolic: 84, unit: { text: 'mmHg' } }])).toBe('128/84 mmHg');
    expect(formatMeasurement([{ name: 'body_mass', value: 182.4, unit: { text: 'lbs' } }])).toBe('182.4 lbs');
    expect(formatMeasurement([])).toBe('—');
    expect(describeActivity('issue_report', { issue_type: 'user error', description: 'Wrong cuff', is_resolved: true })).toBe(
      'User Error: Wrong cuff (resolved)',
    );
    expect(describeActivity('device_ping', [{ battery: 80, signal: 0, network: 'LTE' }])).toBe('Battery 80% · Signal No signal · LTE');
    expect(describeActivity('message', { message: 'Hello' })).toBe('Hello');
    expect(describeActivity('update_tenant', null)).toBe('—');
  });
});
