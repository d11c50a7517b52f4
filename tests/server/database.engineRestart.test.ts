import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { DatabaseRestartingError } from '../../src/server/db/unavailable';

/**
 * Issue 12: "a query that aborts the [embedded] engine is a 503 and the engine is restarted, not a
 * dead process". The engine is killed behind the server's back (closed, as an aborted WebAssembly
 * instance is: every later call refused); the request that meets it answers 503 with Retry-After,
 * the engine is opened again from its data directory with everything committed, and a transaction
 * the engine lost is never finished on the new one. PostgreSQL has its own test
 * (database.lostConnection.test.ts).
 */
const onPglite = !process.env.DATABASE_URL;

let dir: string;
let database: Database;
let app: FastifyInstance;
const restarts: unknown[] = [];

const health = () => app.inject({ method: 'GET', url: '/api/health' });

async function waitForHealth(withinMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if ((await health()).statusCode === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not healthy within ${withinMs} ms`);
}

describe.runIf(onPglite)('an embedded database that dies', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'care-console-restart-'));
    database = await createDatabase({ dataDir: join(dir, 'pglite'), onEngineRestart: (cause) => restarts.push(cause) });
    await migrate(database.db);
    await sql`create table restart_probe (id int primary key, note text)`.execute(database.db);
    await sql`insert into restart_probe values (1, 'committed before')`.execute(database.db);
    app = await buildApp(testConfig({ databaseUrl: undefined }), database);
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with Retry-After to the request that met it, then serves again with the committed data', async () => {
    await database.engine!.now.close();

    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'nobody@example.com', password: 'not the password', client_id: 'webapp' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.headers['retry-after']).toBe('5');
    expect(signIn.json()).toEqual({ detail: 'The database is unavailable. Please try again later.' });
    expect(restarts).toHaveLength(1);

    expect(await waitForHealth(10_000)).toBeLessThan(10_000);
    const rows = await sql<{ note: string }>`select note from restart_probe where id = 1`.execute(database.db);
    expect(rows.rows).toEqual([{ note: 'committed before' }]);
  }, 30_000);

  it('never finishes on the new engine a transaction the old one lost', async () => {
    const attempt = database.db.transaction().execute(async (trx) => {
      await sql`insert into restart_probe values (2, 'first half')`.execute(trx);
      await database.engine!.now.close();
      await sql`insert into restart_probe values (3, 'second half')`.execute(trx);
    });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseRestartingError);
    await waitForHealth(10_000);
    const rows = await sql<{ id: number }>`select id from restart_probe order by id`.execute(database.db);
    expect(rows.rows).toEqual([{ id: 1 }]);
  }, 30_000);
});
