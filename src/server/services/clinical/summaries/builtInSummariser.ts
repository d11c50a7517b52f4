import { writeSummary } from '../../../../domain/clinical/summary';
import type { Summariser } from './summariser';

/**
 * The summariser that needs no network (the demo's, the tests', and any deployment without a
 * model): factual sentences over the period's facts (src/domain/clinical/summary.ts), which say
 * themselves that no language model wrote them.
 */
export const builtInSummariser: Summariser = {
  summarise: async (facts) => Promise.resolve({ content: writeSummary(facts), method: 'built-in' }),
};
