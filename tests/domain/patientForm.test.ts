import { describe, expect, it } from 'vitest';
import { COMORBIDITIES, PRIMARY_CONDITIONS } from '../../src/domain/enums';
import { birthdateError, greaterThanZeroError, patientFormIssues, yearsBefore } from '../../src/domain/patientForm';
import { CONDITION_BLOCK_NAMES, conditionBlocksFor } from '../../src/domain/patientFormBlocks';
import {
  bmiOf,
  centimetresFromFeetAndInches,
  feetAndInchesFromCentimetres,
  heightError,
  kilogramsFromPounds,
  poundsFromKilograms,
  weightError,
} from '../../src/domain/patientFormMeasures';
import { mockPatient } from '../../src/domain/patientFormMock';
import { mergeProfile } from '../../src/domain/patientFormProfile';

const TODAY = '2026-06-01';

describe('birthdate (spec 001 section 5)', () => {
  it("refuses less than 13 years back with 'Must be older then 13 y.o.'", () => {
    expect(birthdateError('2013-06-02', TODAY)).toBe('Must be older then 13 y.o.');
    expect(birthdateError(TODAY, TODAY)).toBe('Must be older then 13 y.o.');
    expect(birthdateError('2013-06-01', TODAY)).toBeNull();
  });

  it("refuses more than 120 years back with 'Must be younger then 120 y.o.'", () => {
    expect(birthdateError('1906-05-31', TODAY)).toBe('Must be younger then 120 y.o.');
    expect(birthdateError('1906-06-01', TODAY)).toBeNull();
  });

  it('counts calendar years, 29 February included, and leaves a non-date to the schema', () => {
    expect(yearsBefore('2024-02-29', 13)).toBe('2011-02-28');
    expect(yearsBefore('2024-02-29', 4)).toBe('2020-02-29');
    expect(birthdateError('not a date', TODAY)).toBeNull();
  });
});

describe('height and weight', () => {
  it('converts inches times 2.54 to cm and pounds divided by 2.20462 to kg, to the 0.1 step', () => {
    expect(centimetresFromFeetAndInches(5, 10)).toBe(177.8);
    expect(centimetresFromFeetAndInches(5, 7)).toBe(170.2);
    expect(kilogramsFromPounds(180)).toBe(81.6);
    expect(kilogramsFromPounds(88)).toBe(39.9);
  });

  it('converts every whole imperial entry back to exactly what was typed', () => {
    for (let inches = 48; inches <= 84; inches++) {
      expect(feetAndInchesFromCentimetres(centimetresFromFeetAndInches(Math.floor(inches / 12), inches % 12))).toEqual({
        feet: Math.floor(inches / 12),
        inches: inches % 12,
      });
    }
    for (let pounds = 88; pounds <= 440; pounds++) expect(poundsFromKilograms(kilogramsFromPounds(pounds))).toBe(pounds);
  });

  it('bounds imperial heights at 48-84 inches and metric ones at 122-213 cm with one decimal', () => {
    expect(heightError({ value: centimetresFromFeetAndInches(4, 0), input_unit: 'ft_in' })).toBeNull();
    expect(heightError({ value: centimetresFromFeetAndInches(7, 0), input_unit: 'ft_in' })).toBeNull();
    expect(heightError({ value: centimetresFromFeetAndInches(3, 11), input_unit: 'ft_in' })).toBe('Must be between 4 ft 0 in and 7 ft 0 in');
    expect(heightError({ value: centimetresFromFeetAndInches(7, 1), input_unit: 'ft_in' })).toBe('Must be between 4 ft 0 in and 7 ft 0 in');
    expect(heightError({ value: 122, input_unit: 'cm' })).toBeNull();
    expect(heightError({ value: 213 })).toBeNull();
    expect(heightError({ value: 121.9, input_unit: 'cm' })).toBe('Must be between 122 and 213 cm');
    expect(heightError({ value: 213.1, input_unit: 'cm' })).toBe('Must be between 122 and 213 cm');
    expect(heightError({ value: 170.05, input_unit: 'cm' })).toBe('Use at most one decimal');
  });

  it('bounds pounds at 88-440 and kilograms at 40-200 with one decimal', () => {
    expect(weightError({ value: kilogramsFromPounds(88), input_unit: 'lb' })).toBeNull();
    expect(weightError({ value: kilogramsFromPounds(440), input_unit: 'lb' })).toBeNull();
    expect(weightError({ value: kilogramsFromPounds(87), input_unit: 'lb' })).toBe('Must be between 88 and 440 lb');
    expect(weightError({ value: kilogramsFromPounds(441), input_unit: 'lb' })).toBe('Must be between 88 and 440 lb');
    expect(weightError({ value: 40, input_unit: 'kg' })).toBeNull();
    expect(weightError({ value: 39.9, input_unit: 'kg' })).toBe('Must be between 40 and 200 kg');
    expect(weightError({ value: 200.1 })).toBe('Must be between 40 and 200 kg');
    expect(weightError({ value: 80.55, input_unit: 'kg' })).toBe('Use at most one decimal');
  });

  it('computes BMI from metric height and weight, to one decimal', () => {
    expect(bmiOf({ value: 177.8, unit: 'cm' }, { value: 81.6, unit: 'kg' })).toBe(25.8);
    expect(bmiOf({ value: 160, unit: 'cm' }, null)).toBeNull();
  });
});

describe("'Must be greater than 0'", () => {
  it('refuses 0 and negatives, accepts anything above', () => {
    expect(greaterThanZeroError(0)).toBe('Must be greater than 0');
    expect(greaterThanZeroError(-1)).toBe('Must be greater than 0');
    expect(greaterThanZeroError(0.1)).toBeNull();
  });
});

describe('condition blocks', () => {
  it('shows a block when the primary condition or a comorbidity matches', () => {
    expect(conditionBlocksFor('COPD', [])).toEqual(['copd']);
    expect(conditionBlocksFor('general', ['COPD'])).toEqual(['copd']);
    expect(conditionBlocksFor('HeartFailure', ['Chronic Kidney Disease', 'Diabetes'])).toEqual(['chf', 'diabetes', 'chronic_kidney_disease']);
    expect(conditionBlocksFor('general', ['Congestive Heart Failure', 'Asthma', 'Anemia'])).toEqual(['chf', 'asthma']);
    expect(conditionBlocksFor(undefined, undefined)).toEqual([]);
  });

  it('gives every block one primary condition and one comorbidity of the enumerations, and general none', () => {
    expect(conditionBlocksFor('general', [])).toEqual([]);
    for (const block of CONDITION_BLOCK_NAMES) {
      expect(PRIMARY_CONDITIONS.filter((condition) => conditionBlocksFor(condition, []).includes(block))).toHaveLength(1);
      expect(COMORBIDITIES.filter((comorbidity) => conditionBlocksFor(null, [comorbidity]).includes(block))).toHaveLength(1);
    }
  });
});

describe('a whole record (what the server checks)', () => {
  it('names each broken rule by its path and lets missing values pass', () => {
    const issues = patientFormIssues(
      {
        birthdate: TODAY,
        profile: { chf: { ejection_fraction: 0 }, copd: { exacerbations: 0 }, demographics: { height: { value: 300, input_unit: 'cm' }, weight: null } },
      },
      TODAY,
    );
    expect(issues).toEqual([
      { path: 'birthdate', message: 'Must be older then 13 y.o.' },
      { path: 'profile.demographics.height', message: 'Must be between 122 and 213 cm' },
      { path: 'profile.chf.ejection_fraction', message: 'Must be greater than 0' },
      { path: 'profile.copd.exacerbations', message: 'Must be greater than 0' },
    ]);
    expect(patientFormIssues({}, TODAY)).toEqual([]);
  });
});

describe('a profile change merged into the stored profile', () => {
  const stored = {
    smoking: 'Smoker',
    risk_factors: ['Lives alone'],
    copd: { gold_stage: '2', exacerbations: 3 },
    demographics: { height: { value: 170, unit: 'cm' } },
  };

  it('keeps what the change leaves out, clears what it sends as null and drops emptied blocks', () => {
    expect(mergeProfile(stored, { copd: { gold_stage: null } })).toMatchObject({ smoking: 'Smoker', copd: { exacerbations: 3 } });
    expect(mergeProfile(stored, { copd: { gold_stage: null, exacerbations: null } })).not.toHaveProperty('copd');
    expect(mergeProfile(stored, { smoking: null })).not.toHaveProperty('smoking');
  });

  it('turns risk_factors null into an empty list (spec 001 section 5)', () => {
    expect(mergeProfile(stored, { risk_factors: null }).risk_factors).toEqual([]);
  });

  it('keeps units metric and BMI in step with height and weight', () => {
    const merged = mergeProfile(stored, { demographics: { weight: { value: 72.3, input_unit: 'lb' } } });
    expect(merged.demographics).toEqual({ height: { value: 170, unit: 'cm' }, weight: { value: 72.3, unit: 'kg', input_unit: 'lb' }, bmi: 25 });
    expect(mergeProfile(merged, { demographics: { weight: null } }).demographics).toEqual({ height: { value: 170, unit: 'cm' } });
  });
});

describe('the mock patient', () => {
  const seeded = (seed: number) => () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };

  it('passes every form rule, fills the blocks its conditions call for, and leaves real records to the user', () => {
    for (let seed = 1; seed <= 50; seed++) {
      const patient = mockPatient(seeded(seed), TODAY) as { primary_condition: string; profile: Record<string, unknown> & { comorbidities: string[] } };
      expect(patientFormIssues(patient, TODAY)).toEqual([]);
      for (const block of conditionBlocksFor(patient.primary_condition, patient.profile.comorbidities)) expect(patient.profile[block]).toBeTypeOf('object');
      expect(patient).not.toHaveProperty('billing_provider_id');
      expect(patient).not.toHaveProperty('tenant_id');
    }
  });
});
