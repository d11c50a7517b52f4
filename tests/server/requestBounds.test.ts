import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { rejectNul } from '../../src/server/errors';
import { createTestApp, nextAddress, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, type ApiAnswer, type Client } from './resources.helpers';

// Issue 12, "one cheap request can stall every other": every check over a request is linear in its
// size, bodies, JSON depth, filter lists, pages and search texts are bounded, a slow statement on
// PostgreSQL is a 503, and a lagging event loop sheds new requests with a 503.

let t: TestApp;
let admin: Client;
let practitionerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
  const member = await t.app.db.selectFrom('care_team_members').select('practitioner_id').executeTakeFirstOrThrow();
  practitionerId = member.practitioner_id;
});
afterAll(async () => t?.close());

/** `[[[...]]]` nested `depth` times around `inner`. */
const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
const msgOf = (answer: ApiAnswer) => (answer.body as { detail: { msg: string }[] }).detail[0]?.msg ?? '';

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

describe('deep and large bodies are refused before any deep work', () => {
  test('100,000 nested arrays, without a token, answer 413 (30,000 a 422) in well under 100 ms, and the health check stays fast', async () => {
    const send = (payload: string) =>
      timed(() =>
        t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: nextAddress(), headers: { 'content-type': 'application/json' }, payload }),
      );
    // Warm the route once (Fastify compiles schemas lazily), then measure.
    await send(nested(40));
    // 200 KB: over the sign-in calls' body limit, refused before it is read to the end.
    const [tooLarge, tooLargeMs] = await send(nested(100_000));
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLargeMs).toBeLessThan(100);
    // 60 KB: read, and refused after one pass over its text, before it is parsed.
    const [answer, ms] = await send(nested(30_000));
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ detail: [{ loc: ['body'], msg: 'JSON should nest at most 32 levels deep', type: 'json_too_deep' }] });
    expect(ms).toBeLessThan(100);
    const [health, healthMs] = await timed(() => t.app.inject({ method: 'GET', url: '/api/health' }));
    expect(health.statusCode).toBe(200);
    expect(healthMs).toBeLessThan(100);
  });

  test('a signed-in write nested too deep is a 422 too, while brackets inside strings do not count', async () => {
    const patient = await t.app.db.selectFrom('patients').select('id').executeTakeFirstOrThrow();
    const deep = await admin.sendText('PATCH', `/api/patients/${patient.id}`, `{"profile": {"notes": ${nested(33, '1')}}}`);
    expect(isValidationError(deep, ['body']), JSON.stringify(deep.body)).toBe(true);
    const text = await admin.sendText('PATCH', `/api/patients/${patient.id}`, `{"colour": "${'['.repeat(100)}"}`);
    // Refused for the unknown field, not for its depth.
    expect(isValidationError(text, ['body', 'colour']), JSON.stringify(text.body)).toBe(true);
  });

  test('a body over 1 MB is a 413 in the spec shape', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(1024 * 1024), password: 'y' }),
    });
    expect(answer.statusCode).toBe(413);
    expect(typeof answer.json<{ detail: unknown }>().detail).toBe('string');
  });

  test('the sign-in calls take 64 KB and a record 256 KB: past that a 413 before the body is parsed', async () => {
    const login = (size: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ username: 'x'.repeat(size), password: 'y', client_id: 'webapp' }).toString(),
      });
    // Under the limit the form is read (and refused for its too long user name).
    expect((await login(60 * 1024)).statusCode).toBe(422);
    expect((await login(70 * 1024)).statusCode).toBe(413);
    const patient = await t.app.db.selectFrom('patients').select('id').executeTakeFirstOrThrow();
    const write = (size: number) => admin.sendText('PATCH', `/api/patients/${patient.id}`, JSON.stringify({ colour: 'x'.repeat(size) }));
    // Under the limit the body is read and refused for its unknown field; over it, not read at all.
    expect(isValidationError(await write(200 * 1024), ['body', 'colour'])).toBe(true);
    const over = await write(300 * 1024);
    expect(over.status).toBe(413);
    expect(typeof (over.body as { detail: unknown }).detail).toBe('string');
  });

  test('a filter nested too deep is a 422 at the filter', async () => {
    const answer = await admin.get('/api/devices', { filter: `{"id[in]": ${nested(10_000, '1')}}` });
    expect(isValidationError(answer, ['query', 'filter']), JSON.stringify(answer.body)).toBe(true);
  });
});

describe('the NUL check is one linear walk and still finds a NUL anywhere', () => {
  test('a NUL at the bottom of a deep body is a 422 at its place', async () => {
    let value: unknown = 'a\u0000b';
    for (let i = 0; i < 30; i++) value = [value];
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: nextAddress(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'someone', password: value }),
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({
      detail: [{ loc: ['body', 'password', ...Array<number>(30).fill(0)], msg: 'Text cannot contain the NUL character', type: 'string_nul' }],
    });
  });

  test('walking 100,000 nested arrays (which only the depth limit keeps from it) is linear, not quadratic', () => {
    let value: unknown = ['x', 'y\u0000'];
    for (let i = 0; i < 100_000; i++) value = [value];
    const start = performance.now();
    expect(() => rejectNul(value, ['body'])).toThrow('Text cannot contain the NUL character');
    // About 50 ms here; the walk that copied the path at every level took 9 s for 40,000 levels.
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('filters, pages and searches are bounded, with a 422 naming the limit', () => {
  test('an `in` of 1,000 ids is refused; 500 (a whole page of ids) are served', async () => {
    const refused = await admin.get('/api/devices', { filter: { 'id[in]': ids(1000) } });
    expect(isValidationError(refused, ['query', 'filter', 'id[in]']), JSON.stringify(refused.body)).toBe(true);
    expect(msgOf(refused)).toBe('List should have at most 500 items, not 1000');
    const notin = await admin.get('/api/devices', { filter: { 'id[notin]': ids(501) } });
    expect(isValidationError(notin, ['query', 'filter', 'id[notin]'])).toBe(true);
    expect((await admin.get('/api/devices', { filter: { 'id[in]': ids(500) }, limit: '500' })).status).toBe(200);
  });

  test('an `inall` of 1,000 (or 101) care-team members is refused; 100 are answered at once', async () => {
    const field = 'care_team_members.practitioner_id[inall]';
    const refused = await admin.get('/api/patients', { filter: { [field]: ids(1000) } });
    expect(isValidationError(refused, ['query', 'filter', field]), JSON.stringify(refused.body)).toBe(true);
    expect(msgOf(refused)).toBe('List should have at most 100 items, not 1000');
    expect(isValidationError(await admin.get('/api/patients', { filter: { [field]: ids(101) } }), ['query', 'filter', field])).toBe(true);
    const [served, ms] = await timed(() => admin.get('/api/patients', { filter: { [field]: [practitionerId, ...ids(99).map((i) => 1_000_000 + i)] } }));
    expect(served.status).toBe(200);
    expect(served.body).toEqual([]);
    expect(ms).toBeLessThan(2000);
    const one = await admin.get('/api/patients', { filter: { [field]: [practitionerId, practitionerId] } });
    expect(one.status).toBe(200);
  });

  test('a page larger than 500 is refused, naming the limit', async () => {
    const answer = await admin.get('/api/devices', { limit: '100000' });
    expect(isValidationError(answer, ['query', 'limit'])).toBe(true);
    expect(msgOf(answer)).toBe('Input should be an integer from 1 to 500');
  });

  test('a search text over 200 characters is refused, in q and in like', async () => {
    const long = 'a'.repeat(201);
    const q = await admin.get('/api/devices', { filter: { q: long } });
    expect(isValidationError(q, ['query', 'filter', 'q'])).toBe(true);
    expect(msgOf(q)).toBe('Search text should have at most 200 characters');
    expect(isValidationError(await admin.get('/api/devices', { filter: { 'external_id[like]': long } }), ['query', 'filter', 'external_id[like]'])).toBe(true);
    expect((await admin.get('/api/devices', { filter: { q: 'a'.repeat(200) } })).status).toBe(200);
  });

  test('meta.expand of more than 20 names is refused', async () => {
    const answer = await admin.get('/api/patients', { meta: { expand: Array<string>(21).fill('observations') } });
    expect(isValidationError(answer, ['query', 'meta', 'expand'])).toBe(true);
    expect(msgOf(answer)).toBe('List should have at most 20 items, not 21');
  });
});

describe('a statement that runs past DB_STATEMENT_TIMEOUT_MS is a 503 with Retry-After', () => {
  test.skipIf(!process.env.DATABASE_URL)('on PostgreSQL', async () => {
    const database = await createDatabase({ databaseUrl: t.app.config.databaseUrl, poolSize: 2, statementTimeoutMs: 200 });
    const app: FastifyInstance = await buildApp(testConfig({ databaseUrl: t.app.config.databaseUrl }), database);
    // A request whose query outlasts the timeout, as a heavy filter would.
    app.get('/api/slow', async () => (await sql`select pg_sleep(2)`.execute(app.db)).rows);
    try {
      const [answer, ms] = await timed(() => app.inject({ method: 'GET', url: '/api/slow' }));
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ detail: 'The request took too long. Please try again later.' });
      expect(ms).toBeLessThan(1500);
      // The connection is usable again at once.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a lagging event loop sheds new requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl: t.app.config.databaseUrl, maxEventLoopDelayMs: 50 }), t.app.database);
    await app.ready();
  });
  afterAll(async () => app?.close());

  /** Blocks the event loop for `ms`, as a heavy synchronous request would. */
  const block = (ms: number) => {
    const end = performance.now() + ms;
    while (performance.now() < end) {
      // busy: the loop cannot turn, and its timers fire late
    }
  };

  test('503 with Retry-After in the spec shape while the loop lags; health still answers', async () => {
    let shed: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    let health: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    // Lag in slices of 200 ms (the guard samples the delay about once a second) until a request is shed.
    for (let i = 0; i < 50 && shed?.statusCode !== 503; i++) {
      block(200);
      await new Promise((resolve) => setTimeout(resolve, 0));
      [shed, health] = await Promise.all([app.inject({ method: 'GET', url: '/api/' }), app.inject({ method: 'GET', url: '/api/health' })]);
    }
    expect(shed?.statusCode).toBe(503);
    expect(shed?.headers['retry-after']).toBe('2');
    expect(shed?.json()).toEqual({ detail: 'The server is busy. Please try again later.' });
    // Readiness is never shed: it says itself whether the database answers.
    expect(health?.statusCode).toBe(200);
  });
});
