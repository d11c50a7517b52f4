import { http, HttpResponse, type JsonBodyType } from 'msw';
import { getPath } from '../../../src/console/renderer/core/context';
import { plainText } from '../../../src/console/renderer/core/format';
import { fixtureRecords } from './fixtures';

type Row = Record<string, unknown>;

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

const same = (a: unknown, b: unknown) => plainText(a ?? null) === plainText(b ?? null);

/** The API's `field[operator]` and `q` filters, enough of them for the screens' tests. */
function matches(row: Row, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, wanted]) => {
    if (key === 'q') {
      const { field, value } = wanted as { field: string; value: string };
      return plainText(getPath(row, field) ?? '')
        .toLowerCase()
        .includes(value.toLowerCase());
    }
    const [, field = key, op = 'eq'] = /^([\w.]+)(?:\[(\w+)\])?$/.exec(key) ?? [];
    const actual = getPath(row, field);
    switch (op) {
      case 'eq':
        return same(actual, wanted);
      case 'ne':
        return !same(actual, wanted);
      case 'in':
        return (wanted as unknown[]).some((value) => same(actual, value));
      case 'like':
        return plainText(actual ?? '').includes(String(wanted));
      case 'gte':
        return String(actual) >= String(wanted);
      case 'lt':
        return String(actual) < String(wanted);
      default:
        throw new Error(`fixture API: operator ${op}`);
    }
  });
}

/**
 * msw handlers serving fixture records the way the API does (docs/DESIGN.md section 3): lists with
 * filters, sort, skip and limit and a Content-Range total; one record; writes that answer the
 * record. Every request is recorded for the test to read.
 */
export function fixtureApi(records = fixtureRecords()) {
  const requests: RecordedRequest[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const entry = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    requests.push(entry);
    return entry;
  };
  /** One page of `rows` as the API answers a list. */
  const listPage = (name: string, rows: Row[], query: URLSearchParams) => {
    const filter = JSON.parse(query.get('filter') ?? '{}') as Record<string, unknown>;
    const sort = query.get('sort');
    const order = query.get('order') === 'desc' ? -1 : 1;
    const found = rows.filter((row) => matches(row, filter));
    if (sort) found.sort((a, b) => (plainText(getPath(a, sort) ?? '') < plainText(getPath(b, sort) ?? '') ? -order : order));
    const skip = Number(query.get('skip') ?? 0);
    const limit = Number(query.get('limit') ?? 10);
    const page = found.slice(skip, skip + limit);
    return HttpResponse.json(page as JsonBodyType, { headers: { 'Content-Range': `${name} ${skip}-${skip + page.length - 1}/${found.length}` } });
  };
  const handlers = [
    http.get('*/api/screens', () => HttpResponse.json([])),
    http.get('*/api/:resource', async ({ request, params }) => {
      const { query } = await record(request);
      const rows = records[String(params.resource)];
      if (!rows) return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
      return listPage(String(params.resource), rows, query);
    }),
    // GET /locations/{id}/details: the location with its devices counted, as the server counts them.
    http.get('*/api/locations/:id/details', async ({ request, params }) => {
      await record(request);
      const location = records.locations?.find((r) => String(r.id) === params.id);
      if (!location) return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
      const here = (records.devices ?? []).filter((d) => String(d.location_id) === params.id);
      const table = new Map<string, Row>();
      for (const d of here) {
        const key = JSON.stringify([d.device_type, d.device_manufacturer, d.device_model ?? null]);
        const row = table.get(key) ?? {
          device_type: d.device_type,
          device_manufacturer: d.device_manufacturer,
          device_model: d.device_model ?? null,
          count: 0,
        };
        table.set(key, { ...row, count: Number(row.count) + 1 });
      }
      return HttpResponse.json({
        ...location,
        total_devices: here.length,
        total_inactive_devices: here.filter((d) => d.status === 'inactive').length,
        pending_device_count: here.filter((d) => d.status === 'pending').length,
        device_count_table: [...table.values()],
      } as JsonBodyType);
    }),
    // GET /patients/{id}/conditions/summary: the symptoms grid, with no symptom reported in the 7 days to 2026-03-18.
    http.get('*/api/patients/:id/conditions/summary', async ({ request }) => {
      await record(request);
      const days = Array.from({ length: 7 }, (_, i) => `2026-03-${String(12 + i).padStart(2, '0')}`);
      return HttpResponse.json({ timeframe: 'week', start_date: days[0], end_date: days[6], days, symptoms: [] } as JsonBodyType);
    }),
    // A list under a record (GET /devices/1/one-time-fees): the child's rows whose `{parent}_id` is the record's.
    // Without such rows the request goes on to the next handler (a test's own, or msw's unhandled error).
    http.get('*/api/:parent/:id/:child', async ({ request, params }) => {
      const rows = records[String(params.child)];
      if (!rows) return undefined;
      const { query } = await record(request);
      const parent = records[String(params.parent)]?.find((r) => String(r.id) === params.id);
      if (!parent) return HttpResponse.json({ detail: 'Not found' }, { status: 404 });
      const key = `${String(params.parent).replace(/s$/, '')}_id`;
      return listPage(
        String(params.child),
        rows.filter((row) => String(row[key]) === params.id),
        query,
      );
    }),
    http.get('*/api/:resource/:id', async ({ request, params }) => {
      await record(request);
      const row = records[String(params.resource)]?.find((r) => String(r.id) === params.id);
      return row ? HttpResponse.json(row as JsonBodyType) : HttpResponse.json({ detail: 'Not found' }, { status: 404 });
    }),
    http.put('*/api/:resource/:id', async ({ request, params }) => {
      const { body } = await record(request);
      const row = records[String(params.resource)]?.find((r) => String(r.id) === params.id);
      return HttpResponse.json({ ...row, ...(body as Row) } as JsonBodyType);
    }),
    http.put('*/api/:resource', async ({ request }) => {
      const { body } = await record(request);
      return HttpResponse.json(body as JsonBodyType);
    }),
    http.post('*/api/:resource', async ({ request }) => {
      const { body } = await record(request);
      return HttpResponse.json({ id: 999, ...(body as Row) } as JsonBodyType, { status: 201 });
    }),
  ];
  // `record` is for a test's own extra handlers, so their requests are read like the others.
  return { handlers, requests, records, record };
}
