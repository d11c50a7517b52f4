import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { testConfig, type Config } from '../../../src/server/config';
import { createDatabase } from '../../../src/server/db/database';
import './seededTemplate';

export const DEMO_PASSWORD = 'Demo!2026pass';

export interface TestApp {
  app: FastifyInstance;
  close(): Promise<void>;
}

/**
 * A server on a fresh database migrated and seeded by the real demo generator: a copy of the run's
 * seeded template (tests/server/helpers/seededTemplate.ts), as an in-memory PGlite or, when
 * DATABASE_URL is set, as a new PostgreSQL database created for this test file and dropped after it.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  const template = inject('seededTemplate');
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    if (template.kind !== 'postgres') throw new Error('DATABASE_URL was set after the run started');
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.database}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // The pool's connections close a moment after it ends: wait for them (up to 10 s) rather than
      // terminate them, which would fail a client of this process still saying goodbye.
      for (let i = 0; i < 100; i++) {
        const open = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = $1', [name]);
        if (Number(open.rows[0]?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const config = testConfig({ databaseUrl, ...overrides });
  const loadDataDir = template.kind === 'pglite' ? new Blob([await readFile(template.dumpFile)]) : undefined;
  const database = await createDatabase({ databaseUrl, dataDir: undefined, loadDataDir, poolSize: 4 });
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

let lastAddress = 0;

/**
 * A fresh client address per call: the sign-in limits count per address (10 a minute), and a
 * test file signs in more often than that. Tests of the limit itself use one fixed address.
 */
export function nextAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/** Signs in through the real endpoint (from a fresh client address) and returns the bearer header and the refresh cookie. */
export async function signIn(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const response = await app.inject({
    method: 'POST',
    remoteAddress: nextAddress(),
    url: '/api/auth/login',
    payload: new URLSearchParams({ username, password, client_id: 'webapp' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ access_token: string; token_type: string }>();
  const cookie = response.cookies.find((c) => c.name === 'refresh_token');
  return {
    body,
    authorization: `Bearer ${body.access_token}`,
    refreshCookie: cookie ? `refresh_token=${cookie.value}` : undefined,
  };
}
