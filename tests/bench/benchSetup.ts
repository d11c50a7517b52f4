import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type Database } from '../../src/server/db/database';
import { DEMO_PASSWORD } from '../../src/server/db/seed/seed';

/** Runs one statement on the PostgreSQL server of `url` (create or drop a bench database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A bench's own PostgreSQL database on the server of DATABASE_URL: `reuseAs` keeps one of that name
 * between runs (seeded once), else a fresh one is created and dropped by `drop`.
 */
export async function openBenchDatabase(adminUrl: string, reuseAs?: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const name = reuseAs ?? `bench_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`).catch((error: unknown) => {
    if (!reuseAs) throw error;
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), poolSize: 8, statementTimeoutMs: 0 });
  const drop = reuseAs ? async () => {} : () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  return { database, drop };
}

/** The bearer header of a demo account signed in on the bench's server at `base`. */
export async function benchHeaders(base: string, email: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD, client_id: 'webapp' }),
  });
  if (!login.ok) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const { access_token } = (await login.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/**
 * The real server (src/server/main.ts) as a process of its own on 127.0.0.1:`port`, with `env` beside
 * the caller's (DATABASE_URL or DATA_DIR, APP_ENV ...) and `nodeArgs` before the entry (`--cpu-prof`),
 * answered once /api/health is; `stop` ends it with SIGTERM (its graceful shutdown) and waits for it.
 * `startupSeconds` bounds the wait: a first start on an empty PGlite folder seeds the demo first.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
  { nodeArgs = [], startupSeconds = 120 }: { nodeArgs?: string[]; startupSeconds?: number } = {},
): Promise<{ base: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  for (
    let waited = 0;
    !(await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 0.5
  ) {
    if (waited >= startupSeconds) {
      await stop();
      throw new Error(`the server did not answer on ${base} within ${startupSeconds} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { base, stop };
}
