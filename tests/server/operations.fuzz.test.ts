import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/server/resources/definitions';
import { deviceOneTimeFees } from '../../src/server/resources/definitions/deviceOneTimeFees';
import type { Resource } from '../../src/server/resources/defineResource';
import type { FieldKind } from '../../src/server/resources/fields';
import { createTestApp, DEMO_PASSWORD, signIn, type TestApp } from './helpers/testApp';

/**
 * Issue 12: a bounded, deterministic fuzz of every operation of the OpenAPI document (GET, POST,
 * PUT, PATCH, DELETE), with zero 5xx. What it proves: each operation, called by a superadmin, a
 * provider admin, a clinician and a caller without a (valid) token, with
 * - bodies where one field at a time has a wrong type (a string for an integer, an object for a
 *   string, an array, null, true for an id), a number past its column (2147483648, -1, 1e308, -0,
 *   1.5, 1e400, "NaN"), an empty, 100 KB, NUL-holding or odd text, a bad date or e-mail, or is
 *   missing; whole bodies that are an array, a string, a number, null, malformed JSON, carry
 *   unknown, duplicate, __proto__ or NUL keys, nest 31, 40 or 10,000 levels deep (the last two a
 *   413/422), weigh 200 KB, 900 KB (past the routes' own limits, under the server's 1 MB) or more
 *   than 1 MB (a 413), or come as another media type; every write with all its integers past
 *   PostgreSQL's integer and its numbers past double at once (which was
 *   operations.outOfRange.test.ts, the first step);
 * - path ids such as 0, -1, 2147483648, abc, 1e3, 1.5, %00, %C0, a 300-digit number;
 * - list queries (`filter`, `sort`, `order`, `skip`, `limit`, `meta`, `q`, Range) with malformed
 *   JSON, wrong types, unknown fields and operators, values of the wrong kind for each filterable
 *   field (dates past PostgreSQL's range, ids past integer, NUL), lists too long, and NUL anywhere;
 * answers below 500, and every 4xx in the spec's error shape (`detail`: a text, or a list of
 * `{loc, msg, type}`, also for the URL errors Fastify meets before any route: app.ts
 * `frameworkErrors`). More than 3,000 requests (about 10,500 today, 20-30 s), each operation at least MIN_PER_OPERATION times, on PGlite or on
 * PostgreSQL (DATABASE_URL).
 *
 * Nothing is skipped: GET /auth/logout ends the fuzzing caller's session, as may a write of a user
 * or a provider, so after every operation each caller's token is checked and the caller signs in
 * again when it was revoked. Records the writes point at are ones no fuzzing caller depends on
 * (other users, another provider), so that signing in again always works.
 *
 * Deterministic: every value and caller comes from a seeded PRNG (mulberry32, one sequence per
 * operation), so each run sends the same requests in the same order. A failure lists every case as
 * `CALLER METHOD url body → status answer` and names the seed. To reproduce: `FUZZ_SEED=<seed> npx
 * vitest run --project server tests/server/operations.fuzz.test.ts` (with DATABASE_URL=... for
 * PostgreSQL), and FUZZ_ONLY=<text> to send only the cases of the operations whose `METHOD /path`
 * holds that text (the same cases; the records may differ, as the earlier writes did not run).
 * Another FUZZ_SEED explores other values and callers.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x12f022);
const ONLY = process.env.FUZZ_ONLY;
/** Requests each operation gets at least (most get far more). */
const MIN_PER_OPERATION = 15;
const MIN_TOTAL = 3000;

/** mulberry32: a small, fast PRNG with a 32-bit state; the same seed gives the same sequence. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), a | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
let random = mulberry32(SEED);
/** FNV-1a of a text: each operation's own PRNG seed. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
/** `n` distinct items of `items`, in the PRNG's order. */
function sample<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy.slice(0, n);
}

// --- JSON values, some of which JSON.stringify cannot write ------------------------------------

/** JSON text sent as it is: `-0`, `1e400`, duplicate or `__proto__` keys, a lone surrogate. */
class Raw {
  constructor(readonly text: string) {}
}
type Value = null | boolean | number | string | Raw | Value[] | { [key: string]: Value };
const raw = (text: string) => new Raw(text);

function toJson(value: Value): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** `[[[...]]]` nested `depth` times around `inner`, as text. */
const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const HUGE = 'x'.repeat(100_000);
const NUL = 'a\u0000b';
const INT_PAST_MAX = 2_147_483_648;

// --- the document ---------------------------------------------------------------------------

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  allOf?: { if?: Schema; then?: Schema }[];
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

const typeOf = (schema: Schema | undefined): string | undefined => {
  if (!schema) return undefined;
  if (schema.enum) return 'enum';
  if (schema.anyOf) return 'any';
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string' && schema.format) return schema.format;
  return type ?? 'any';
};

// --- valid values, from which one thing at a time goes wrong ---------------------------------

/** Ids of real records (by the collection they come from), filled before the fuzz. */
const real: Record<string, string> = {};
/** An id no record has, within PostgreSQL's integer. */
const NO_RECORD = 2_147_483_647;

/** The id a field naming another record gets in a valid body: a real one where the fuzz may use it. */
function idFor(name: string): number {
  const from = (collection: string) => Number(real[collection] ?? NO_RECORD);
  if (name === 'patient_id' || name === 'patient_ids') return from('/api/patients');
  if (name === 'device_id') return from('/api/devices');
  if (name.endsWith('location_id')) return from('/api/locations');
  // Never a fuzzing caller's provider: a write must not disable or move it.
  if (name === 'tenant_id') return from('/api/providers');
  if (name === 'practitioner_id' || name === 'actor_id' || name.endsWith('_user_id') || name.endsWith('_by_id')) return from('/api/users');
  return NO_RECORD;
}

function validValue(schema: Schema | undefined, name: string): Value {
  const type = typeOf(schema);
  if (!schema) return null;
  if (schema.enum) return (schema.enum.find((v) => v !== null) ?? null) as Value;
  switch (type) {
    case 'integer':
      return name.endsWith('_id') || name.endsWith('_ids') ? idFor(name) : Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1));
    case 'boolean':
      return true;
    case 'date':
      return '2024-01-15';
    case 'date-time':
      return '2024-01-15T10:00:00Z';
    case 'email':
      return 'fuzz@example.com';
    case 'string':
      if (schema.pattern?.includes('[0-9]{10}')) return '1234567890';
      if (schema.pattern?.includes('[0-9]{5}')) return '12345';
      if (schema.pattern?.includes('7,25')) return '555 123 4567';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    case 'array':
      return [validValue(schema.items, name)];
    case 'object': {
      const body: Record<string, Value> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (typeOf(property) === 'any' && !property.anyOf) continue; // `{}`: read-only fields a PUT may echo
        body[key] = validValue(property, key);
      }
      // `if update_action is X then these fields`: the fields of the chosen branch.
      for (const branch of schema.allOf ?? []) {
        const [key, condition] = Object.entries(branch.if?.properties ?? {})[0] ?? [];
        if (key && condition?.enum?.includes(body[key])) {
          for (const [field, property] of Object.entries(branch.then?.properties ?? {})) {
            if (!(field in body) && typeOf(property) !== 'any') body[field] = validValue(property, field);
          }
        }
      }
      return body;
    }
    default:
      return { a: 1 };
  }
}

const isNullable = (schema: Schema) => schema.nullable === true || (Array.isArray(schema.type) && schema.type.includes('null'));

/** `base` with the values of a real record where the schema takes them, so that a body gets past the routes' rules to the database. */
function overlay(schema: Schema, base: Value, record: unknown): Value {
  if (typeOf(schema) !== 'object' || typeof record !== 'object' || record === null || Array.isArray(record)) return base;
  const body = { ...(base as Record<string, Value>) };
  for (const key of Object.keys(body)) {
    const property = schema.properties?.[key];
    const value = (record as Record<string, unknown>)[key];
    if (!property || value === undefined || (value === null && !isNullable(property))) continue;
    body[key] = typeOf(property) === 'object' ? overlay(property, body[key] ?? {}, value) : (value as Value);
  }
  return body;
}

// --- wrong values, by the type the schema asks ------------------------------------------------

const NOT_A_NUMBER: Value[] = ['12', 'abc', '', 'NaN', 'Infinity', '-Infinity', true, false, null, [], {}, [1], NUL, HUGE];
const WRONG: Record<string, Value[]> = {
  integer: [
    INT_PAST_MAX,
    -2_147_483_649,
    -1,
    0,
    raw('-0'),
    1.5,
    1e308,
    -1e308,
    raw('1e400'),
    raw('9007199254740993'),
    raw('1' + '0'.repeat(400)),
    ...NOT_A_NUMBER,
  ],
  number: [1e308, -1e308, raw('1e400'), raw('-1e400'), raw('-0'), INT_PAST_MAX, -1, raw(`0.${'1'.repeat(1000)}`), ...NOT_A_NUMBER],
  string: [123, 0, true, null, {}, [], ['x'], '', ' ', NUL, '\u0000', HUGE, 'x'.repeat(1025), raw('"\\ud800"'), '\u202e\ufeff', "' or 1=1 --", '%_\\'],
  boolean: ['true', 'false', 1, 0, null, 'yes', '', {}, [], [true], NUL],
  enum: ['not-a-value', 1, null, '', {}, [], NUL, HUGE],
  array: ['x', {}, null, 1, true, [null], [[]], [{}], [NUL], [HUGE], raw(nested(31)), Array.from({ length: 1001 }, (_, i) => i + 1)],
  object: [
    'x',
    [],
    null,
    1,
    true,
    raw('{"__proto__":{"polluted":1}}'),
    raw('{"constructor":{"prototype":{"polluted":1}}}'),
    { unknown_field: 1 },
    { 'a\u0000': 1 },
    raw(`{"a":${nested(30)}}`),
  ],
  date: ['2024-02-30', '0000-01-01', '99999-12-31', '294277-01-01', 'infinity', '-infinity', '2024-1-1', 'today', '1e3', '2024-01-01T25:61:00Z', 20240101],
  'date-time': [
    '2024-01-01T25:61:00Z',
    '294277-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '2024-01-01T00:00:00+99:00',
    'infinity',
    '2024-13-01T00:00:00Z',
    '2024-01-01',
    1704067200,
  ],
  email: ['not-an-email', 'a@b', '@', 'a\u0000@b.c', `${'x'.repeat(400)}@example.com`, 'x@example.com\n'],
  any: [null, 1, 'x', true, [], {}, NUL, HUGE, raw(nested(31)), raw('1e400')],
};
const wrongFor = (schema: Schema | undefined): Value[] => WRONG[typeOf(schema) ?? 'any'] ?? WRONG.any ?? [];

/** The schema's integers past PostgreSQL's integer and numbers past double, all at once (texts short, so that the body gets past length rules). */
function extreme(schema: Schema | undefined): Value {
  if (schema?.enum) return (schema.enum[0] ?? null) as Value;
  switch (typeOf(schema)) {
    case 'integer':
      return INT_PAST_MAX;
    case 'number':
      return 1e308;
    case 'boolean':
      return true;
    case 'array':
      return [extreme(schema?.items)];
    case 'object':
      return Object.fromEntries(Object.entries(schema?.properties ?? {}).map(([name, property]) => [name, extreme(property)]));
    case 'any':
      return INT_PAST_MAX;
    default:
      return 'x';
  }
}

/** A copy of `body` with the value at `path` replaced (or removed when `value` is undefined). */
function withValue(body: Value, path: readonly string[], value: Value | undefined): Value {
  if (path.length === 0) return value ?? null;
  const [head = '', ...rest] = path;
  if (Array.isArray(body)) {
    const copy = [...body];
    copy[Number(head)] = withValue(copy[Number(head)] ?? null, rest, value);
    return copy;
  }
  const copy = { ...(body as Record<string, Value>) };
  if (rest.length === 0 && value === undefined) delete copy[head];
  else copy[head] = withValue(copy[head] ?? {}, rest, value);
  return copy;
}

/** The fields of a body schema to break one at a time: top-level fields, those of nested objects, and the first item of arrays. */
function fieldsOf(schema: Schema, prefix: string[] = [], depth = 0): { path: string[]; schema: Schema; required: boolean }[] {
  const fields: { path: string[]; schema: Schema; required: boolean }[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (typeOf(property) === 'any' && !property.anyOf) continue;
    const path = [...prefix, name];
    fields.push({ path, schema: property, required: schema.required?.includes(name) ?? false });
    if (depth < 2 && typeOf(property) === 'object') fields.push(...fieldsOf(property, path, depth + 1));
    if (depth < 2 && typeOf(property) === 'array' && property.items) {
      fields.push({ path: [...path, '0'], schema: property.items, required: false });
      if (typeOf(property.items) === 'object') fields.push(...fieldsOf(property.items, [...path, '0'], depth + 1));
    }
  }
  return fields;
}

// --- the cases of one operation ---------------------------------------------------------------

interface Case {
  path: string;
  /** The caller, when it must be this one (otherwise the PRNG picks). */
  role?: keyof typeof ROLES;
  /** The statuses the (signed-in) caller must get, when the fuzz knows them. */
  expected?: readonly number[];
  query?: string;
  payload?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

const BAD_IDS = [
  '0',
  '-1',
  '-0',
  '2147483648',
  '99999999999999999999',
  '9'.repeat(300),
  'abc',
  '1e3',
  '1.5',
  '0x1f',
  '%00',
  '1%00',
  '%20',
  '%C0',
  'null',
  '%E2%80%AE1',
];
const ANY_QUERY = ['%00=1', 'a=%00', 'filter=%00', `x=${'y'.repeat(20_000)}`, 'limit=1&limit=2', 'meta=%7B'];

/** The engine's resources by URL segment (`devices`), for filters that name their fields. */
const RESOURCE_BY_NAME = new Map<string, Resource>([...RESOURCES, deviceOneTimeFees].map((r) => [r.name, r]));
const resourceOf = (template: string) =>
  RESOURCE_BY_NAME.get(
    template
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .at(-1) ?? '',
  );

const FILTER_WRONG: Record<FieldKind, Value[]> = {
  integer: [INT_PAST_MAX, -2_147_483_649, 1.5, 'abc', '1e3', 1e308, raw('1e400'), raw('-0'), true, [1], {}, NUL, ''],
  number: [1e308, raw('1e400'), 'NaN', 'Infinity', 'abc', true, {}, NUL],
  date: ['2024-02-30', '0000-01-01', '294277-01-01', '5874898-01-01', 'infinity', '-infinity', 'now', 'epoch', '1e3', 20240101, NUL, ''],
  'date-time': ['2024-01-01T25:61:00Z', '294277-01-01T00:00:00Z', '4714-11-24T00:00:00Z BC', '2024-01-01T00:00:00+99:00', 'infinity', 'now', 1e308, NUL],
  string: [123, '%', '_', '\\', NUL, 'x'.repeat(201), [], {}, true, raw('"\\ud800"')],
  enum: ['not-a-value', 1, NUL, {}, [], true],
  boolean: ['true', 1, 'yes', {}, [], NUL],
  array: ['x', 1, [null], [[]], ['not-a-value'], [NUL], {}],
  json: [{}, 'x', NUL],
};
const OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'in', 'notin', 'like', 'inall', 'bogus', 'IN', ''];
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

/** `filter` texts that are plausible but wrong: the field's own kind broken, operators that do not apply, lists too long. */
function filtersFor(resource: Resource | undefined): string[] {
  const common = [
    '{',
    '[]',
    '"x"',
    'null',
    '1',
    '{}',
    '{"":1}',
    '{"id[":1}',
    '{"id[eq]":{"$gt":1}}',
    '{"no_such_field":1}',
    '{"id[bogus]":1}',
    '{"id[like]":"x"}',
    toJson({ 'id[in]': ids(1000) }),
    toJson({ 'id[in]': [] }),
    toJson({ 'id[in]': 'x' }),
    `{"id[in]":${nested(10_000)}}`,
    `{"id[in]":${nested(40)}}`,
    '{"q":123}',
    '{"q":null}',
    '{"q":{"field":"nope","value":"x"}}',
    '{"q":{"field":"id","value":"abc"}}',
    '{"q":{"field":"id","value":99999999999}}',
    '{"q":{"value":"x","extra":1}}',
    toJson({ q: NUL }),
    toJson({ q: 'x'.repeat(201) }),
    toJson({ q: '%\\_' }),
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"id":1,"id":"x"}',
  ];
  if (!resource) return sample(common, 12);
  const filterable = [...resource.filterable];
  const own: string[] = [];
  for (let i = 0; i < 14 && filterable.length > 0; i++) {
    const path = pick(filterable);
    const field = resource.fields.get(path);
    const op = pick(OPS);
    const key = op === '' ? path : `${path}[${op}]`;
    const wrong = pick(FILTER_WRONG[field?.kind ?? 'json']);
    const value = ['in', 'notin', 'inall'].includes(op) && random() < 0.6 ? [wrong, wrong] : wrong;
    own.push(toJson({ [key]: value }));
  }
  // Every search field with a value it cannot hold, and a relation's `inall` too long.
  for (const field of resource.search) own.push(toJson({ q: { field: field.path, value: field.kind === 'integer' ? INT_PAST_MAX : NUL } }));
  for (const path of filterable.filter((p) => resource.fields.get(p)?.relation)) own.push(toJson({ [`${path}[inall]`]: ids(101) }));
  return [...sample(common, 14), ...own];
}

function metasFor(resource: Resource | undefined): string[] {
  const common = [
    '{',
    '[]',
    'null',
    '{"expand":"x"}',
    '{"expand":[1]}',
    toJson({ expand: Array<string>(21).fill('x') }),
    '{"expand":["nope"]}',
    toJson({ expand: [NUL] }),
    `{"a":${nested(40)}}`,
  ];
  const own = [...(resource?.meta.keys() ?? [])].flatMap((key) =>
    sample<Value>([INT_PAST_MAX, 'abc', 'yes', {}, [1, 2], NUL, 1.5], 2).map((v) => toJson({ [key]: v })),
  );
  const expand = [...(resource?.expand.keys() ?? [])].map((name) => toJson({ expand: [name, name, 'nope'] }));
  return [...sample(common, 5), ...own, ...expand];
}

/** Query strings of a list: sort, order, skip, limit, filter, meta, and the Range header. */
function listCases(path: string, resource: Resource | undefined): Case[] {
  const q = (query: string): Case => ({ path, query });
  const sortable = [...(resource?.sortable ?? ['id'])];
  const notSortable = [...(resource?.fields.keys() ?? [])].filter((f) => !resource?.sortable.has(f));
  const sorts = [
    'nope',
    '',
    'id;drop table users',
    '%00',
    'password_hash',
    ...sample(notSortable, 2),
    `${pick(sortable)}&order=sideways`,
    `${pick(sortable)}&order=`,
    `${pick(sortable)}&order=%00`,
  ];
  const skips = ['-1', 'abc', '1e3', '2147483648', '99999999999', '', '1.5', '0x10', '%201'];
  const limits = ['0', '-1', '501', '100000', 'abc', '', '1e2', '2147483648'];
  const enc = encodeURIComponent;
  return [
    ...sample(sorts, 5).map((s) => q(`sort=${s}`)),
    q(`sort=${pick(sortable)}&order=desc&skip=2147483647&limit=500`),
    ...sample(skips, 3).map((s) => q(`skip=${s}`)),
    ...sample(limits, 3).map((l) => q(`limit=${l}`)),
    ...filtersFor(resource).map((f) => q(`filter=${enc(f)}`)),
    ...metasFor(resource).map((m) => q(`meta=${enc(m)}`)),
    { path, headers: { range: `${resource?.name ?? 'x'}=0-99999` } },
    { path, headers: { range: `${resource?.name ?? 'x'}=9-1` } },
    { path, headers: { range: 'bogus' } },
  ];
}

/** Bodies of a write: one field wrong at a time, then whole bodies that are wrong. */
function bodyCases(path: string, schema: Schema, record: Record<string, unknown> | undefined): Case[] {
  const json = (value: Value | string, contentType = 'application/json'): Case => ({
    path,
    payload: typeof value === 'string' ? value : toJson(value),
    contentType,
  });
  const base = overlay(schema, validValue(schema, 'body'), record);
  const cases: Case[] = [json(base), json(extreme(schema))];
  for (const field of fieldsOf(schema)) {
    for (const value of sample(wrongFor(field.schema), 3)) cases.push(json(withValue(base, field.path, value)));
    if (field.required) cases.push(json(withValue(base, field.path, undefined)));
  }
  const baseText = toJson(base);
  const withExtra = (extra: string) => (baseText.startsWith('{') && baseText !== '{}' ? `${baseText.slice(0, -1)},${extra}}` : `{${extra}}`);
  cases.push(
    json([]),
    json([base]),
    json('"text"'),
    json('42'),
    json('null'),
    json('true'),
    json('{}'),
    json('{"a":'),
    json(''),
    json(withExtra('"unknown_field":1')),
    json(withExtra('"__proto__":{"polluted":1}')),
    json(withExtra('"constructor":{"prototype":{"polluted":1}}')),
    json(withExtra('"a\\u0000":1')),
    json(`{"x":1,"x":"y",${baseText.slice(1)}`.replace(/,}$/, '}')),
    json(withExtra(`"deep":${nested(31)}`)),
    json(withExtra(`"deep":${nested(40)}`)),
    { ...json(nested(10_000)), role: 'superadmin', expected: [413, 422] },
    { ...json(`{"deep":${nested(40)}}`), role: 'superadmin', expected: [413, 422] },
    json(withExtra(`"padding":"${'p'.repeat(200_000)}"`)),
    json(withExtra(`"padding":"${'p'.repeat(900_000)}"`)),
    { ...json(withExtra(`"padding":"${'p'.repeat(1_100_000)}"`)), role: 'superadmin', expected: [413] },
    json(baseText, 'text/plain'),
    json(baseText, 'application/json; charset=utf-16'),
    json(baseText, 'application/x-www-form-urlencoded'),
  );
  return cases;
}

/** The form body of the sign-in, broken one way at a time (and as JSON). */
function formCases(path: string): Case[] {
  const form = (text: string): Case => ({ path, payload: text, contentType: 'application/x-www-form-urlencoded' });
  const fields = { username: 'fuzz@example.com', password: 'not-the-password', client_id: 'webapp' };
  const enc = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const cases: Case[] = [form(enc(fields)), form(''), form('%'), form('username=%00&password=x&client_id=webapp'), form(`${enc(fields)}&username=b`)];
  for (const name of Object.keys(fields)) {
    for (const value of ['', '\u0000', HUGE, 'x'.repeat(1025)]) cases.push(form(enc({ ...fields, [name]: value })));
    cases.push(form(enc(Object.fromEntries(Object.entries(fields).filter(([key]) => key !== name)))));
  }
  cases.push({ path, payload: toJson({ ...fields, username: 123 }), contentType: 'application/json' });
  cases.push({ path, payload: nested(10_000), contentType: 'application/json', role: 'superadmin', expected: [413, 422] });
  return cases;
}

// --- the callers ------------------------------------------------------------------------------

const ROLES = {
  superadmin: 'superadmin@demo.example',
  admin: 'admin@northwind.demo.example',
  clinician: 'clinician@northwind.demo.example',
} as const;
/** The share of cases each signed-in caller sends; every ANONYMOUS_EVERY-th case is also sent without a valid token. */
const ROLE_WEIGHTS: [keyof typeof ROLES, number][] = [
  ['superadmin', 0.5],
  ['admin', 0.25],
  ['clinician', 0.25],
];
const ANONYMOUS_EVERY = 8;
const pickRole = (): keyof typeof ROLES => {
  let r = random();
  for (const [role, weight] of ROLE_WEIGHTS) if ((r -= weight) < 0) return role;
  return 'superadmin';
};
/** What a caller without a valid token sends as Authorization, in turn. */
const FORGED = [undefined, 'Bearer abc.def.ghi', `Bearer ${'a'.repeat(10_000)}`, 'Basic YTpi', 'Bearer', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.'];

let t: TestApp;
const tokens: Partial<Record<keyof typeof ROLES, string>> = {};

async function signInAs(role: keyof typeof ROLES): Promise<void> {
  tokens[role] = (await signIn(t.app, ROLES[role], DEMO_PASSWORD)).authorization;
}

async function get(app: FastifyInstance, url: string, role: keyof typeof ROLES = 'superadmin') {
  const answer = await app.inject({ method: 'GET', url, headers: { authorization: tokens[role] ?? '' } });
  let body: unknown;
  try {
    body = JSON.parse(answer.body) as unknown;
  } catch {
    body = undefined;
  }
  return { status: answer.statusCode, body };
}

const paramOf = (part: string) => /^\{(.+)\}$/.exec(part)?.[1];
/** Real values of each template's path parameters. */
const realParams = new Map<string, Record<string, string>>();
/** Real records by `METHOD template` of a write, whose values a valid body takes. */
const records = new Map<string, Record<string, unknown>>();

/**
 * Real ids for the templates' parameters, so that a valid path reaches the routes' rules: the first
 * record of the collection the path names (`/api/patients/{patient_id}/devices/{id}`: a patient,
 * then one of its devices), never a fuzzing caller's user or provider; and the ids a valid body names.
 */
async function findRealIds(templates: readonly string[], writes: readonly [string, Method][]): Promise<void> {
  const callers = await t.app.db.selectFrom('users').select(['id', 'tenant_id']).where('email', 'in', Object.values(ROLES)).execute();
  const spared: Record<string, Set<string>> = {
    '/api/users': new Set(callers.map((c) => String(c.id))),
    '/api/providers': new Set(callers.map((c) => String(c.tenant_id))),
  };
  const firstIds = new Map<string, string | undefined>();
  const firstId = async (collection: string): Promise<string | undefined> => {
    // The provider admin's records first (which every fuzzing caller may reach), then the superadmin's.
    for (const role of ['admin', 'superadmin'] as const) {
      if (firstIds.get(collection) !== undefined) break;
      const answer = await get(t.app, `${collection}?limit=20`, role);
      const rows = Array.isArray(answer.body) ? (answer.body as { id?: unknown }[]) : [];
      firstIds.set(
        collection,
        rows.map((r) => String(r.id)).find((id) => /^\d+$/.test(id) && !spared[collection]?.has(id)),
      );
    }
    return firstIds.get(collection);
  };
  for (const collection of ['/api/patients', '/api/devices', '/api/locations', '/api/providers', '/api/users']) {
    const id = await firstId(collection);
    if (id) real[collection] = id;
  }
  for (const template of new Set(templates)) {
    const parts = template.split('/');
    const values: Record<string, string> = {};
    for (const [i, part] of parts.entries()) {
      const name = paramOf(part);
      if (!name) continue;
      const collection = parts
        .slice(0, i)
        .map((p) => values[paramOf(p) ?? ''] ?? p)
        .join('/');
      const byName = name === 'patient_id' ? real['/api/patients'] : name === 'sub' ? real['/api/users'] : undefined;
      values[name] = (await firstId(collection)) ?? byName ?? '1';
    }
    realParams.set(template, values);
  }
  // The record a write's valid body starts from: the one it changes, or one of the collection it adds to.
  for (const [template, method] of writes) {
    const path = pathOf(template);
    const id = method === 'POST' ? await firstId(path) : undefined;
    const answer = await get(t.app, method === 'POST' ? `${path}/${id ?? 0}` : path);
    if (answer.status === 200 && typeof answer.body === 'object' && answer.body !== null && !Array.isArray(answer.body)) {
      records.set(`${method} ${template}`, answer.body as Record<string, unknown>);
    }
  }
}

/** A path of the template with real ids, with `bad` in place of the parameter `badName`, or with every id 1. */
function pathOf(template: string, badName?: string, bad?: string): string {
  const values = realParams.get(template) ?? {};
  return template
    .split('/')
    .map((part) => {
      const name = paramOf(part);
      if (!name) return part;
      if (badName === '*') return '1';
      return name === badName ? (bad ?? '') : (values[name] ?? '1');
    })
    .join('/');
}

function casesOf(template: string, method: Method, operation: Operation): Case[] {
  const path = pathOf(template);
  const cases: Case[] = [{ path }, { path: pathOf(template, '*') }];
  for (const name of (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)) {
    for (const bad of BAD_IDS) cases.push({ path: pathOf(template, name, bad) });
  }
  for (const query of ANY_QUERY) cases.push({ path, query });
  for (const parameter of (operation.parameters ?? []).filter((p) => p.in === 'query')) {
    for (const value of ['%00', '', 'x'.repeat(1000), '{', '%7B%7D', 'a&' + parameter.name + '=b']) cases.push({ path, query: `${parameter.name}=${value}` });
  }
  const content = operation.requestBody?.content ?? {};
  const schema = content['application/json']?.schema;
  if (content['application/x-www-form-urlencoded']) cases.push(...formCases(path));
  else if (schema) {
    cases.push(...bodyCases(path, schema, records.get(`${method} ${template}`)));
    // Every id 1 and every number past its column at once (the first step of issue 12's fuzz).
    cases.push({ path: pathOf(template, '*'), payload: toJson(extreme(schema)), contentType: 'application/json', role: 'superadmin' });
  } else if (method !== 'GET') {
    // No body expected: send some anyway.
    for (const payload of ['{"x":1}', '[]', 'null', '{', toJson({ a: NUL })]) cases.push({ path, payload, contentType: 'application/json' });
    cases.push({ path, payload: nested(10_000), contentType: 'application/json', role: 'superadmin', expected: [413, 422] });
  }
  if (method === 'GET') cases.push(...listCases(path, resourceOf(template)));
  return cases;
}

// --- the run ----------------------------------------------------------------------------------

beforeAll(async () => {
  t = await createTestApp();
  for (const role of Object.keys(ROLES) as (keyof typeof ROLES)[]) await signInAs(role);
});
afterAll(async () => t?.close());

/** Whether an answer's body is the spec's error: `{"detail": "..."}` or `{"detail": [{loc, msg, type}, ...]}`. */
function hasDetail(body: string): boolean {
  let detail: unknown;
  try {
    detail = (JSON.parse(body) as { detail?: unknown }).detail;
  } catch {
    return false;
  }
  const isIssue = (item: unknown) => {
    const issue = item as { loc?: unknown; msg?: unknown; type?: unknown } | null;
    return typeof issue === 'object' && issue !== null && Array.isArray(issue.loc) && typeof issue.msg === 'string' && typeof issue.type === 'string';
  };
  return typeof detail === 'string' || (Array.isArray(detail) && detail.length > 0 && detail.every(isIssue));
}

const RANK: Record<Method, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };

/** What the fuzz saw: the cases answered 5xx, the 4xx not in the spec's shape, the requests sent by operation. */
interface Findings {
  failures: string[];
  badShapes: string[];
  /** Cases whose status the fuzz knows (a body nesting 10,000 levels is a 413 or 422) that got another. */
  wrongStatus: string[];
  sent: Map<string, number>;
}

/** Sends every case of one operation, each as a signed-in caller and every ANONYMOUS_EVERY-th also without a valid token. */
async function fuzzOperation(template: string, method: Method, operation: Operation, findings: Findings): Promise<void> {
  const key = `${method} ${template}`;
  // One sequence per operation, so that FUZZ_ONLY sends the same cases as the whole run.
  random = mulberry32(SEED ^ hashOf(key));
  for (const [i, c] of casesOf(template, method, operation).entries()) {
    for (const role of [c.role ?? pickRole(), ...(i % ANONYMOUS_EVERY === 0 ? ['anonymous' as const] : [])]) {
      const authorization = role === 'anonymous' ? pick(FORGED) : tokens[role];
      const url = c.query === undefined ? c.path : `${c.path}?${c.query}`;
      const answer = await t.app.inject({
        method,
        url,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(c.contentType ? { 'content-type': c.contentType } : {}),
          ...c.headers,
        },
        ...(c.payload === undefined ? {} : { payload: c.payload }),
      });
      findings.sent.set(key, (findings.sent.get(key) ?? 0) + 1);
      const name = () =>
        `${role} ${method} ${url.slice(0, 160)}${c.headers ? ` ${JSON.stringify(c.headers)}` : ''} ${(c.payload ?? '').slice(0, 160)}` +
        ` → ${answer.statusCode} ${answer.body.slice(0, 300)}`;
      if (answer.statusCode >= 500) findings.failures.push(name());
      else if (c.expected && role !== 'anonymous' && !c.expected.includes(answer.statusCode))
        findings.wrongStatus.push(`expected ${c.expected.join('/')}: ${name()}`);
      else if (answer.statusCode >= 400 && !hasDetail(answer.body)) findings.badShapes.push(name());
    }
  }
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers no 5xx, and every 4xx in the spec error shape', { timeout: 180_000 }, async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths)
      .flatMap(([template, byMethod]) =>
        Object.entries(byMethod)
          .map(([method, operation]) => ({ template, method: method.toUpperCase() as Method, operation }))
          .filter((o) => METHODS.includes(o.method)),
      )
      .filter((o) => !ONLY || `${o.method} ${o.template}`.includes(ONLY))
      // Reads first and deletions last, nested records before their patient: the real records stay for as long as possible.
      .sort((a, b) => RANK[a.method] - RANK[b.method] || (a.method === 'DELETE' ? b.template.length - a.template.length : 0));
    await findRealIds(
      operations.map((o) => o.template),
      operations.filter((o) => o.operation.requestBody && o.method !== 'GET').map((o) => [o.template, o.method]),
    );

    const findings: Findings = { failures: [], badShapes: [], wrongStatus: [], sent: new Map() };
    const signedInAgain: string[] = [];
    const started = performance.now();
    for (const { template, method, operation } of operations) {
      await fuzzOperation(template, method, operation, findings);
      // Logout (or a write of a user) may have ended a caller's session: it signs in again.
      for (const role of Object.keys(ROLES) as (keyof typeof ROLES)[]) {
        if ((await get(t.app, '/api/permissions', role)).status === 401) {
          signedInAgain.push(`${role} after ${method} ${template}`);
          await signInAs(role);
        }
      }
    }
    const { failures, badShapes, wrongStatus, sent } = findings;
    const total = [...sent.values()].reduce((a, b) => a + b, 0);
    console.info(
      `fuzz seed ${SEED}: ${total} requests over ${sent.size} operations (at least ${Math.min(...sent.values())} each) ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s; signed in again: ${signedInAgain.join(', ') || 'never'}`,
    );

    expect(failures, `5xx answers (FUZZ_SEED=${SEED})`).toEqual([]);
    expect(badShapes, `4xx answers without the spec's detail (FUZZ_SEED=${SEED})`).toEqual([]);
    expect(wrongStatus, `answers other than the known ones (FUZZ_SEED=${SEED})`).toEqual([]);
    expect(
      [...sent].filter(([, n]) => n < MIN_PER_OPERATION).map(([k, n]) => `${k}: ${n}`),
      'operations fuzzed too little',
    ).toEqual([]);
    expect(sent.size).toBe(operations.length);
    if (!ONLY) {
      expect(sent.size).toBeGreaterThan(100);
      expect(total).toBeGreaterThanOrEqual(MIN_TOTAL);
    }
  });
});
