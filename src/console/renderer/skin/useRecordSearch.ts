import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider } from '../../api/DataProviderContext';
import type { Filter } from '../../api/dataProvider.utils';
import { resourceQueries } from '../../api/queryOptions';
import { getPath } from '../core/context';
import { plainText } from '../core/format';
import type { ChosenRecord } from '../core/filterQueries';
import { useDebouncedValue } from './useDebouncedValue';

interface RecordSearch {
  resource: string;
  /** The field shown for a record (`name`, `user.full_name`). */
  labelPath: string;
  /** The field searched with q; the label's field unless given. */
  searchField?: string | undefined;
  minLength: number;
  debounceMs: number;
  perPage: number;
  /** Fixed filters of the offered records. */
  filter?: Filter | undefined;
  disabled?: boolean | undefined;
}

/**
 * The records offered for what is typed: a page of the resource searched with q once typing has
 * paused and at least `minLength` characters are there, each as its id and label. The previous
 * options stay while the next ones load; a failed search gives its message.
 */
export function useRecordSearch({ resource, labelPath, searchField, minLength, debounceMs, perPage, filter, disabled }: RecordSearch) {
  const [typed, setTyped] = useState('');
  const text = useDebouncedValue(typed.trim(), debounceMs);
  const search: Filter = text === '' ? {} : { q: { field: searchField ?? labelPath, value: text } };
  const query = useQuery({
    ...resourceQueries(resource).list(useDataProvider(), { filter: { ...filter, ...search }, pagination: { page: 1, perPage } }),
    enabled: text.length >= minLength && !disabled,
    placeholderData: keepPreviousData,
  });
  const options: ChosenRecord[] = (query.data?.data ?? []).map((row) => ({ id: row.id, label: plainText(getPath(row, labelPath) ?? `#${String(row.id)}`) }));
  /** A search that failed says so, rather than offering nobody (an empty list would read as "no one matches"). */
  const failure = query.isError ? query.error.message : undefined;
  return { options, setTyped, failure };
}
