import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ICD10_SEARCH_MIN } from '../../../domain/billing/claims';
import { useDataProvider } from '../../api/DataProviderContext';
import { resourceQueries } from '../../api/queryOptions';
import { useDebouncedValue } from '../../renderer/skin/useDebouncedValue';
import type { Icd10Code } from './recentIcd10Codes';

/** Spec 000 section 9: a combobox searches after a 300 ms pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;
/** How many codes a search offers at once (the API gives at most 50). */
const SEARCH_ROWS = 20;

const icd10Queries = resourceQueries('icd10');
const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const asCode = (row: Record<string, unknown>): Icd10Code => ({ code: text(row.code ?? row.id), description: text(row.description) });

/**
 * The codes GET icd10 finds for what is typed (`filter={"q": "E11"}`), once typing has paused and
 * there are 3 characters (spec 002 section 5): codes that start with it first, then those whose
 * description holds its words. `settled` says the options answer the text as it is now.
 */
export function useIcd10Search(typed: string) {
  const text = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = text.length >= ICD10_SEARCH_MIN;
  const query = useQuery({
    ...icd10Queries.list(useDataProvider(), { filter: { q: text }, pagination: { page: 1, perPage: SEARCH_ROWS } }),
    enabled,
    placeholderData: keepPreviousData,
  });
  return {
    options: enabled ? (query.data?.data ?? []).map(asCode) : [],
    settled: enabled && text === typed.trim() && !query.isFetching && query.isSuccess,
    failure: enabled && query.isError ? query.error.message : undefined,
  };
}

/** The descriptions of the codes given (those a claim holds: `filter={"id[in]": [...]}`), by code; nothing is asked for none. */
export function useIcd10Descriptions(codes: readonly string[]): ReadonlyMap<string, string> {
  const query = useQuery({ ...icd10Queries.many(useDataProvider(), codes), enabled: codes.length > 0 });
  return new Map((query.data ?? []).map((row) => [asCode(row).code, asCode(row).description]));
}
