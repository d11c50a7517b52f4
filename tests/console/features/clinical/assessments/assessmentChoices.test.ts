import { describe, expect, it } from 'vitest';
import { findQuestionnaire } from '../../../../../src/domain/clinical/questionnaires';
import type { Questionnaire } from '../../../../../src/domain/clinical/questionnaireSchema';
import { assessmentChoices, prerequisiteChecks } from '../../../../../src/console/features/clinical/assessments/assessmentChoices';
import { answerMessage, assessmentFailure } from '../../../../../src/console/features/clinical/assessments/assessmentFailure';
import { readsRuns } from '../../../../../src/console/features/clinical/assessments/assessmentQueries';
import { HttpError } from '../../../../../src/console/api/httpError';

const now = new Date('2026-06-10T12:00:00Z');
const asthma = findQuestionnaire('asthma-control') as Questionnaire;

describe('what the assessment dialog offers', () => {
  it('offers the questionnaires of the primary condition plus the general ones, each once', () => {
    expect(assessmentChoices('Asthma').map((q) => q.id)).toEqual(['asthma-control', 'phq-4', 'general-health-check']);
    expect(assessmentChoices('general').map((q) => q.id)).toEqual(['general-health-check', 'phq-4']);
    expect(assessmentChoices(null).map((q) => q.id)).toEqual(['phq-4', 'general-health-check']);
  });
});

describe('the prerequisites step', () => {
  it('meets a vital with a reading of the past 7 days', () => {
    const record = { observations: [{ name: 'peak_expiratory_flow_rate', value: 380, timestamp: '2026-06-04T08:00:00Z' }] };
    expect(prerequisiteChecks(asthma, record, now)).toEqual([
      { kind: 'vital', key: 'peak_expiratory_flow_rate', label: 'Peak Flow', met: true, lastReading: '2026-06-04T08:00:00Z', missingText: null },
    ]);
  });

  it('misses a vital read more than 7 days ago, or never', () => {
    const old = { observations: [{ name: 'peak_expiratory_flow_rate', value: 380, timestamp: '2026-06-03T11:59:00Z' }] };
    expect(prerequisiteChecks(asthma, old, now)[0]).toMatchObject({ met: false, lastReading: '2026-06-03T11:59:00Z' });
    expect(prerequisiteChecks(asthma, {}, now)[0]).toMatchObject({ met: false, lastReading: null });
  });

  it('checks profile items against the record’s missing profile items', () => {
    const q = { ...asthma, prerequisites: { profile: ['demographics.height', 'smoking'] } } as Questionnaire;
    const record = { profile: { missing_profile: [{ loc: ['profile', 'demographics', 'height'], text: 'Height is missing' }] } };
    expect(prerequisiteChecks(q, record, now)).toEqual([
      { kind: 'profile', key: 'demographics.height', label: 'Height', met: false, lastReading: null, missingText: 'Height is missing' },
      { kind: 'profile', key: 'smoking', label: 'Smoking', met: true, lastReading: null, missingText: null },
    ]);
  });

  it('has nothing to check for a questionnaire without prerequisites', () => {
    expect(prerequisiteChecks(findQuestionnaire('phq-4') as Questionnaire, {}, now)).toEqual([]);
  });
});

describe('a refused assessment', () => {
  it('shows a 404 on the card in the server’s words', () => {
    expect(assessmentFailure(new HttpError('Workflow not found for patient.', 404, { detail: 'Workflow not found for patient.' }))).toEqual({
      type: 'failed',
      status: 404,
      message: 'Workflow not found for patient.',
      problems: [],
    });
  });

  it('puts a 422’s messages at the answers they name', () => {
    const body = {
      detail: [
        { loc: ['body', 'questionnaire_response', 'answers', 'night_waking'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'workflow_name'], msg: 'Field required', type: 'missing' },
      ],
    };
    expect(assessmentFailure(new HttpError('Form is missing information: body.questionnaire_response.answers.night_waking', 422, body)).problems).toEqual([
      { linkId: 'night_waking', message: 'Required' },
    ]);
    expect(answerMessage('Input should be a valid boolean')).toBe('Input should be a valid boolean');
  });

  it('shows a network failure on the card', () => {
    expect(assessmentFailure(new TypeError('Failed to fetch'))).toMatchObject({ status: 0, message: 'Failed to fetch' });
  });
});

describe('what an assessment refreshes', () => {
  it('reads runs: the runs resource, also under the patient', () => {
    expect(readsRuns(['runs', 'list', {}])).toBe(true);
    expect(readsRuns(['runs', 'at', '/patients/7/runs/summary'])).toBe(true);
    expect(readsRuns(['patients/7/runs', 'list', {}])).toBe(true);
    expect(readsRuns(['patients', 'one', '7'])).toBe(false);
  });
});
