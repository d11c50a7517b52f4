import { HttpError } from '../../../api/httpError';
import type { AnswerProblem, AssessmentDialogEvent } from './assessmentDialog';

/**
 * How a refused assessment reads (spec 001 section 8): 404 "Workflow not found for patient." on the
 * 'An error has occurred!' card, a 422's messages under the fields they name
 * (`loc: ["body", "questionnaire_response", "answers", linkId]`), anything else on the card in the
 * words of the error mapping.
 */

export const ERROR_CARD_TITLE = 'An error has occurred!';
export const WORKFLOW_NOT_FOUND = 'Workflow not found for patient.';
const ANSWERS_LOCATION = ['body', 'questionnaire_response', 'answers'];

/** The console says 'Required' under a missing field (renderer README); the API and the domain say 'Field required'. */
export function answerMessage(message: string): string {
  return message === 'Field required' ? 'Required' : message;
}

/** The problems a 422 names at an answer. */
function answerProblems(body: unknown): AnswerProblem[] {
  const detail = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).detail : undefined;
  if (!Array.isArray(detail)) return [];
  return detail.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { loc, msg } = item as { loc?: unknown; msg?: unknown };
    if (!Array.isArray(loc) || typeof msg !== 'string') return [];
    const path = loc.map(String);
    const atAnswer = path.length === ANSWERS_LOCATION.length + 1 && ANSWERS_LOCATION.every((part, i) => path[i] === part);
    return atAnswer ? [{ linkId: path.at(-1) ?? '', message: answerMessage(msg) }] : [];
  });
}

/** The dialog's event for a failed submission. */
export function assessmentFailure(error: unknown): Extract<AssessmentDialogEvent, { type: 'failed' }> {
  if (!(error instanceof HttpError)) return { type: 'failed', status: 0, message: error instanceof Error ? error.message : String(error), problems: [] };
  const message = error.status === 404 && error.message === '' ? WORKFLOW_NOT_FOUND : error.message;
  return { type: 'failed', status: error.status, message, problems: error.status === 422 ? answerProblems(error.body) : [] };
}
