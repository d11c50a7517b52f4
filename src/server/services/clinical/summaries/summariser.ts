import type { SummaryFacts } from '../../../../domain/clinical/summary';

/** A summary and how it was made ('built-in', or 'model:{name}'), which the summary keeps. */
export interface WrittenSummary {
  content: string;
  method: string;
}

/**
 * What writes a patient's AI summary from the period's facts (README.md of this folder). Only the
 * facts are given: no name, no identifier, nothing the summary does not need.
 */
export interface Summariser {
  summarise(facts: SummaryFacts): Promise<WrittenSummary>;
}
