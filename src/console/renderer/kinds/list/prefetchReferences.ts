import type { QueryClient } from '@tanstack/react-query';
import type { ApiRecord, DataProvider, Id } from '../../../api/dataProvider';
import { resourceQueries } from '../../../api/queryOptions';
import { getPath } from '../../core/context';
import type { ResolvedFieldView } from '../../core/fieldViews';

/**
 * Fetches the records that a page's reference cells point to with one getMany (filter id[in]) per
 * column, and answers each record's query from it, so that ten rows cost one request rather than
 * ten. Each record's query is in flight from the start (not seeded after the batch returns): the
 * cells, drawn with the rows, join it instead of each fetching its record alone. A record the batch
 * lacks, or a failed batch, is left to the cells, which then fetch one by one (their retry).
 */
export async function prefetchReferences(
  queryClient: QueryClient,
  dataProvider: DataProvider,
  columns: readonly ResolvedFieldView[],
  rows: readonly ApiRecord[],
) {
  const references = columns.filter((column) => column.cell === 'reference' && typeof column.options.resource === 'string');
  await Promise.all(
    references.map(async (column) => {
      const queries = resourceQueries(String(column.options.resource));
      const ids = [...new Set(rows.map((row) => getPath(row, column.field)).filter((id): id is Id => typeof id === 'number' || typeof id === 'string'))];
      const missing = ids.filter((id) => queryClient.getQueryData(queries.one(dataProvider, id).queryKey) === undefined);
      if (missing.length === 0) return;
      const batch = dataProvider
        .getMany(String(column.options.resource), missing)
        .then((records) => new Map(records.map((record) => [String(record.id), record])));
      await Promise.all(
        missing.map((id) =>
          // prefetchQuery never throws: a failure is the record's query's error, which its cell retries with its own fetch.
          queryClient.prefetchQuery({
            ...queries.one(dataProvider, id),
            queryFn: async () => {
              const record = (await batch).get(String(id));
              if (!record) throw new Error(`${String(column.options.resource)} ${String(id)} was not in the page's references`);
              return record;
            },
          }),
        ),
      );
    }),
  );
}
