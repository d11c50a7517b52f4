import type { QueryClient } from '@tanstack/react-query';
import type { ApiRecord, DataProvider, Id } from '../../../api/dataProvider';
import { resourceQueries } from '../../../api/queryOptions';
import { getPath } from '../../core/context';
import type { ResolvedFieldView } from '../../core/fieldViews';

/**
 * Fetches the records that a page's reference cells point to with one getMany (filter id[in]) per
 * column, and seeds each record's query, so that ten rows cost one request rather than ten. A
 * failure is left to the cells, which then fetch one by one.
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
      try {
        for (const record of await dataProvider.getMany(String(column.options.resource), missing)) {
          queryClient.setQueryData(queries.one(dataProvider, record.id).queryKey, record);
        }
      } catch {
        // Each cell fetches its own record instead.
      }
    }),
  );
}
