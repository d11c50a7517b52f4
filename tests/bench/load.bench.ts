// `npm run bench:load`: BENCH_USERS (200) signed-in users send what the console sends on a working
// day, each with a think time between requests, for BENCH_SECONDS (60) against the real server on
// the demo seed: first on PGlite in memory, then on a fresh PostgreSQL database `load_<random>`
// made from DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres by default; skipped when it
// does not answer) and dropped at the end. BENCH_TARGETS=pglite or postgres runs one of them.
// Prints requests, errors by status and p50/p95/p99 per target and per kind of request; exits 1
// when any answer was an error.
//
// The server runs in a child process of its own (this file with `--serve`), as in production: the
// load generator's work stays off the server's event loop, which the load-shedding guard measures.
// They still share this machine's cores.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEVICE_MANUFACTURERS, DEVICE_STATUSES, DEVICE_TYPES, PATIENT_STATUSES } from '../../src/domain/enums';
import type { Role } from '../../src/domain/roles';
import { buildApp } from '../../src/server/app';
import { loadConfig, testConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { DEMO_PROVIDERS, INTERNAL_ACCOUNTS, providerAccounts } from '../../src/server/db/seed/accounts';
import { LAST_NAMES } from '../../src/server/db/seed/names';
import { DEMO_PASSWORD, seedDatabase } from '../../src/server/db/seed/seed';
import { AUTH_ADDRESS_RATE_LIMIT, AUTH_RATE_LIMIT } from '../../src/server/plugins/rateLimit';

const USERS = Number(process.env.BENCH_USERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',').map((t) => t.trim());
const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Think time: after each answer a user waits a uniformly random 0.5 to 2 s (reading, typing, clicking). */
const THINK_MS = { min: 500, max: 2000 };
/** Sign-ins in flight at once while users arrive (each is one Argon2id verification, 64 MiB). */
const SIGN_IN_CONCURRENCY = 4;

// ---------------------------------------------------------------------------------------------
// The server (child process)

/** A staff demo account as the load generator uses it. */
interface Account {
  email: string;
  role: Role;
  tenant_id: number | null;
}

/** What the server process tells the load generator once it listens. */
interface Ready {
  type: 'ready';
  base: string;
  seedSeconds: number;
  maxEventLoopDelayMs: number;
  accounts: Account[];
  /** Patient and device ids by tenant id (`null`: the operator's own devices). */
  patients: Record<string, number[]>;
  devices: Record<string, number[]>;
}

/** What the server process reports when it stops. */
interface Stopped {
  type: 'stopped';
  /** Event-loop delay during the load, ms. */
  loopDelay: { p50: number; p99: number; max: number };
  /** CPU time of the server process during the load, as a share of one core. */
  cpu: number;
  logLevels: Record<string, number>;
  /** The first warn/error lines of the server's log. */
  problems: string[];
}

const LEVEL_NAMES: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

async function serve(): Promise<void> {
  const databaseUrl = process.env.LOAD_DATABASE_URL || undefined;
  const production = loadConfig();
  // testConfig gives an in-memory PGlite and no console files; everything else is set back to what
  // `npm start` runs in production: no demo mode, the info log (written, to a counting sink), the
  // statement timeout and the event-loop guard (testConfig turns it off) from the environment
  // (MAX_EVENT_LOOP_DELAY_MS, default 1 s). TRUSTED_PROXIES is 127.0.0.1, the proxy's address in
  // a deployment behind one: the load generator sends each user's address in X-Forwarded-For.
  // No guard is turned off: the sign-in limits count as they do in production (see signInAll).
  const config = testConfig({
    databaseUrl,
    environment: 'production',
    isDemo: false,
    logLevel: 'info',
    trustedProxies: ['127.0.0.1'],
    statementTimeoutMs: production.statementTimeoutMs,
    maxEventLoopDelayMs: production.maxEventLoopDelayMs,
  });
  const database = await createDatabase({ databaseUrl, statementTimeoutMs: config.statementTimeoutMs });
  await migrate(database.db);
  const seedStart = performance.now();
  await seedDatabase(database.db);
  const seedSeconds = (performance.now() - seedStart) / 1000;

  const logLevels: Record<string, number> = {};
  const problems: string[] = [];
  const logSink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        const level = (JSON.parse(line) as { level: number }).level;
        const name = LEVEL_NAMES[level] ?? String(level);
        logLevels[name] = (logLevels[name] ?? 0) + 1;
        if (level >= 40 && problems.length < 10) problems.push(line.slice(0, 400));
      }
      done();
    },
  });
  const app = await buildApp(config, database, { logStream: logSink });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });

  const emails = [...INTERNAL_ACCOUNTS, ...DEMO_PROVIDERS.flatMap(({ slug }) => providerAccounts(slug))].map((a) => a.email);
  const accounts = (await database.db
    .selectFrom('users')
    .select(['email', 'role', 'tenant_id'])
    .where('email', 'in', emails)
    .orderBy('id')
    .execute()) as Account[];
  const byTenant = (rows: { id: number; tenant_id: number | null }[]) => {
    const map: Record<string, number[]> = {};
    for (const row of rows) (map[String(row.tenant_id)] ??= []).push(row.id);
    return map;
  };
  const patients = byTenant(await database.db.selectFrom('patients').select(['id', 'tenant_id']).execute());
  const devices = byTenant(await database.db.selectFrom('devices').select(['id', 'tenant_id']).execute());

  const delay = monitorEventLoopDelay({ resolution: 10 });
  let cpuStart = process.cpuUsage();
  let wallStart = performance.now();
  process.on('message', (message: { type: string }) => {
    if (message.type === 'start') {
      delay.reset();
      delay.enable();
      cpuStart = process.cpuUsage();
      wallStart = performance.now();
    }
    if (message.type === 'stop') {
      delay.disable();
      const cpu = process.cpuUsage(cpuStart);
      const wall = performance.now() - wallStart;
      const ms = (ns: number) => ns / 1e6;
      const stopped: Stopped = {
        type: 'stopped',
        loopDelay: { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) },
        cpu: (cpu.user + cpu.system) / 1000 / wall,
        logLevels,
        problems,
      };
      void (async () => {
        await app.close();
        await database.close();
        process.send?.(stopped, () => process.exit(0));
      })();
    }
  });
  const ready: Ready = { type: 'ready', base, seedSeconds, maxEventLoopDelayMs: config.maxEventLoopDelayMs, accounts, patients, devices };
  process.send?.(ready);
}

// ---------------------------------------------------------------------------------------------
// The load generator

interface User {
  account: Account;
  /** The user's own client address, which the proxy (the load generator) forwards. */
  address: string;
  token: string;
  sub: string;
}

/** One kind of request of the mix: its weight, who sends it, and the path it sends. */
interface Kind {
  label: string;
  weight: number;
  /** Roles that have the permission; absent: every staff role. */
  roles?: Role[];
  path: (user: User, ready: Ready) => string;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const between = (min: number, max: number) => min + Math.random() * (max - min);
const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const list = (resource: string, sort: string, order: string, limit: number, filter: object, meta?: object) =>
  `/api/${resource}?sort=${sort}&order=${order}&skip=0&limit=${limit}&filter=${json(filter)}${meta ? `&meta=${json(meta)}` : ''}`;
/** The ids of a tenant's rows a user reaches: its own tenant's, or every tenant's for internal users. */
const reachable = (byTenant: Record<string, number[]>, user: User) =>
  user.account.tenant_id === null ? Object.values(byTenant).flat() : (byTenant[String(user.account.tenant_id)] ?? []);

/**
 * The request mix (weights in percent of one user's requests), as the console's screens send
 * them (screens/*.json): the lists with their default sorts, tabs and filters, and the calls a
 * page load makes. Staff (onboarding) have no patient queue: their share goes to the patient list.
 */
const KINDS: Kind[] = [
  {
    label: 'patients: name search, sorted',
    weight: 18,
    path: () => {
      const name = pick(LAST_NAMES);
      const search = { q: { field: 'user.full_name', value: name.slice(0, 3 + Math.floor(Math.random() * 3)) } };
      const tab = Math.random() < 0.5 ? {} : { 'patient_status[eq]': pick(PATIENT_STATUSES) };
      const [sort, order] = pick([
        ['created_at', 'desc'],
        ['user.full_name', 'asc'],
        ['birthdate', 'desc'],
      ] as const);
      return list('patients', sort, order, 10, { ...search, ...tab });
    },
  },
  {
    label: 'patient queue',
    weight: 18,
    roles: ['superadmin', 'internal_admin', 'internal_billing_admin', 'internal_clinician', 'admin', 'clinician'],
    path: () => {
      const view = pick([{}, { 'has_rpm[eq]': true }, { 'has_ccm[eq]': true }, { 'has_pcm[eq]': true }]);
      return list(
        'patients',
        'priority',
        'desc',
        10,
        { 'patient_status[eq]': 'active', ...view },
        { expand: ['profile', 'observations'], under_care: Math.random() < 0.7 },
      );
    },
  },
  {
    label: 'patient record (meta expand)',
    weight: 22,
    path: (user, ready) => `/api/patients/${pick(reachable(ready.patients, user))}?meta=${json({ expand: ['observations', 'devices', 'open_tasks'] })}`,
  },
  {
    label: 'devices: filtered list',
    weight: 12,
    path: () => {
      const filter = pick([
        { 'device_manufacturer[eq]': pick(DEVICE_MANUFACTURERS) },
        { 'device_type[eq]': pick(DEVICE_TYPES) },
        { 'status[eq]': pick(DEVICE_STATUSES) },
        { 'external_id[like]': `86${Math.floor(Math.random() * 10)}` },
      ]);
      const [sort, order] = pick([
        ['added_on', 'desc'],
        ['status', 'asc'],
        ['external_id', 'asc'],
      ] as const);
      return list('devices', sort, order, 10, filter);
    },
  },
  {
    label: 'device activities of one device',
    weight: 12,
    path: (user, ready) => {
      const device = pick(reachable(ready.devices, user));
      const tab = pick([{ 'activity_type[eq]': 'measurement' }, { 'activity_type[ne]': 'measurement' }]);
      return list('device-activities', 'created_on', 'desc', 20, { 'device_id[eq]': device, ...tab });
    },
  },
  {
    label: 'session: identity, permissions, flags, site',
    weight: 10,
    path: (user) => pick(['/api/', '/api/permissions', `/api/users/${user.sub}/identity`, '/api/feature-flags']),
  },
  { label: 'screens', weight: 5, path: () => '/api/screens' },
  // The proxy's health probe, folded into the mix.
  { label: 'health', weight: 3, path: () => '/api/health' },
];
const SIGN_IN = 'sign-in (before the timed run)';

function kindFor(user: User): Kind {
  const allowed = KINDS.filter((k) => !k.roles || k.roles.includes(user.account.role));
  // A share a role does not send goes to the patient list.
  const missing = KINDS.filter((k) => !allowed.includes(k)).reduce((sum, k) => sum + k.weight, 0);
  let roll = Math.random() * 100;
  for (const kind of allowed) {
    roll -= kind.weight + (kind === allowed[0] ? missing : 0);
    if (roll < 0) return kind;
  }
  return allowed[0] as Kind;
}

class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, Map<string, number>>();
  readonly samples: string[] = [];

  add(kind: string, ms: number, status: string, detail: () => string) {
    let latencies = this.latencies.get(kind);
    if (!latencies) this.latencies.set(kind, (latencies = []));
    latencies.push(ms);
    let statuses = this.statuses.get(kind);
    if (!statuses) this.statuses.set(kind, (statuses = new Map<string, number>()));
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (!/^2/.test(status) && this.samples.length < 10) this.samples.push(`${kind}: ${status} ${detail()}`);
  }
}

const isError = (status: string) => !/^2\d\d$/.test(status);

/** Sends one request (keep-alive: fetch's pooled connections) and records it; answers the body of a 2xx, else undefined. */
async function send(recorder: Recorder, kind: string, url: string, init: RequestInit): Promise<string | undefined> {
  const started = performance.now();
  let status: string;
  let body = '';
  try {
    const response = await fetch(url, init);
    body = await response.text();
    status = String(response.status);
  } catch (error) {
    status = `network (${(error as Error).message})`;
  }
  recorder.add(kind, performance.now() - started, status, () => `${init.method ?? 'GET'} ${decodeURIComponent(url)} ${body.slice(0, 200)}`);
  return isError(status) ? undefined : body;
}

/**
 * Signs every user in through POST /api/auth/login. The server counts sign-ins per client address
 * (AUTH_ADDRESS_RATE_LIMIT: each user has its own address, so one each) and per account
 * (AUTH_RATE_LIMIT: 10 a minute in fixed windows). Users share the 14 staff demo accounts, so an
 * account's 11th sign-in waits for the next window, as a well-behaved client would; none is sent
 * in a window's last seconds, where it could land in the next one.
 */
async function signInAll(base: string, ready: Ready, recorder: Recorder): Promise<User[]> {
  if (AUTH_ADDRESS_RATE_LIMIT.limit < 1) throw new Error('no sign-in allowed per address');
  const windowMs = AUTH_RATE_LIMIT.windowSeconds * 1000;
  const used = new Map<string, number>();
  const pending = Array.from({ length: USERS }, (_, i) => ({
    account: ready.accounts[i % ready.accounts.length] as Account,
    address: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`,
  }));
  const users: User[] = [];
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      for (;;) {
        const now = Date.now();
        const window = Math.floor(now / windowMs);
        const left = (window + 1) * windowMs - now;
        const key = `${next.account.email}:${window}`;
        if (left > 3000 && (used.get(key) ?? 0) < AUTH_RATE_LIMIT.limit) {
          used.set(key, (used.get(key) ?? 0) + 1);
          break;
        }
        await sleep(left + 250);
      }
      const body = await send(recorder, SIGN_IN, `${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'x-forwarded-for': next.address },
        body: new URLSearchParams({ username: next.account.email, password: DEMO_PASSWORD, client_id: 'webapp' }),
      });
      if (body === undefined) continue;
      const answer = JSON.parse(body) as { access_token: string; token_type: string };
      if (answer.token_type !== 'bearer') throw new Error(`${next.account.email}: ${answer.token_type} instead of a session`);
      const claims = JSON.parse(Buffer.from(answer.access_token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string };
      users.push({ ...next, token: answer.access_token, sub: claims.sub });
    }
  };
  await Promise.all(Array.from({ length: SIGN_IN_CONCURRENCY }, worker));
  return users;
}

/** Every signed-in user loops until the deadline: a request of the mix, then a think time. */
async function runUsers(base: string, ready: Ready, users: User[], recorder: Recorder): Promise<number> {
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    users.map(async (user) => {
      // Users do not start in step: the first request comes within one think time.
      await sleep(between(0, THINK_MS.max));
      while (performance.now() < deadline) {
        const kind = kindFor(user);
        await send(recorder, kind.label, base + kind.path(user, ready), {
          headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-for': user.address, accept: 'application/json' },
        });
        await sleep(between(THINK_MS.min, THINK_MS.max));
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

function percentiles(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

const errorsOf = (statuses: Map<string, number> | undefined) =>
  [...(statuses ?? new Map<string, number>())].filter(([status]) => isError(status)).reduce((sum, [, n]) => sum + n, 0);

function report(name: string, recorder: Recorder, seconds: number): number {
  const row = (label: string, latencies: number[], statuses: Map<string, number>, perSecond: boolean) => {
    const { p50, p95, p99 } = percentiles(latencies);
    const rps = perSecond ? (latencies.length / seconds).toFixed(1) : '-';
    return `| ${label} | ${latencies.length} | ${rps} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${p99.toFixed(1)} | ${errorsOf(statuses)} |`;
  };
  const timed = [...recorder.latencies.keys()].filter((k) => k !== SIGN_IN);
  const all = timed.flatMap((k) => recorder.latencies.get(k) ?? []);
  const allStatuses = new Map<string, number>();
  for (const k of timed) for (const [status, n] of recorder.statuses.get(k) ?? []) allStatuses.set(status, (allStatuses.get(status) ?? 0) + n);
  console.log(`\n| ${name}, ${USERS} users × ${SECONDS} s | requests | req/s | p50 ms | p95 ms | p99 ms | errors |`);
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(row('all requests', all, allStatuses, true));
  for (const kind of KINDS) {
    const latencies = recorder.latencies.get(kind.label);
    if (latencies) console.log(row(kind.label, latencies, recorder.statuses.get(kind.label) ?? new Map<string, number>(), true));
  }
  const signIns = recorder.statuses.get(SIGN_IN) ?? new Map<string, number>();
  console.log(row(SIGN_IN, recorder.latencies.get(SIGN_IN) ?? [], signIns, false));
  for (const [status, n] of signIns) allStatuses.set(status, (allStatuses.get(status) ?? 0) + n);
  const errors = [...allStatuses].filter(([status]) => isError(status));
  const statusText = [...allStatuses]
    .sort()
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
  console.log(`\nAnswers by status (sign-ins included): ${statusText}; errors: ${errors.length ? errors.map(([s, n]) => `${s} × ${n}`).join(', ') : 'none'}`);
  for (const sample of recorder.samples) console.log(`  ${sample}`);
  return errors.reduce((sum, [, n]) => sum + n, 0);
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Starts the server process on a database (PGlite in memory without a URL) and waits until it listens. */
function startServer(databaseUrl: string | undefined): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { env: { ...process.env, LOAD_DATABASE_URL: databaseUrl ?? '' } });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) before it listened`)));
    child.on('message', (message: Ready) => {
      if (message.type === 'ready') resolve({ child, ready: message });
    });
  });
}

function stopServer(child: ChildProcess): Promise<Stopped> {
  return new Promise((resolve, reject) => {
    child.removeAllListeners('exit');
    child.once('exit', (code) => reject(new Error(`the server process exited (${code}) without its figures`)));
    child.on('message', (message: Stopped) => {
      if (message.type === 'stopped') resolve(message);
    });
    child.send({ type: 'stop' });
  });
}

async function runTarget(name: string, databaseUrl: string | undefined): Promise<number> {
  const { child, ready } = await startServer(databaseUrl);
  try {
    console.log(`\n## ${name}: demo seed in ${ready.seedSeconds.toFixed(1)} s; server on ${ready.base}, event-loop guard at ${ready.maxEventLoopDelayMs} ms`);
    const recorder = new Recorder();
    const signInStart = performance.now();
    const users = await signInAll(ready.base, ready, recorder);
    const roles = new Map<string, number>();
    for (const user of users) roles.set(user.account.role, (roles.get(user.account.role) ?? 0) + 1);
    console.log(
      `${users.length} of ${USERS} users signed in over ${ready.accounts.length} staff accounts in ${((performance.now() - signInStart) / 1000).toFixed(1)} s (${[...roles].map(([r, n]) => `${r} ${n}`).join(', ')}); running ${SECONDS} s, think time ${THINK_MS.min / 1000}-${THINK_MS.max / 1000} s`,
    );
    child.send({ type: 'start' });
    const loadBefore = loadavg()[0] ?? NaN;
    const seconds = await runUsers(ready.base, ready, users, recorder);
    const loadAfter = loadavg()[0] ?? NaN;
    const stopped = await stopServer(child);
    const errors = report(name, recorder, seconds);
    console.log(
      `Server process: ${(stopped.cpu * 100).toFixed(0)} % of one core; event-loop delay p50 ${stopped.loopDelay.p50.toFixed(1)} ms, p99 ${stopped.loopDelay.p99.toFixed(1)} ms, max ${stopped.loopDelay.max.toFixed(1)} ms (guard at ${ready.maxEventLoopDelayMs} ms); log lines ${JSON.stringify(stopped.logLevels)}`,
    );
    console.log(`Machine: ${availableParallelism()} cores, load average (1 min) ${loadBefore.toFixed(1)} before the run, ${loadAfter.toFixed(1)} after it`);
    for (const line of stopped.problems) console.log(`  server log: ${line}`);
    return errors;
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

async function main(): Promise<void> {
  let errors = 0;
  if (TARGETS.includes('pglite')) errors += await runTarget('PGlite', undefined);
  if (TARGETS.includes('postgres')) {
    const name = `load_${randomBytes(4).toString('hex')}`;
    const reachableDb = await adminQuery(ADMIN_URL, `create database ${name}`).then(
      () => true,
      (error: unknown) => {
        if (process.env.BENCH_TARGETS === 'postgres') throw error;
        console.log(`\n## PostgreSQL: skipped (${(error as Error).message} at ${new URL(ADMIN_URL).host})`);
        return false;
      },
    );
    if (reachableDb) {
      try {
        const url = new URL(ADMIN_URL);
        url.pathname = `/${name}`;
        errors += await runTarget('PostgreSQL', url.toString());
      } finally {
        await adminQuery(ADMIN_URL, `drop database if exists ${name} with (force)`);
      }
    }
  }
  if (errors > 0) {
    console.log(`\n${errors} errors`);
    process.exitCode = 1;
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();
