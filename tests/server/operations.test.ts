import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { createTestApp, type TestApp } from './helpers/testApp';

describe('operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/ answers is_demo without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ is_demo: true, version: '0.4.0' });
  });

  it('GET /api/health reports the database ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('an unknown API path is a 404 in the spec shape', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found' });
  });

  it('every answer carries a request id, echoing the caller’s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/', headers: { 'x-request-id': 'abc-123' } });
    expect(response.headers['x-request-id']).toBe('abc-123');
    const fresh = await t.app.inject({ method: 'GET', url: '/api/' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('documents itself as OpenAPI at /api/docs', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/', '/api/health', '/api/auth/login']));
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, answers new ones 503, then closes the database', async () => {
    const database = await createDatabase({ databaseUrl: undefined });
    await migrate(database.db);
    const app = await buildApp(testConfig({ databaseUrl: undefined }), database);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const handlerEntered = new Promise<void>((resolve) => (entered = resolve));
    app.get('/api/slow', async () => {
      entered();
      await gate;
      const row = await sql<{ one: number }>`select 1 as one`.execute(app.db);
      return { one: row.rows[0]?.one };
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/api/slow`);
    await handlerEntered; // the request is in flight, not merely sent (a busy machine may take a while)
    const stopping = app.shutdown();
    const late = await fetch(`${address}/api/`);
    expect(late.status).toBe(503);
    expect(await late.json()).toEqual({ detail: 'Server is shutting down' });

    release();
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ one: 1 });
    await stopping;
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow();
  });
});
