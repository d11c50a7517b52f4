/**
 * The assessment dialog as a state machine (spec 001 section 4, "Assessment dialog: choose an
 * assessment, then prerequisites (recent vitals or a complete profile) or Skip, then questionnaire,
 * then submit. Leaving mid-way asks for confirmation"). Pure: the widget holds it with useReducer,
 * sends the request when it reaches `submitting` and reports the answer back.
 *
 * closed → choose → (prerequisites, when the questionnaire has any: Continue or Skip) → questionnaire
 * → submitting → closed (submitted) | questionnaire (422: messages under the fields) | error (the card).
 * Closing once an answer was given asks first (Leave / Stay); nothing closes while submitting.
 */

export type DialogStep = 'closed' | 'choose' | 'prerequisites' | 'questionnaire' | 'submitting' | 'error';

/** A problem with one answer (the domain's validateResponse, or the API's 422 at its linkId). */
export interface AnswerProblem {
  linkId: string;
  message: string;
}

export interface AssessmentDialogState {
  step: DialogStep;
  questionnaireId: string | null;
  /** Whether the chosen questionnaire has a prerequisites step (Back from the questionnaire returns to it). */
  hasPrerequisites: boolean;
  /** Answers by linkId; an answer taken back is removed. */
  answers: Readonly<Record<string, unknown>>;
  /** The message under each field. */
  fieldErrors: Readonly<Record<string, string>>;
  /** A refused submission that names no field, shown above the buttons. */
  formError: string | null;
  /** The failure shown on the 'An error has occurred!' card. */
  error: string | null;
  /** The 'Leave this assessment?' prompt is open. */
  confirmingLeave: boolean;
  /** Counts the times a submission was refused at a field: each moves the focus to the first such field. */
  refusals: number;
}

export type AssessmentDialogEvent =
  | { type: 'open' }
  | { type: 'choose'; questionnaireId: string }
  | { type: 'next'; hasPrerequisites: boolean }
  | { type: 'continue' }
  | { type: 'skip' }
  | { type: 'back' }
  | { type: 'answer'; linkId: string; value: unknown }
  /** The problems of the answers as they stand (none: the request goes). */
  | { type: 'submit'; problems: readonly AnswerProblem[] }
  | { type: 'submitted' }
  /** 422 goes back to the questionnaire with its messages; any other failure shows the card. */
  | { type: 'failed'; status: number; message: string; problems: readonly AnswerProblem[] }
  | { type: 'requestClose' }
  | { type: 'stay' }
  | { type: 'leave' };

export const CLOSED: AssessmentDialogState = {
  step: 'closed',
  questionnaireId: null,
  hasPrerequisites: false,
  answers: {},
  fieldErrors: {},
  formError: null,
  error: null,
  confirmingLeave: false,
  refusals: 0,
};

/** Whether any answer was given: closing then asks first. */
export const answered = (state: AssessmentDialogState) => Object.keys(state.answers).length > 0;

/** The first message of each linkId. */
function errorsByField(problems: readonly AnswerProblem[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { linkId, message } of problems) errors[linkId] ??= message;
  return errors;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

export function assessmentDialog(state: AssessmentDialogState, event: AssessmentDialogEvent): AssessmentDialogState {
  switch (event.type) {
    case 'open':
      return state.step === 'closed' ? { ...CLOSED, step: 'choose' } : state;
    case 'choose':
      if (state.step !== 'choose') return state;
      // Another questionnaire has other items: the answers of the first do not carry over.
      return event.questionnaireId === state.questionnaireId
        ? state
        : { ...state, questionnaireId: event.questionnaireId, answers: {}, fieldErrors: {}, formError: null };
    case 'next':
      if (state.step !== 'choose' || state.questionnaireId === null) return state;
      return { ...state, hasPrerequisites: event.hasPrerequisites, step: event.hasPrerequisites ? 'prerequisites' : 'questionnaire' };
    case 'continue':
    case 'skip':
      return state.step === 'prerequisites' ? { ...state, step: 'questionnaire' } : state;
    case 'back':
      if (state.step === 'prerequisites') return { ...state, step: 'choose' };
      if (state.step === 'questionnaire') return { ...state, step: state.hasPrerequisites ? 'prerequisites' : 'choose', formError: null };
      return state;
    case 'answer': {
      if (state.step !== 'questionnaire') return state;
      const { [event.linkId]: _previous, ...answers } = state.answers;
      const { [event.linkId]: _error, ...fieldErrors } = state.fieldErrors;
      return { ...state, answers: isBlank(event.value) ? answers : { ...answers, [event.linkId]: event.value }, fieldErrors, formError: null };
    }
    case 'submit':
      if (state.step !== 'questionnaire') return state;
      if (event.problems.length > 0) return { ...state, fieldErrors: errorsByField(event.problems), refusals: state.refusals + 1 };
      return { ...state, step: 'submitting', fieldErrors: {}, formError: null };
    case 'submitted':
      return state.step === 'submitting' ? CLOSED : state;
    case 'failed': {
      if (state.step !== 'submitting') return state;
      if (event.status !== 422) return { ...state, step: 'error', error: event.message };
      const fieldErrors = errorsByField(event.problems);
      const named = Object.keys(fieldErrors).length > 0;
      return { ...state, step: 'questionnaire', fieldErrors, formError: named ? null : event.message, refusals: named ? state.refusals + 1 : state.refusals };
    }
    case 'requestClose':
      if (state.step === 'closed' || state.step === 'submitting') return state;
      // After a failure the answers cannot be sent anyway: the card closes at once.
      if (state.step !== 'error' && answered(state)) return { ...state, confirmingLeave: true };
      return CLOSED;
    case 'stay':
      return { ...state, confirmingLeave: false };
    case 'leave':
      return state.confirmingLeave ? CLOSED : state;
  }
}

/** The request of POST /patients/{id}/assessments. */
export function assessmentRequest(questionnaireId: string, answers: Readonly<Record<string, unknown>>) {
  return { workflow_name: questionnaireId, questionnaire_response: { answers: { ...answers } } };
}
