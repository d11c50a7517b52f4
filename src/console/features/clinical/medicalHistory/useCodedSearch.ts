import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CODED_SEARCH_MIN } from '../../../../domain/clinical/medicalHistory';
import { useDataProvider } from '../../../api/DataProviderContext';
import { useDebouncedValue } from '../../../renderer/skin/useDebouncedValue';
import { codedOptions, codedSearchPath, type CodedSource } from './codedConcepts';

/** Spec 000 section 9: a combobox searches after a 300 ms pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The concepts a coded search finds for what is typed, once typing has paused and there are 3
 * characters (spec 001 section 5). `settled` says the options answer the text as it is now.
 */
export function useCodedSearch(source: CodedSource, typed: string, category?: string) {
  const dataProvider = useDataProvider();
  const text = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const enabled = text.length >= CODED_SEARCH_MIN;
  const path = codedSearchPath(source, text, category);
  const query = useQuery({
    queryKey: ['coded-search', path],
    queryFn: () => dataProvider.request<unknown>(path),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
  return {
    options: enabled ? codedOptions(source, query.data) : [],
    settled: enabled && text === typed.trim() && !query.isFetching && query.isSuccess,
    failure: enabled && query.isError ? query.error.message : undefined,
  };
}
