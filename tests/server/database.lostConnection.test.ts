import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, type ApiAnswer, type Client } from './resources.helpers';

/**
 * Issue 12, "a lost database connection kills the server": on PostgreSQL (the second pass of
 * .ci/run), the server's connections are terminated while its requests run, and then the database
 * refuses connections for a while. Every request answers 200 or 503 with Retry-After (never a 500,
 * never a hang), the health check says not-ready while the database is away, the process carries
 * on (an unhandled 'error' event would fail this file), and normal answers are back within 5 s.
 * PGlite has no connection to lose: the file runs on PostgreSQL only.
 */
const adminUrl = process.env.DATABASE_URL;

let t: TestApp;
let admin: Client;
let database: string;

async function asAdministrator<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Ends every connection the server holds to its database, busy or idle; how many there were. */
const terminateServerConnections = () =>
  asAdministrator(async (client) => {
    const ended = await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [database]);
    return ended.rowCount ?? 0;
  });

const READS = ['/api/patients', '/api/devices', '/api/users'];

function expectServedOrUnavailable(answers: { url: string; answer: ApiAnswer }[]) {
  const wrong = answers
    .filter(({ answer }) => answer.status !== 200 && answer.status !== 503)
    .map(({ url, answer }) => `${url}: ${answer.status} ${JSON.stringify(answer.body)}`);
  expect(wrong).toEqual([]);
  for (const { answer } of answers.filter((a) => a.answer.status === 503)) {
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.body).toEqual({ detail: expect.any(String) as unknown });
  }
}

describe.runIf(adminUrl)('a lost PostgreSQL connection', () => {
  beforeAll(async () => {
    t = await createTestApp();
    database = new URL(t.app.config.databaseUrl!).pathname.slice(1);
    admin = await clientFor(t.app, 'internal.admin@demo.example');
  });
  afterAll(async () => {
    await asAdministrator((client) => client.query(`alter database ${database} allow_connections true`));
    await t.close();
  });

  it('costs the requests it cut a 503 with Retry-After, never a 500, and the next ones are served', async () => {
    const answers: { url: string; answer: ApiAnswer }[] = [];
    let running = true;
    const loop = async (offset: number) => {
      for (let i = offset; running; i++) {
        const url = READS[i % READS.length]!;
        answers.push({ url, answer: await admin.get(url, { limit: 50, sort: 'id', order: 'desc' }) });
      }
    };
    const loops = Array.from({ length: 6 }, (_, i) => loop(i));
    let terminated = 0;
    for (let round = 0; round < 4; round++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      terminated += await terminateServerConnections();
    }
    running = false;
    await Promise.all(loops);
    expect(terminated).toBeGreaterThan(0);
    expect(answers.length).toBeGreaterThan(20);
    expectServedOrUnavailable(answers);
    expect((await admin.get('/api/patients', { limit: 5 })).status).toBe(200);
  });

  it('answers 503 and not-ready while the database is away, and normally within 5 s of its return', async () => {
    await asAdministrator(async (client) => {
      await client.query(`alter database ${database} allow_connections false`);
    });
    await terminateServerConnections();

    const started = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'unavailable', database: 'unreachable' });
    const away = await Promise.all(READS.map(async (url) => ({ url, answer: await admin.get(url, { limit: 5 }) })));
    expectServedOrUnavailable(away);
    expect(away.every(({ answer }) => answer.status === 503)).toBe(true);
    // Refused at once, not after a hang (the pool's connect timeout is the upper bound).
    expect(performance.now() - started).toBeLessThan(6000);

    await asAdministrator((client) => client.query(`alter database ${database} allow_connections true`));
    const back = performance.now();
    let served: ApiAnswer | undefined;
    while (performance.now() - back < 5000) {
      served = await admin.get('/api/patients', { limit: 5 });
      if (served.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(served?.status).toBe(200);
    expect(performance.now() - back).toBeLessThan(5000);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
