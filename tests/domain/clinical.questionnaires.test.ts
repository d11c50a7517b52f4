import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { PRIMARY_CONDITIONS } from '../../src/domain/enums';
import { QUESTIONNAIRES, findQuestionnaire, maxScore, questionnairesFor, scoreResponse, validateResponse } from '../../src/domain/clinical/questionnaires';
import { questionnaireSchema, type Questionnaire } from '../../src/domain/clinical/questionnaireSchema';

const DIRECTORY = join(import.meta.dirname, '../../src/domain/clinical/questionnaires');
const files = readdirSync(DIRECTORY)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, data: JSON.parse(readFileSync(join(DIRECTORY, name), 'utf8')) as unknown }));

const validate = new Ajv({ allErrors: true }).compile(questionnaireSchema);
const valid = (data: unknown) => (validate(data) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`));

const questionnaire = (id: string): Questionnaire => {
  const found = findQuestionnaire(id);
  if (!found) throw new Error(`No questionnaire ${id}`);
  return found;
};

/** Answers giving every item its lowest answer (false for booleans), with some overridden. */
function answersOf(q: Questionnaire, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const lowest = (item: Questionnaire['items'][number]): unknown =>
    item.type === 'boolean' ? false : item.type === 'integer' ? item.min : Math.min(...(item.options ?? []).map((o) => o.value));
  return { ...Object.fromEntries(q.items.map((item) => [item.linkId, lowest(item)])), ...overrides };
}

describe('the questionnaire files', () => {
  it.each(files.map((file) => [file.name, file.data] as const))('%s is valid against the schema', (_name, data) => {
    expect(valid(data)).toEqual([]);
  });

  it('are each registered, under a file named after the id', () => {
    expect(files.map((file) => file.name).sort()).toEqual(QUESTIONNAIRES.map((q) => `${q.id}.json`).sort());
    for (const file of files) expect(findQuestionnaire(file.name.replace(/\.json$/, ''))).toEqual(file.data);
  });

  it('have unique ids, and unique linkIds within each', () => {
    const ids = QUESTIONNAIRES.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of QUESTIONNAIRES) expect(new Set(q.items.map((item) => item.linkId)).size).toBe(q.items.length);
  });

  it('cover every primary condition with one of its own', () => {
    for (const condition of PRIMARY_CONDITIONS) {
      expect(questionnairesFor(condition).filter((q) => q.conditions.includes(condition)).length, condition).toBeGreaterThan(0);
    }
  });

  it.each(QUESTIONNAIRES.map((q) => [q.id, q] as const))('%s: 4 to 8 items, a named source, bands contiguous from 0 to its highest score', (_id, q) => {
    expect(q.items.length).toBeGreaterThanOrEqual(4);
    expect(q.items.length).toBeLessThanOrEqual(8);
    expect(q.source.length).toBeGreaterThan(40);
    const bands = [...q.triage].sort((a, b) => a.min - b.min);
    expect(bands[0]?.min).toBe(0);
    for (const [index, band] of bands.entries()) {
      expect(band.max).toBeGreaterThanOrEqual(band.min);
      const next = bands[index + 1];
      if (next) expect(next.min, `${q.id} after ${band.max}`).toBe(band.max + 1);
    }
    expect(bands.at(-1)?.max).toBe(maxScore(q));
  });

  it.each(QUESTIONNAIRES.map((q) => [q.id, q] as const))('%s: red flags name its items and answers they can take', (_id, q) => {
    for (const flag of q.redFlags ?? []) {
      const item = q.items.find((candidate) => candidate.linkId === flag.linkId);
      expect(item, flag.linkId).toBeDefined();
      for (const value of flag.values) {
        expect(validateResponse(q, answersOf(q, { [flag.linkId]: value })), `${flag.linkId} ${String(value)}`).toEqual([]);
      }
    }
  });

  it.each(QUESTIONNAIRES.map((q) => [q.id, q] as const))('%s: the lowest answers score 0, LOW; the highest its maximum, urgent', (_id, q) => {
    expect(scoreResponse(q, answersOf(q))).toMatchObject({ score: 0, max_score: maxScore(q), triage: 'LOW' });
    const highest = Object.fromEntries(
      q.items.map((item) => [
        item.linkId,
        item.type === 'boolean' ? true : item.type === 'integer' ? item.max : Math.max(...(item.options ?? []).map((o) => o.value)),
      ]),
    );
    const result = scoreResponse(q, highest);
    expect(result.score).toBe(maxScore(q));
    expect(result.triage).toMatch(/^(DOC|ER)/);
  });
});

describe('the schema refuses what is not a questionnaire', () => {
  const base = questionnaire('heart-failure-daily');
  it.each([
    ['an unknown condition', { ...base, conditions: ['Flu'] }],
    ['a triage code of no group', { ...base, triage: [{ min: 0, max: 8, code: 'URGENT', interpretation: 'x' }] }],
    ['a choice without options', { ...base, items: [{ linkId: 'a', text: 'A?', type: 'choice', required: true }] }],
    ['an integer without bounds', { ...base, items: [{ linkId: 'a', text: 'A?', type: 'integer', required: true }] }],
    ['a boolean with options', { ...base, items: [{ linkId: 'a', text: 'A?', type: 'boolean', required: true, options: [] }] }],
    ['no source', { ...base, source: '' }],
    ['another scoring method', { ...base, scoring: { method: 'mean' } }],
    ['an unknown field', { ...base, weights: [1] }],
  ])('%s', (_name, data) => {
    expect(valid(data)).not.toEqual([]);
  });
});

describe('questionnaires offered for a condition', () => {
  it('offers a condition’s own questionnaires and those for every patient', () => {
    expect(questionnairesFor('COPD').map((q) => q.id)).toEqual(['copd-symptom-check', 'phq-4']);
    expect(questionnairesFor('HeartFailure').map((q) => q.id)).toEqual(['heart-failure-daily', 'phq-4']);
    expect(questionnairesFor('general').map((q) => q.id)).toEqual(['general-health-check', 'phq-4']);
    expect(questionnairesFor(null).map((q) => q.id)).toEqual(['phq-4']);
  });

  it('finds a questionnaire by id, and none by an unknown one', () => {
    expect(findQuestionnaire('asthma-control')?.title).toBe('Asthma Control Check');
    expect(findQuestionnaire('nope')).toBeUndefined();
  });
});

describe('a response checked against its questionnaire', () => {
  const asthma = questionnaire('asthma-control');

  it('accepts a full, valid response', () => {
    expect(validateResponse(asthma, answersOf(asthma))).toEqual([]);
  });

  it('names each missing, invalid or unknown answer by its linkId', () => {
    const answers = { ...answersOf(asthma), symptom_days: 3, night_waking: null, oral_steroids: 'yes', rescue_inhaler: '1', extra: 1 };
    delete (answers as Record<string, unknown>).activity_limits;
    expect(validateResponse(asthma, answers)).toEqual([
      { linkId: 'symptom_days', message: 'Input should be one of 0, 1, 2' },
      { linkId: 'night_waking', message: 'Field required' },
      { linkId: 'rescue_inhaler', message: 'Input should be one of 0, 1, 2' },
      { linkId: 'activity_limits', message: 'Field required' },
      { linkId: 'oral_steroids', message: 'Input should be a valid boolean' },
      { linkId: 'extra', message: 'Extra inputs are not permitted' },
    ]);
  });

  it('checks integer answers against their bounds', () => {
    const q: Questionnaire = {
      ...questionnaire('general-health-check'),
      items: [{ linkId: 'pain_score', text: 'Pain from 0 to 10?', type: 'integer', required: true, min: 0, max: 10 }],
      triage: [
        { min: 0, max: 3, code: 'LOW', interpretation: 'Little pain.' },
        { min: 4, max: 10, code: 'MEDIUM', interpretation: 'Pain.' },
      ],
      redFlags: [],
    };
    expect(valid(q)).toEqual([]);
    expect([2.5, -1, 11, 10].map((value) => validateResponse(q, { pain_score: value })[0]?.message ?? null)).toEqual([
      'Input should be a valid integer',
      'Input should be greater than or equal to 0',
      'Input should be less than or equal to 10',
      null,
    ]);
    expect(scoreResponse(q, { pain_score: 6 })).toEqual({ score: 6, max_score: 10, triage: 'MEDIUM', interpretation: 'Pain.' });
  });
});

describe('a response scored', () => {
  const asthma = questionnaire('asthma-control');

  it('sums the answers (a true boolean counts 1) into the band they fall in', () => {
    expect(scoreResponse(asthma, answersOf(asthma, { symptom_days: 1, rescue_inhaler: 1, oral_steroids: true }))).toEqual({
      score: 3,
      max_score: 10,
      triage: 'MEDIUM',
      interpretation: 'Not well controlled (EPR-3): review the action plan, inhaler technique and adherence.',
    });
    expect(scoreResponse(asthma, answersOf(asthma, { night_waking: 1 }))).toMatchObject({ score: 1, triage: 'LOW' });
  });

  it('raises the triage to a red flag’s code: one very poorly controlled component is Contact Physician', () => {
    expect(scoreResponse(asthma, answersOf(asthma, { night_waking: 2 }))).toEqual({
      score: 2,
      max_score: 10,
      triage: 'DOC',
      interpretation: 'Night waking 4 or more times a week: very poorly controlled (EPR-3), contact the physician.',
    });
  });

  it('takes the most urgent of several red flags', () => {
    expect(scoreResponse(asthma, answersOf(asthma, { symptom_days: 2, emergency_signs: true }))).toMatchObject({ score: 3, triage: 'ER_NOW' });
    const hf = questionnaire('heart-failure-daily');
    expect(scoreResponse(hf, answersOf(hf, { weight_gain: 2 }))).toMatchObject({ score: 2, triage: 'DOC_24H' });
    expect(scoreResponse(hf, answersOf(hf, { chest_pain: true }))).toMatchObject({ score: 1, triage: 'ER_NOW' });
  });

  it('keeps a band more urgent than a red flag', () => {
    const general = questionnaire('general-health-check');
    const q: Questionnaire = { ...general, redFlags: [{ linkId: 'fall', values: [true], code: 'MEDIUM', interpretation: 'A fall.' }] };
    expect(scoreResponse(q, answersOf(q, { overall: 2, pain: 2, medicines: 1, fall: true }))).toMatchObject({ score: 6, triage: 'DOC' });
    expect(scoreResponse(q, answersOf(q, { fall: true }))).toMatchObject({ score: 1, triage: 'MEDIUM', interpretation: 'A fall.' });
  });

  it('scores the PHQ-4 as published: 0–2 normal, 3–5 mild, 6–8 moderate, 9–12 severe', () => {
    const phq = questionnaire('phq-4');
    const all = (value: number) => ({ nervous: value, worrying: value, feeling_down: value, little_interest: value });
    expect(scoreResponse(phq, { ...all(0), nervous: 2 })).toMatchObject({ score: 2, triage: 'LOW' });
    expect(scoreResponse(phq, all(1))).toMatchObject({ score: 4, triage: 'MEDIUM' });
    expect(scoreResponse(phq, all(2)).interpretation).toMatch(/^Moderate/);
    expect(scoreResponse(phq, all(3))).toMatchObject({ score: 12, max_score: 12, triage: 'DOC' });
  });

  it('refuses to score an invalid response', () => {
    expect(() => scoreResponse(asthma, {})).toThrow(RangeError);
  });
});
