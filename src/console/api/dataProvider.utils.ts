/** Request and response details of the data provider: query strings, ranges, paths, file names. */

export type SortOrder = 'asc' | 'desc';
export type Filter = Readonly<Record<string, unknown>>;

export interface ListParams {
  sort?: { field: string; order: SortOrder };
  /** 1-based page. */
  pagination?: { page: number; perPage: number };
  /** `field[operator]` keys and `q`: `{"status[in]": ["active"], "q": {"field": "name", "value": "north"}}`. */
  filter?: Filter;
  meta?: Readonly<Record<string, unknown>>;
}

/** Options shared by the record calls. */
export interface ScopeOptions {
  /** Serves the call under /patients/{patientId}/{resource}. */
  patientId?: number | string;
}

/** Spec 000 section 7: the patient-queue resource is served by the patients path. */
const RESOURCE_PATHS: Readonly<Record<string, string>> = { 'patient-queue': 'patients' };

export const apiResource = (resource: string): string => RESOURCE_PATHS[resource] ?? resource;

/** `/devices`, `/devices/7`, `/patients/3/devices/7`. */
export function resourcePath(resource: string, id?: number | string, scope: ScopeOptions = {}): string {
  const prefix = scope.patientId === undefined ? '' : `/patients/${encodeURIComponent(String(scope.patientId))}`;
  const suffix = id === undefined ? '' : `/${encodeURIComponent(String(id))}`;
  return `${prefix}/${apiResource(resource)}${suffix}`;
}

export function listWindow(params: ListParams): { skip: number; limit: number } {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 10 };
  return { skip: (page - 1) * perPage, limit: perPage };
}

/** `sort=added_on&order=desc&skip=0&limit=10&filter={...}&meta={...}`; empty filter and meta are left out. */
export function listQueryString(params: ListParams, extra: Filter = {}): string {
  const { skip, limit } = listWindow(params);
  const query = new URLSearchParams();
  if (params.sort) {
    query.set('sort', params.sort.field);
    query.set('order', params.sort.order);
  }
  query.set('skip', String(skip));
  query.set('limit', String(limit));
  const filter = { ...params.filter, ...extra };
  if (Object.keys(filter).length > 0) query.set('filter', JSON.stringify(filter));
  if (params.meta && Object.keys(params.meta).length > 0) query.set('meta', JSON.stringify(params.meta));
  return query.toString();
}

/** `Range: devices=0-9`. */
export function rangeHeader(resource: string, params: ListParams): string {
  const { skip, limit } = listWindow(params);
  return `${apiResource(resource)}=${skip}-${skip + limit - 1}`;
}

/**
 * The total of `Content-Range: devices 0-9/123`. Without the header (or with `*`) the total is
 * what is known: the rows before this page plus this page.
 */
export function totalFromContentRange(header: string | null, skip: number, received: number): number {
  const total = header?.match(/\/(\d+)\s*$/)?.[1];
  return total === undefined ? skip + received : Number(total);
}

/** The file name of `Content-Disposition: attachment; filename="devices.csv"`. */
export function filenameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = header.match(/filename\*=(?:UTF-8'')?([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
  return header.match(/filename="?([^";]+)"?/i)?.[1];
}

/** 'device-activities' -> 'Device activity', for messages such as '{Resource} already exists.'. */
export function resourceLabel(resource: string): string {
  const words = apiResource(resource).split('-');
  const last = words.pop() ?? '';
  const singular = last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.replace(/s$/, '');
  const text = [...words, singular].join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
