import { describe, expect, it } from 'vitest';
import { SYMPTOMS, symptomBand, symptomLabel } from '../../src/domain/clinical/symptoms';

describe('symptom colour bands: at most 0, 1, 4 and 10 (spec 001 section 9)', () => {
  it.each([
    [null, 'none'],
    [undefined, 'none'],
    [Number.NaN, 'none'],
    [-1, 'none'],
    [0, 'none'],
    [0.5, 'mild'],
    [1, 'mild'],
    [1.5, 'moderate'],
    [2, 'moderate'],
    [4, 'moderate'],
    [4.5, 'severe'],
    [5, 'severe'],
    [10, 'severe'],
    [11, 'severe'],
  ])('%s is %s', (severity, band) => {
    expect(symptomBand(severity)).toBe(band);
  });
});

describe('the symptoms patients report', () => {
  it('lists the eight symptoms of the grid with their labels', () => {
    expect(SYMPTOMS.map((symptom) => [symptom.name, symptom.label])).toEqual([
      ['shortness_of_breath', 'Shortness of Breath'],
      ['cough', 'Cough'],
      ['wheezing', 'Wheezing'],
      ['chest_pain', 'Chest Pain'],
      ['swelling', 'Swelling'],
      ['fatigue', 'Fatigue'],
      ['dizziness', 'Dizziness'],
      ['nausea', 'Nausea'],
    ]);
  });

  it('labels a known symptom by the list and an unknown one by its name', () => {
    expect(symptomLabel('chest_pain')).toBe('Chest Pain');
    expect(symptomLabel('blurred_vision')).toBe('blurred vision');
  });
});
