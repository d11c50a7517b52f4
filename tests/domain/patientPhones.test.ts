import { describe, expect, it } from 'vitest';
import { patientPhones } from '../../src/domain/patientPhones';

const MOBILE = '+16085550101';
const HOME = '+16085550102';
const FACILITY = '+16085550103';

describe("a patient's phone: the primary number, else the first present (issue 11)", () => {
  it('is the number of the primary type, the others after it', () => {
    const phones = patientPhones({ mobile_phone_number: MOBILE, home_phone_number: HOME, facility_phone_number: FACILITY, primary_phone_number_type: 'home' });
    expect(phones.primary).toEqual({ type: 'home', label: 'Home', number: HOME });
    expect(phones.others.map((p) => p.number)).toEqual([MOBILE, FACILITY]);
  });

  it.each([
    ['no primary type', { home_phone_number: HOME, facility_phone_number: FACILITY }, HOME],
    ['a primary type with no number', { primary_phone_number_type: 'mobile', facility_phone_number: FACILITY }, FACILITY],
    ['only the account number', { phone_number: MOBILE }, MOBILE],
    ['a typed number beside the account number', { phone_number: MOBILE, home_phone_number: HOME }, HOME],
  ])('falls back to the first number present: %s', (_name, user, expected) => {
    expect(patientPhones(user).primary?.number).toBe(expected);
  });

  it('has none when no number is present (empty, "+1" alone, no account)', () => {
    expect(patientPhones({ mobile_phone_number: '', home_phone_number: '+1', phone_number: null })).toEqual({ primary: null, others: [] });
    expect(patientPhones(null)).toEqual({ primary: null, others: [] });
  });
});
