import { describe, expect, it } from 'vitest';
import { screenRegistries } from '../../../../src/console/features';
import { localDay, yearsBefore } from '../../../../src/domain/patientForm';

const fieldRuleRegistry = screenRegistries.fieldRules;
const check = (rule: keyof typeof fieldRuleRegistry, value: unknown) => fieldRuleRegistry[rule].check(value);

describe("the patient form's field rules (spec 001 section 5)", () => {
  it("patient_birthdate: 13 to 120 years back from the user's today", () => {
    const today = localDay(new Date());
    expect(check('patient_birthdate', yearsBefore(today, 12))).toBe('Must be older then 13 y.o.');
    expect(check('patient_birthdate', yearsBefore(today, 121))).toBe('Must be younger then 120 y.o.');
    expect(check('patient_birthdate', yearsBefore(today, 40))).toBeNull();
  });

  it('height and weight: by the unit typed in', () => {
    expect(check('height', { value: 215.9, unit: 'cm', input_unit: 'ft_in' })).toBe('Must be between 4 ft 0 in and 7 ft 0 in');
    expect(check('height', { value: 177.8, unit: 'cm', input_unit: 'ft_in' })).toBeNull();
    expect(check('weight', { value: 201, unit: 'kg', input_unit: 'kg' })).toBe('Must be between 40 and 200 kg');
    expect(check('weight', { value: 81.6, unit: 'kg', input_unit: 'lb' })).toBeNull();
  });

  it("greater_than_zero: 'Must be greater than 0'", () => {
    expect(check('greater_than_zero', 0)).toBe('Must be greater than 0');
    expect(check('greater_than_zero', 45)).toBeNull();
  });
});
