import type { ListBody } from '../../../../schemas/screen';

/**
 * The tab a list's address names in the definition's `tabParam` (`/patients?status=consented`),
 * else the first tab, the default: with no parameter, or one naming a tab the list does not have.
 * Null for a list without tabs.
 */
export function tabInQuery(body: ListBody, query: URLSearchParams): string | null {
  const tabs = body.tabs ?? [];
  const named = body.tabParam === undefined ? null : query.get(body.tabParam);
  return tabs.find((tab) => tab.key === named)?.key ?? tabs[0]?.key ?? null;
}

/**
 * The address query once a tab is chosen: the parameter holds its key, other parameters stay. The
 * default tab leaves the parameter out, so that the list's plain address stays plain (/patients).
 */
export function queryWithTab(body: ListBody, query: URLSearchParams, tab: string): URLSearchParams {
  const next = new URLSearchParams(query);
  if (body.tabParam === undefined) return next;
  if (tab === body.tabs?.[0]?.key) next.delete(body.tabParam);
  else next.set(body.tabParam, tab);
  return next;
}
