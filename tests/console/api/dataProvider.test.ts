import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../../src/console/api/dataProvider';
import { HttpError } from '../../../src/console/api/httpError';
import { useMswServer } from '../helpers/msw';

const server = useMswServer();
const API = 'http://api.test/api';
const dataProvider = createDataProvider((path, init) => fetch(`${API}${path}`, init));

interface Seen {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
}
function capture(method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, answer: () => Response) {
  const seen: Seen[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      const type = request.headers.get('Content-Type') ?? '';
      const body = type.includes('json') ? await request.json() : type.includes('multipart') ? await request.formData() : undefined;
      seen.push({ url: new URL(request.url), method: request.method, headers: request.headers, body });
      return answer();
    }),
  );
  return seen;
}

describe('the data provider (spec 000 section 7)', () => {
  it('getList sends sort, order, skip, limit, filter and Range, and reads the total from Content-Range', async () => {
    const seen = capture('get', '/devices', () => HttpResponse.json([{ id: 1 }, { id: 2 }], { headers: { 'Content-Range': 'devices 10-11/12' } }));
    const result = await dataProvider.getList('devices', {
      sort: { field: 'added_on', order: 'desc' },
      pagination: { page: 2, perPage: 10 },
      filter: { 'device_type[eq]': 'glucometer', q: { field: 'external_id', value: '3569' } },
    });
    expect(result).toEqual({ data: [{ id: 1 }, { id: 2 }], total: 12 });
    const [request] = seen;
    expect(request?.headers.get('Range')).toBe('devices=10-19');
    expect(Object.fromEntries(request?.url.searchParams ?? [])).toEqual({
      sort: 'added_on',
      order: 'desc',
      skip: '10',
      limit: '10',
      filter: JSON.stringify({ 'device_type[eq]': 'glucometer', q: { field: 'external_id', value: '3569' } }),
    });
  });

  it('serves patient-queue from the patients path, and patient-scoped lists under the patient', async () => {
    const queue = capture('get', '/patients', () => HttpResponse.json([], { headers: { 'Content-Range': 'patients 0-0/0' } }));
    await dataProvider.getList('patient-queue', { meta: { view: 'rpm' } });
    expect(queue[0]?.url.searchParams.get('meta')).toBe('{"view":"rpm"}');
    const scoped = capture('get', '/patients/3/devices', () => HttpResponse.json([{ id: 5 }], { headers: { 'Content-Range': 'devices 0-0/1' } }));
    await expect(dataProvider.getList('devices', {}, { patientId: 3 })).resolves.toEqual({ data: [{ id: 5 }], total: 1 });
    expect(scoped).toHaveLength(1);
  });

  it('getOne and getMany (filter id[in])', async () => {
    capture('get', '/devices/7', () => HttpResponse.json({ id: 7 }));
    await expect(dataProvider.getOne('devices', 7)).resolves.toEqual({ id: 7 });
    const seen = capture('get', '/providers', () => HttpResponse.json([{ id: 1 }, { id: 2 }]));
    await expect(dataProvider.getMany('providers', [1, 2])).resolves.toEqual([{ id: 1 }, { id: 2 }]);
    expect(JSON.parse(seen[0]?.url.searchParams.get('filter') ?? '')).toEqual({ 'id[in]': [1, 2] });
    await expect(dataProvider.getMany('providers', [])).resolves.toEqual([]);
  });

  it('create posts JSON; an error containing Key reads "{Resource} already exists."', async () => {
    const seen = capture('post', '/devices', () => HttpResponse.json({ id: 9, external_id: '35' }, { status: 201 }));
    await expect(dataProvider.create('devices', { external_id: '35' })).resolves.toEqual({ id: 9, external_id: '35' });
    expect(seen[0]?.body).toEqual({ external_id: '35' });
    server.use(http.post(`${API}/devices`, () => HttpResponse.json({ detail: 'Key (external_id)=(35) already exists.' }, { status: 409 })));
    await expect(dataProvider.create('devices', { external_id: '35' })).rejects.toMatchObject({ message: 'Device already exists.', status: 409 });
  });

  it('update by PUT (default) or PATCH, also patient-scoped; updateMany by PUT with ids and data; delete', async () => {
    const put = capture('put', '/devices/7', () => HttpResponse.json({ id: 7 }));
    await dataProvider.update('devices', 7, { update_action: 'mark_received' });
    expect(put[0]).toMatchObject({ method: 'PUT', body: { update_action: 'mark_received' } });
    const patch = capture('patch', '/patients/3/contacts/4', () => HttpResponse.json({ id: 4 }));
    await dataProvider.update('contacts', 4, { name: 'A' }, { method: 'PATCH', patientId: 3 });
    expect(patch[0]?.body).toEqual({ name: 'A' });
    const many = capture('put', '/devices', () => HttpResponse.json({ updated: 2 }));
    await dataProvider.updateMany('devices', [1, 2], { update_action: 'mark_received' });
    expect(many[0]?.body).toEqual({ ids: [1, 2], data: { update_action: 'mark_received' } });
    const removed = capture('delete', '/locations/10', () => new HttpResponse(null, { status: 204 }));
    await expect(dataProvider.delete('locations', 10)).resolves.toBeUndefined();
    expect(removed).toHaveLength(1);
  });

  it('uploads a file as the multipart field file, and downloads one with its name', async () => {
    const seen = capture('post', '/patients/3/consent', () => HttpResponse.json({ ok: true }));
    await dataProvider.upload('/patients/3/consent', new Blob(['%PDF'], { type: 'application/pdf' }), { kind: 'consent' });
    const form = seen[0]?.body as FormData;
    expect(form.get('kind')).toBe('consent');
    expect(form.get('file')).toBeInstanceOf(Blob);
    const download = capture(
      'get',
      '/patients/3/export',
      () => new HttpResponse('%PDF', { headers: { 'Content-Disposition': 'attachment; filename="export.pdf"' } }),
    );
    const file = await dataProvider.download('/patients/3/export', { start_date: '2026-01-01' });
    expect(file.filename).toBe('export.pdf');
    await expect(file.blob.text()).resolves.toBe('%PDF');
    expect(download[0]?.url.searchParams.get('start_date')).toBe('2026-01-01');
  });

  it('maps failed responses to HttpError in the spec words', async () => {
    server.use(
      http.get(`${API}/devices/1`, () => HttpResponse.json({ detail: [{ loc: ['query', 'filter', 'x'], msg: 'Unknown', type: 't' }] }, { status: 422 })),
      http.get(`${API}/devices/2`, () => HttpResponse.json({ detail: 'boom' }, { status: 500 })),
      http.get(`${API}/devices/3`, () => HttpResponse.json({ detail: 'Not found' }, { status: 404 })),
    );
    await expect(dataProvider.getOne('devices', 1)).rejects.toThrow('Form is missing information: query.filter.x');
    await expect(dataProvider.getOne('devices', 2)).rejects.toThrow('Internal server error');
    await expect(dataProvider.getOne('devices', 3)).rejects.toBeInstanceOf(HttpError);
  });

  it('request answers the JSON of a bespoke call', async () => {
    capture('get', '/screens', () => HttpResponse.json([{ id: 'a.b' }]));
    await expect(dataProvider.request('/screens')).resolves.toEqual([{ id: 'a.b' }]);
  });
});
