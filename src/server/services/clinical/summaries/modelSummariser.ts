import type { SummaryFacts } from '../../../../domain/clinical/summary';
import { HttpError } from '../../../errors';
import type { Summariser } from './summariser';

export interface ModelSettings {
  /** An OpenAI-compatible chat completions endpoint: `https://host/v1/chat/completions` (SUMMARY_LLM_URL). */
  url: string;
  model: string;
  apiKey: string | undefined;
  timeoutMs: number;
}

const INSTRUCTIONS =
  'You summarise remote patient monitoring data for a clinician. Use only the facts given, in JSON. ' +
  'Write 3 to 6 short factual sentences: readings and their trend against the 7-day baseline, out-of-range days, ' +
  'symptoms, assessments and their triage, care time, tasks, and device gaps. No advice, no diagnosis, no speculation.';

/**
 * A summariser over an OpenAI-compatible chat completions endpoint (SUMMARY_LLM_URL, SUMMARY_LLM_MODEL,
 * SUMMARY_LLM_API_KEY). The request carries only the period's facts as JSON (no name, no identifier).
 * A failure or a timeout is a 502 naming the cause; nothing is stored then.
 */
export function modelSummariser(settings: ModelSettings, fetchImpl: typeof fetch = fetch): Summariser {
  return {
    async summarise(facts: SummaryFacts) {
      let response: Response;
      try {
        response = await fetchImpl(settings.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}) },
          body: JSON.stringify({
            model: settings.model,
            temperature: 0,
            messages: [
              { role: 'system', content: INSTRUCTIONS },
              { role: 'user', content: JSON.stringify(facts) },
            ],
          }),
          signal: AbortSignal.timeout(settings.timeoutMs),
        });
      } catch {
        throw new HttpError(502, 'The summary model could not be reached');
      }
      if (!response.ok) throw new HttpError(502, `The summary model answered ${String(response.status)}`);
      const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
      const content = body?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || content.trim() === '') throw new HttpError(502, 'The summary model gave no summary');
      return { content: content.trim(), method: `model:${settings.model}` };
    },
  };
}
