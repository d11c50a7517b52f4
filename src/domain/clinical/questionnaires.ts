import type { Questionnaire } from './questionnaireSchema';
import asthmaControl from './questionnaires/asthma-control.json';
import ckdSymptomCheck from './questionnaires/ckd-symptom-check.json';
import copdSymptomCheck from './questionnaires/copd-symptom-check.json';
import diabetesGlucoseSymptoms from './questionnaires/diabetes-glucose-symptoms.json';
import generalHealthCheck from './questionnaires/general-health-check.json';
import heartFailureDaily from './questionnaires/heart-failure-daily.json';
import phq4 from './questionnaires/phq-4.json';
import { triageRank, type TriageCode } from './triage';

/**
 * The assessments a clinician runs from the record (spec 001 sections 2 and 4, "Assessment dialog:
 * choose an assessment, then prerequisites ... then questionnaire, then submit"), kept as data in
 * ./questionnaires/*.json, each naming its source. README.md says how to add one.
 */

type Item = Questionnaire['items'][number];

/**
 * Every questionnaire, condition-specific ones first. The files are checked against
 * questionnaireSchema (and for contiguous bands) by tests/domain/clinical.questionnaires.test.ts,
 * which is what makes these casts safe.
 */
export const QUESTIONNAIRES: readonly Questionnaire[] = [
  asthmaControl as Questionnaire,
  copdSymptomCheck as Questionnaire,
  diabetesGlucoseSymptoms as Questionnaire,
  heartFailureDaily as Questionnaire,
  ckdSymptomCheck as Questionnaire,
  generalHealthCheck as Questionnaire,
  phq4 as Questionnaire,
];

/** The questionnaires offered for a primary condition (Asthma, COPD ...): its own and those for every patient ("*"). */
export function questionnairesFor(primaryCondition: string | null | undefined): Questionnaire[] {
  return QUESTIONNAIRES.filter((q) => q.conditions.some((condition) => condition === '*' || condition === primaryCondition));
}

/** A questionnaire by its id (an assessment's workflow_name). */
export function findQuestionnaire(id: string): Questionnaire | undefined {
  return QUESTIONNAIRES.find((q) => q.id === id);
}

/** A problem with one answer, at the item's linkId; the messages read as the API's other 422 answers do. */
export interface AnswerError {
  linkId: string;
  message: string;
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

function answerError(item: Item, value: unknown): string | null {
  switch (item.type) {
    case 'choice': {
      const values = (item.options ?? []).map((option) => option.value);
      return typeof value === 'number' && values.includes(value) ? null : `Input should be one of ${values.join(', ')}`;
    }
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Input should be a valid boolean';
    case 'integer':
      if (typeof value !== 'number' || !Number.isInteger(value)) return 'Input should be a valid integer';
      if (item.min !== undefined && value < item.min) return `Input should be greater than or equal to ${item.min}`;
      if (item.max !== undefined && value > item.max) return `Input should be less than or equal to ${item.max}`;
      return null;
  }
}

/**
 * What is wrong with a response, item by item in the questionnaire's order: a required answer
 * missing ('Field required'), a choice not among the options, a boolean or integer of the wrong kind
 * or out of its bounds; then answers to no item ('Extra inputs are not permitted'). Empty when valid.
 */
export function validateResponse(q: Questionnaire, answers: Record<string, unknown>): AnswerError[] {
  const errors: AnswerError[] = [];
  for (const item of q.items) {
    const value = answers[item.linkId];
    if (isBlank(value)) {
      if (item.required) errors.push({ linkId: item.linkId, message: 'Field required' });
      continue;
    }
    const message = answerError(item, value);
    if (message !== null) errors.push({ linkId: item.linkId, message });
  }
  const known = new Set(q.items.map((item) => item.linkId));
  for (const linkId of Object.keys(answers)) {
    if (!known.has(linkId)) errors.push({ linkId, message: 'Extra inputs are not permitted' });
  }
  return errors;
}

/** The points of an answer: a choice its option's value, a boolean 1 when true, an integer itself; no answer 0. */
function itemScore(item: Item, value: unknown): number {
  if (item.type === 'boolean') return value === true ? 1 : 0;
  return typeof value === 'number' ? value : 0;
}

/** The highest total a questionnaire can score: each item's highest answer, summed. */
export function maxScore(q: Questionnaire): number {
  return q.items.reduce((sum, item) => {
    switch (item.type) {
      case 'choice':
        return sum + Math.max(0, ...(item.options ?? []).map((option) => option.value));
      case 'boolean':
        return sum + 1;
      case 'integer':
        return sum + (item.max ?? 0);
    }
  }, 0);
}

/** A scored response, as an assessment run's result holds it. */
export interface ResponseScore {
  score: number;
  max_score: number;
  triage: TriageCode;
  interpretation: string;
}

/**
 * Scores a valid response (validateResponse first; an invalid one throws a RangeError): the sum of
 * its answers' points, the triage band the sum falls in, and the red flags its answers raise. A red
 * flag overrides the band when it is as urgent or more (TRIAGE_ORDER: LOW, MEDIUM, TEST, DOC, ER);
 * of several, the most urgent, the first listed among equals. The interpretation is the winner's.
 */
export function scoreResponse(q: Questionnaire, answers: Record<string, unknown>): ResponseScore {
  const errors = validateResponse(q, answers);
  if (errors.length > 0) {
    throw new RangeError(`Invalid response to ${q.id}: ${errors.map((e) => `${e.linkId}: ${e.message}`).join('; ')}`);
  }
  const score = q.items.reduce((sum, item) => sum + itemScore(item, answers[item.linkId]), 0);
  const band = q.triage.find((b) => score >= b.min && score <= b.max);
  if (band === undefined) throw new RangeError(`No triage band of ${q.id} holds the score ${score}`);
  let chosen: { code: string; interpretation: string } = band;
  let chosenIsFlag = false;
  for (const flag of q.redFlags ?? []) {
    if (!(flag.values as readonly unknown[]).includes(answers[flag.linkId])) continue;
    const rank = triageRank(flag.code);
    const current = triageRank(chosen.code);
    if (rank > current || (rank === current && !chosenIsFlag)) {
      chosen = flag;
      chosenIsFlag = true;
    }
  }
  return { score, max_score: maxScore(q), triage: chosen.code, interpretation: chosen.interpretation };
}
