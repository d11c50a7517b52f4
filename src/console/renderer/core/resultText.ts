import type { ResultText } from '../../../../schemas/screen';
import type { AnyCondition } from './conditionRegistry';
import { evaluateCondition } from './conditions';
import type { EvalContext } from './context';
import { fillTemplate } from './templates';

/** The toast of a request that succeeded: its words and its tone. */
export interface ResultToast {
  message: string;
  tone: 'success' | 'warning';
}

/**
 * The toast of a request that succeeded: the definition's text, or the first of its texts whose
 * condition holds, filled from the context (the answer is under `response`), with that text's tone
 * (success unless it says warning); undefined when none applies, so the caller falls back to its default.
 * `resultText([{when: {eq: ['response.existing_imeis', []]}, text: '{response.created_devices|count} devices created successfully.'}, ...], context)`.
 */
export function resultText(text: ResultText | undefined, context: EvalContext): ResultToast | undefined {
  if (text === undefined) return undefined;
  if (typeof text === 'string') return { message: fillTemplate(text, context), tone: 'success' };
  const chosen = text.find((candidate) => evaluateCondition(candidate.when as AnyCondition | undefined, context));
  return chosen && { message: fillTemplate(chosen.text, context), tone: chosen.tone ?? 'success' };
}
