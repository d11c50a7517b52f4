import { createError, errorFromResponse } from './httpError';
import {
  filenameFromDisposition,
  listQueryString,
  listWindow,
  rangeHeader,
  resourceLabel,
  resourcePath,
  totalFromContentRange,
  type Filter,
  type ListParams,
  type ScopeOptions,
} from './dataProvider.utils';

/**
 * Sends a request to an API path (`/devices?limit=10`) and resolves it against the API base: the
 * shell's authenticated `fetcher` (api/client.ts) adds the bearer token; `apiFetcher` is the plain one.
 */
export type Fetcher = (path: string, init: RequestInit) => Promise<Response>;

export type Id = number | string;
export type ApiRecord = Record<string, unknown> & { id: Id };

export interface ListResult<R> {
  data: R[];
  total: number;
}

/** A read may ask the resource to expand the record (`{ meta: { expand: ['devices'] } }`, sent as `?meta=...`). */
export interface ReadOptions extends ScopeOptions {
  meta?: Readonly<Record<string, unknown>>;
}

export interface UpdateOptions extends ScopeOptions {
  /** PUT (default) replaces by `update_action` or whole record; PATCH changes the fields sent. */
  method?: 'PUT' | 'PATCH';
}

export interface Download {
  blob: Blob;
  filename: string | undefined;
}

/** The one data-access interface of the console (spec 000 section 7, "Generic data provider"). */
export interface DataProvider {
  getList<R = ApiRecord>(resource: string, params?: ListParams, scope?: ScopeOptions): Promise<ListResult<R>>;
  getOne<R = ApiRecord>(resource: string, id: Id, options?: ReadOptions): Promise<R>;
  /** GET with the filter id[in]. */
  getMany<R = ApiRecord>(resource: string, ids: readonly Id[], scope?: ScopeOptions): Promise<R[]>;
  create<R = ApiRecord>(resource: string, data: object, scope?: ScopeOptions): Promise<R>;
  update<R = ApiRecord>(resource: string, id: Id, data: object, options?: UpdateOptions): Promise<R>;
  /** PUT /{resource} with {ids, data}: the bulk updates of spec 000 section 4.1 (mark_received, bulk_update). */
  updateMany(resource: string, ids: readonly Id[], data: object): Promise<unknown>;
  delete(resource: string, id: Id, scope?: ScopeOptions): Promise<void>;
  /** POST multipart with the field `file` (and any other fields given). */
  upload<R = unknown>(path: string, file: Blob, fields?: Readonly<Record<string, string>>): Promise<R>;
  /** GET a file: `download('/patients/3/export', { start_date: '2026-01-01' })`. */
  download(path: string, query?: Readonly<Record<string, string>>): Promise<Download>;
  /** A bespoke call answered with JSON: `request('/screens')`. */
  request<R = unknown>(path: string, init?: RequestInit): Promise<R>;
}

const JSON_HEADERS = { Accept: 'application/json', 'Content-Type': 'application/json' };

async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The data provider over a fetcher. */
export function createDataProvider(fetcher: Fetcher): DataProvider {
  async function send(path: string, init: RequestInit): Promise<Response> {
    const response = await fetcher(path, init);
    if (!response.ok) throw errorFromResponse(response.status, response.statusText, await bodyOf(response));
    return response;
  }
  async function json<R>(path: string, init: RequestInit = {}): Promise<R> {
    const headers = { ...(init.body === undefined ? { Accept: 'application/json' } : JSON_HEADERS), ...init.headers };
    return (await bodyOf(await send(path, { ...init, headers }))) as R;
  }
  const write = (method: string, data: object): RequestInit => ({ method, body: JSON.stringify(data) });

  return {
    async getList<R>(resource: string, params: ListParams = {}, scope: ScopeOptions = {}) {
      const response = await send(`${resourcePath(resource, undefined, scope)}?${listQueryString(params)}`, {
        headers: { Accept: 'application/json', Range: rangeHeader(resource, params) },
      });
      const data = (await bodyOf(response)) as R[];
      const total = totalFromContentRange(response.headers.get('Content-Range'), listWindow(params).skip, data.length);
      return { data, total };
    },
    getOne: <R>(resource: string, id: Id, { meta, ...scope }: ReadOptions = {}) => {
      const query = meta && Object.keys(meta).length > 0 ? `?${new URLSearchParams({ meta: JSON.stringify(meta) }).toString()}` : '';
      return json<R>(`${resourcePath(resource, id, scope)}${query}`);
    },
    async getMany<R>(resource: string, ids: readonly Id[], scope: ScopeOptions = {}) {
      if (ids.length === 0) return [];
      const filter: Filter = { 'id[in]': ids };
      const query = listQueryString({ filter, pagination: { page: 1, perPage: ids.length } });
      return json<R[]>(`${resourcePath(resource, undefined, scope)}?${query}`);
    },
    async create<R>(resource: string, data: object, scope: ScopeOptions = {}) {
      try {
        return await json<R>(resourcePath(resource, undefined, scope), write('POST', data));
      } catch (error) {
        throw createError(error, resourceLabel(resource));
      }
    },
    update: <R>(resource: string, id: Id, data: object, { method = 'PUT', ...scope }: UpdateOptions = {}) =>
      json<R>(resourcePath(resource, id, scope), write(method, data)),
    updateMany: (resource, ids, data) => json(resourcePath(resource), write('PUT', { ids, data })),
    async delete(resource, id, scope = {}) {
      await send(resourcePath(resource, id, scope), { method: 'DELETE', headers: { Accept: 'application/json' } });
    },
    async upload<R>(path: string, file: Blob, fields: Readonly<Record<string, string>> = {}) {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      form.append('file', file);
      return (await bodyOf(await send(path, { method: 'POST', body: form, headers: { Accept: 'application/json' } }))) as R;
    },
    async download(path, query = {}) {
      const search = new URLSearchParams(query).toString();
      const response = await send(search ? `${path}?${search}` : path, {});
      return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('Content-Disposition')) };
    },
    request: json,
  };
}

/** A fetcher without credentials that puts API paths under `base` on this origin (public calls, tests). */
export function apiFetcher(base = '/api'): Fetcher {
  return (path, init) => fetch(new URL(`${base}${path}`, window.location.origin), init);
}
