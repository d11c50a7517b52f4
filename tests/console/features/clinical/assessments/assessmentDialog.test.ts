import { describe, expect, it } from 'vitest';
import {
  assessmentDialog,
  assessmentRequest,
  CLOSED,
  type AssessmentDialogEvent,
  type AssessmentDialogState,
} from '../../../../../src/console/features/clinical/assessments/assessmentDialog';

const run = (events: AssessmentDialogEvent[], from: AssessmentDialogState = CLOSED) => events.reduce(assessmentDialog, from);

const atQuestionnaire = run([
  { type: 'open' },
  { type: 'choose', questionnaireId: 'asthma-control' },
  { type: 'next', hasPrerequisites: true },
  { type: 'skip' },
]);

describe('the assessment dialog’s state machine (spec 001 section 4)', () => {
  it('goes choose → prerequisites → questionnaire, by Continue or by Skip', () => {
    const chosen = run([{ type: 'open' }, { type: 'choose', questionnaireId: 'asthma-control' }]);
    expect(chosen).toMatchObject({ step: 'choose', questionnaireId: 'asthma-control' });
    const prerequisites = assessmentDialog(chosen, { type: 'next', hasPrerequisites: true });
    expect(prerequisites.step).toBe('prerequisites');
    expect(assessmentDialog(prerequisites, { type: 'continue' }).step).toBe('questionnaire');
    expect(assessmentDialog(prerequisites, { type: 'skip' }).step).toBe('questionnaire');
  });

  it('goes straight to the questionnaire when it asks for nothing first, and Back returns where it came from', () => {
    const questionnaire = run([{ type: 'open' }, { type: 'choose', questionnaireId: 'phq-4' }, { type: 'next', hasPrerequisites: false }]);
    expect(questionnaire.step).toBe('questionnaire');
    expect(assessmentDialog(questionnaire, { type: 'back' }).step).toBe('choose');
    expect(assessmentDialog(atQuestionnaire, { type: 'back' }).step).toBe('prerequisites');
    expect(run([{ type: 'back' }, { type: 'back' }], atQuestionnaire).step).toBe('choose');
  });

  it('needs a choice before Next', () => {
    expect(run([{ type: 'open' }, { type: 'next', hasPrerequisites: false }]).step).toBe('choose');
  });

  it('keeps the answers, removes one taken back, and clears a field’s message when it is answered', () => {
    const answered = run(
      [
        { type: 'answer', linkId: 'symptom_days', value: 1 },
        { type: 'answer', linkId: 'oral_steroids', value: false },
      ],
      atQuestionnaire,
    );
    expect(answered.answers).toEqual({ symptom_days: 1, oral_steroids: false });
    expect(assessmentDialog(answered, { type: 'answer', linkId: 'symptom_days', value: undefined }).answers).toEqual({ oral_steroids: false });
    const refused = assessmentDialog(answered, { type: 'submit', problems: [{ linkId: 'night_waking', message: 'Required' }] });
    expect(refused).toMatchObject({ step: 'questionnaire', fieldErrors: { night_waking: 'Required' }, refusals: 1 });
    expect(assessmentDialog(refused, { type: 'answer', linkId: 'night_waking', value: 0 }).fieldErrors).toEqual({});
  });

  it('forgets the answers when another questionnaire is chosen, not when the same one is', () => {
    const answered = run([{ type: 'answer', linkId: 'symptom_days', value: 1 }, { type: 'back' }, { type: 'back' }], atQuestionnaire);
    expect(assessmentDialog(answered, { type: 'choose', questionnaireId: 'asthma-control' }).answers).toEqual({ symptom_days: 1 });
    expect(assessmentDialog(answered, { type: 'choose', questionnaireId: 'phq-4' }).answers).toEqual({});
  });

  it('submits, then closes once submitted', () => {
    const submitting = run(
      [
        { type: 'answer', linkId: 'symptom_days', value: 1 },
        { type: 'submit', problems: [] },
      ],
      atQuestionnaire,
    );
    expect(submitting.step).toBe('submitting');
    expect(assessmentDialog(submitting, { type: 'submitted' })).toEqual(CLOSED);
  });

  it('shows a 404 or any other failure on the card, and a 422 under the fields', () => {
    const submitting = run(
      [
        { type: 'answer', linkId: 'symptom_days', value: 1 },
        { type: 'submit', problems: [] },
      ],
      atQuestionnaire,
    );
    expect(assessmentDialog(submitting, { type: 'failed', status: 404, message: 'Workflow not found for patient.', problems: [] })).toMatchObject({
      step: 'error',
      error: 'Workflow not found for patient.',
    });
    const invalid = assessmentDialog(submitting, {
      type: 'failed',
      status: 422,
      message: 'Form is missing information: body.questionnaire_response.answers.night_waking',
      problems: [
        { linkId: 'night_waking', message: 'Required' },
        { linkId: 'night_waking', message: 'second' },
      ],
    });
    expect(invalid).toMatchObject({ step: 'questionnaire', fieldErrors: { night_waking: 'Required' }, formError: null, answers: { symptom_days: 1 } });
    expect(assessmentDialog(submitting, { type: 'failed', status: 422, message: 'Invalid', problems: [] })).toMatchObject({
      step: 'questionnaire',
      formError: 'Invalid',
    });
  });

  it('closes at once before any answer, asks once one was given, and never while submitting', () => {
    expect(run([{ type: 'open' }, { type: 'requestClose' }])).toEqual(CLOSED);
    expect(assessmentDialog(atQuestionnaire, { type: 'requestClose' })).toEqual(CLOSED);
    const answered = assessmentDialog(atQuestionnaire, { type: 'answer', linkId: 'symptom_days', value: 2 });
    const asking = assessmentDialog(answered, { type: 'requestClose' });
    expect(asking).toMatchObject({ step: 'questionnaire', confirmingLeave: true });
    expect(assessmentDialog(asking, { type: 'stay' })).toMatchObject({ step: 'questionnaire', confirmingLeave: false, answers: { symptom_days: 2 } });
    expect(assessmentDialog(asking, { type: 'leave' })).toEqual(CLOSED);
    // Back at the choice, the answers are still there: leaving still asks.
    expect(run([{ type: 'back' }, { type: 'back' }, { type: 'requestClose' }], answered).confirmingLeave).toBe(true);
    const submitting = assessmentDialog(answered, { type: 'submit', problems: [] });
    expect(assessmentDialog(submitting, { type: 'requestClose' })).toBe(submitting);
    const failed = assessmentDialog(submitting, { type: 'failed', status: 404, message: 'Workflow not found for patient.', problems: [] });
    expect(assessmentDialog(failed, { type: 'requestClose' })).toEqual(CLOSED);
  });

  it('ignores events of other steps', () => {
    expect(assessmentDialog(CLOSED, { type: 'answer', linkId: 'x', value: 1 })).toBe(CLOSED);
    expect(assessmentDialog(CLOSED, { type: 'submitted' })).toBe(CLOSED);
    expect(assessmentDialog(CLOSED, { type: 'leave' })).toBe(CLOSED);
    expect(assessmentDialog(atQuestionnaire, { type: 'open' })).toBe(atQuestionnaire);
  });

  it('sends the questionnaire’s id as the workflow and the answers as the response', () => {
    expect(assessmentRequest('phq-4', { nervous: 1 })).toEqual({ workflow_name: 'phq-4', questionnaire_response: { answers: { nervous: 1 } } });
  });
});
