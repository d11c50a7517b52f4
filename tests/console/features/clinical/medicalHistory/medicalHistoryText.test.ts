import { describe, expect, test } from 'vitest';
import {
  codedHint,
  codedOptions,
  codedSearchPath,
  medicationOf,
  optionOfConcept,
  optionOfMedication,
} from '../../../../../src/console/features/clinical/medicalHistory/codedConcepts';
import { conceptTerms, dosageText } from '../../../../../src/console/features/clinical/medicalHistory/dosageText';

describe('a medication statement as a clinician reads it', () => {
  test('dose, how often and as needed', () => {
    expect(dosageText({ dose_quantity: { value: 10, unit: 'mg' }, timing: { frequency: 2, period: 1, periodUnit: 'd' } })).toBe('10 mg, twice a day');
    expect(dosageText({ dose_quantity: { value: 1, unit: 'tablet' }, timing: { frequency: 1, periodUnit: 'wk' } })).toBe('1 tablet, once a week');
    expect(dosageText({ dose_quantity: { value: 2 }, timing: { frequency: 3, period: 2, periodUnit: 'mo' }, as_needed: true })).toBe(
      '2, 3 times every 2 months, as needed',
    );
    expect(dosageText(null)).toBe('');
  });

  test("an allergy's reactions by their terms", () => {
    expect(
      conceptTerms([
        { code: '1', display: 'Urticaria' },
        { code: '2', display: 'Wheezing' },
      ]),
    ).toEqual(['Urticaria', 'Wheezing']);
    expect(conceptTerms(undefined)).toEqual([]);
  });
});

describe('coded searches', () => {
  test('ask the spec’s paths with the typed text', () => {
    expect(codedSearchPath('medications', 'metop')).toBe('/medications/search?q=metop');
    expect(codedSearchPath('snomed', 'penic', 'medication')).toBe('/snowstorm/search?query=penic&category=medication');
    expect(codedSearchPath('snomed', 'hives')).toBe('/snowstorm/search?query=hives');
  });

  test('answers become options, and a pick becomes what the record keeps', () => {
    const options = codedOptions('medications', [{ rxcui: '866514', name: 'metoprolol tartrate 50 MG Oral Tablet', tty: 'SCD' }, { bad: true }]);
    expect(options).toEqual([{ code: '866514', display: 'metoprolol tartrate 50 MG Oral Tablet' }]);
    const medication = medicationOf(options[0]!);
    expect(medication).toEqual({
      name: 'metoprolol tartrate 50 MG Oral Tablet',
      codes: [{ code: '866514', codeSystem: '2.16.840.1.113883.6.88', codeSystemName: 'RxNorm' }],
    });
    expect(optionOfMedication(medication)).toEqual(options[0]);
    expect(optionOfConcept({ code: '91936005', display: 'Allergy to penicillin' })).toEqual({ code: '91936005', display: 'Allergy to penicillin' });
    expect(optionOfConcept('x')).toBeNull();
  });

  test('the hint under the box says the spec’s words', () => {
    expect(codedHint({ typed: 'pe', settled: false, count: 0 })).toBe('Type at least 3 characters to search');
    expect(codedHint({ typed: 'zzzz', settled: true, count: 0 })).toBe('No results found.');
    expect(codedHint({ typed: 'pen', settled: true, count: 2 })).toBeUndefined();
    expect(codedHint({ typed: 'pen', settled: true, count: 2, full: 'You can only add up to 3 reactions' })).toBe('You can only add up to 3 reactions');
  });
});
