/**
 * Where a list's total is counted (issue 20): in the page's own statement, or beside it, at the same
 * time, on a connection of its own. One statement saves a round trip (a query's writes, reads, parse
 * and plan), which is most of the cost of a cheap count: one device's activities. Two at once keep
 * the answer as slow as the slower of the two instead of their sum, which is what a costly count
 * wants: a queue or a name search counting thousands of rows.
 *
 * Which one a count is cannot be told from the request, so it is measured: a list's count, by the text
 * of the list's statement (the same filters, search, sort and access make the same text, whatever
 * the values), runs apart the first time and is timed; below COUNT_APART_MS it moves into the page's statement, and
 * one request in REMEASURE_EVERY runs it apart again to time it anew (the rows grow, the values change).
 * A count at or above the bound stays apart, timed each time.
 */
export const COUNT_APART_MS = 1;
const REMEASURE_EVERY = 50;
/** At most this many statement texts are remembered; the oldest goes first. */
const KEPT = 1_000;

const counts = new Map<string, { ms: number; since: number }>();

/** Whether this count runs apart from its page (and is then to be timed with `countTimed`). */
export function countApart(statement: string): boolean {
  const known = counts.get(statement);
  if (!known || known.ms >= COUNT_APART_MS) return true;
  known.since += 1;
  if (known.since < REMEASURE_EVERY) return false;
  // This request times it again; the ones meanwhile keep it in their page's statement.
  known.since = 0;
  return true;
}

/** What a count run apart took (ms, from sending it to its answer). */
export function countTimed(statement: string, ms: number): void {
  counts.delete(statement);
  counts.set(statement, { ms, since: 0 });
  if (counts.size > KEPT) counts.delete(counts.keys().next().value as string);
}
