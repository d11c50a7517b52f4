import type { ApiRecord, DataProvider, ListResult } from '../../api/dataProvider';
import type { ListPlan } from './listPlan';

/** At most this many records of a lookup search (Patient Name on devices) narrow the list: the API's largest page. */
const LOOKUP_LIMIT = 500;

/** One page of a list as its plan asks, with a lookup search resolved to `target[in]` first. */
export async function fetchListPage(dataProvider: DataProvider, resource: string, plan: Pick<ListPlan, 'params' | 'search'>): Promise<ListResult<ApiRecord>> {
  const { search, params } = plan;
  if (search.kind === 'nothing') return { data: [], total: 0 };
  if (search.kind !== 'lookup') return dataProvider.getList(resource, params);
  const found = await dataProvider.getList(search.resource, { filter: search.filter, pagination: { page: 1, perPage: LOOKUP_LIMIT } });
  if (found.data.length === 0) return { data: [], total: 0 };
  return dataProvider.getList(resource, { ...params, filter: { ...params.filter, [`${search.target}[in]`]: found.data.map((r) => r.id) } });
}
