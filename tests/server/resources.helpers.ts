import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { signIn } from './helpers/testApp';

/** The ten demo accounts that may use the console (spec: patients are refused). */
export const INTERNAL_ACCOUNTS = {
  superadmin: 'superadmin@demo.example',
  internal_admin: 'internal.admin@demo.example',
  internal_billing_admin: 'internal.billing@demo.example',
  internal_clinician: 'internal.clinician@demo.example',
} as const;
export const PROVIDER_ROLES = ['admin', 'clinician', 'staff'] as const;
export const TENANTS = ['northwind', 'lakeside'] as const;
export type TenantSlug = (typeof TENANTS)[number];

export interface ApiAnswer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
}

/** A signed-in caller of the API: `get('/api/devices', {limit: 5})`, `send('PATCH', '/api/devices/3', {...})`. */
export interface Client {
  get(url: string, query?: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiAnswer>;
  send(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<ApiAnswer>;
  /** Sends `text` as it is, as a JSON body. */
  sendText(method: 'POST' | 'PUT' | 'PATCH', url: string, text: string): Promise<ApiAnswer>;
}

/** Query values that are not strings (filter, meta objects) travel as JSON, as the console's data provider sends them. */
const queryString = (query: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));

export async function clientFor(app: FastifyInstance, email: string): Promise<Client> {
  const { authorization } = await signIn(app, email);
  const answer = (r: Awaited<ReturnType<FastifyInstance['inject']>>): ApiAnswer => ({
    status: r.statusCode,
    body: r.body ? (JSON.parse(r.body) as unknown) : undefined,
    headers: r.headers,
  });
  return {
    get: async (url, query = {}, headers = {}) =>
      answer(await app.inject({ method: 'GET', url, query: queryString(query), headers: { authorization, ...headers } })),
    send: async (method, url, body) =>
      answer(await app.inject({ method, url, headers: { authorization }, ...(body === undefined ? {} : { payload: body as object }) })),
    sendText: async (method, url, text) =>
      answer(await app.inject({ method, url, headers: { authorization, 'content-type': 'application/json' }, payload: text })),
  };
}

/** Ids of the demo tenants by slug. */
export async function tenantIds(app: FastifyInstance): Promise<Record<TenantSlug, number>> {
  const rows = await app.db
    .selectFrom('tenants')
    .select(['id', 'slug'])
    .where('slug', 'in', [...TENANTS])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.slug, r.id])) as Record<TenantSlug, number>;
}

/** A fingerprint of a whole table (row count and a hash of every row), to show that a refused request changed nothing. */
export async function tableFingerprint(app: FastifyInstance, table: string): Promise<string> {
  const result = await sql<{ n: number; digest: string | null }>`
    select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.table(table)} t`.execute(app.db);
  const row = result.rows[0];
  return `${row?.n}:${row?.digest}`;
}

/** The 422 shape of the spec: `{"detail": [{"loc": [...], "msg": "...", "type": "..."}]}`, with the expected location. */
export function isValidationError(answer: ApiAnswer, loc: (string | number)[]): boolean {
  const detail = (answer.body as { detail?: unknown })?.detail;
  return (
    answer.status === 422 &&
    Array.isArray(detail) &&
    detail.length > 0 &&
    detail.every((d: { loc?: unknown; msg?: unknown; type?: unknown }) => Array.isArray(d.loc) && typeof d.msg === 'string' && typeof d.type === 'string') &&
    JSON.stringify((detail[0] as { loc: unknown[] }).loc) === JSON.stringify(loc)
  );
}
