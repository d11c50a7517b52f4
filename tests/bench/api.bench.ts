// `npm run bench:api`: seeds the scale data (demo + 100,000 patients, 20,000 devices, 2,000,000
// device activities) into PGlite, and into a fresh PostgreSQL database when DATABASE_URL is set,
// then measures four list requests through the real HTTP server and prints their query plans, and
// runs the same count and page statements bare (captured from the request, sent one after the other
// on the database connection, no HTTP, no session; a list's page carries its audit row in its own
// statement, so the bare page writes one too) to print the API's cost above the database:
// issue 20's target is the API's p50 at most 1.5 times the bare p50 plus 0.5 ms.
import { randomBytes } from 'node:crypto';
import { CompiledQuery, type LogEvent } from 'kysely';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { BENCH_SCALE, seedDatabase } from '../../src/server/db/seed/seed';
import { adminQuery, benchHeaders, startServerProcess } from './benchSetup';
import { percentiles, runLoad, type LoadResult } from './loadgen';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
/** BENCH_REUSE=1: keep the PostgreSQL database `bench_scale` between runs and seed it only once. */
const REUSE = process.env.BENCH_REUSE === '1';
/** BENCH_TARGETS=postgres skips PGlite (its seed takes minutes). */
const ONLY_POSTGRES = process.env.BENCH_TARGETS === 'postgres';
/** Latency is read at 1 request in flight; throughput under load at 4 (load generator, server and database share 2 cores here). */
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const MOST_IN_FLIGHT = Math.max(...CONCURRENCIES);
/** BENCH_CASE=activities runs only the cases whose label holds that text. */
const ONLY_CASE = process.env.BENCH_CASE;

interface Target {
  name: string;
  open(log: (event: LogEvent) => void): Promise<{ database: Database; drop: () => Promise<void>; url?: string }>;
}

const targets: Target[] = ONLY_POSTGRES ? [] : [{ name: 'PGlite', open: async (log) => ({ database: await createDatabase({ log }), drop: async () => {} }) }];
const adminUrl = process.env.DATABASE_URL;
if (adminUrl) {
  targets.push({
    name: 'PostgreSQL',
    open: async (log) => {
      const name = REUSE ? 'bench_scale' : `bench_${randomBytes(4).toString('hex')}`;
      await adminQuery(adminUrl, `create database ${name}`).catch((error: unknown) => {
        if (!REUSE) throw error;
      });
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      // DB_PREPARED_STATEMENTS=0 measures without prepared statements, as the server would run with it.
      const preparedStatements = process.env.DB_PREPARED_STATEMENTS === undefined ? undefined : Number(process.env.DB_PREPARED_STATEMENTS);
      const database = await createDatabase({ databaseUrl: url.toString(), poolSize: 8, log, preparedStatements });
      const drop = REUSE ? async () => {} : () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      return { database, drop, url: url.toString() };
    },
  });
}

/** What every request does before its data (the session's lookup): not part of the bare baseline. */
const PER_REQUEST = /from "sessions"|from "tenant_user_roles"/;
/** The statements of a request's data: its selects, and a list's page written with its audit row (`with page as (...)`). */
const DATA_STATEMENT = /^\s*(select|with)\b/i;
/**
 * BENCH_SERVER=process (PostgreSQL only): the load goes to the server as a process of its own
 * (src/server/main.ts) instead of the one in this process. On this 2-core machine that is slower
 * (load generator, server and database then contend as three processes), so the default stays in
 * this process, as PGlite must (its database lives here).
 */
const SEPARATE_SERVER = process.env.BENCH_SERVER === 'process';

/** The captured queries of one request run `requests` times in a row, each time all of them in order: their latency (ms). */
async function bare(database: Database, queries: CompiledQuery[], requests: number): Promise<{ p50: number; p95: number }> {
  const latencies: number[] = [];
  for (let i = 0; i < requests; i++) {
    const t0 = performance.now();
    for (const query of queries) await database.db.executeQuery(query);
    latencies.push(performance.now() - t0);
  }
  const { p50, p95 } = percentiles(latencies);
  return { p50, p95 };
}

/** The same captured queries from `concurrency` loops at once on the pool: the database's own requests per second. */
async function bareLoad(database: Database, queries: CompiledQuery[], requests: number, concurrency: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  const loop = async () => {
    while (next < requests) {
      next++;
      for (const query of queries) await database.db.executeQuery(query);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return requests / ((performance.now() - started) / 1000);
}

const listUrl = (resource: string, sort: string, limit: number, filter: Record<string, unknown>) =>
  `/api/${resource}?sort=${sort}&order=desc&skip=0&limit=${limit}&filter=${encodeURIComponent(JSON.stringify(filter))}`;

for (const target of targets) {
  let capture: CompiledQuery[] | undefined;
  const { database, drop, url } = await target.open((event) => {
    if (capture && event.level === 'query') capture.push(event.query);
  });
  try {
    await migrate(database.db);
    const seedStart = performance.now();
    const seeded = await database.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
    if (!seeded) await seedDatabase(database.db, { scale: BENCH_SCALE });
    console.log(`\n## ${target.name}: ${seeded ? 'reused the seeded database' : 'seeded'} in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);

    // As in production: the session's lookup kept a moment (auth/sessionCache.ts; testConfig turns it off).
    const app = await buildApp(testConfig({ logLevel: 'silent', sessionCacheMs: 2000 }), database);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await benchHeaders(base, 'internal.admin@demo.example');
    const served =
      url && SEPARATE_SERVER
        ? await startServerProcess(Number(process.env.BENCH_PORT ?? 3396), { DATABASE_URL: url, APP_ENV: 'demo', DEMO: 'true' })
        : undefined;
    const load = served ? { base: served.base, headers: await benchHeaders(served.base, 'internal.admin@demo.example') } : { base, headers };
    console.log(`(the load goes to ${served ? 'the server as a process of its own' : 'the server in this process'})`);
    const busyDevice = await database.db
      .selectFrom('device_activities')
      .select('device_id')
      .where('tenant_id', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();

    const cases: [string, string][] = [
      [
        'devices: manufacturer filter + IMEI like, sorted by added_on',
        listUrl('devices', 'added_on', 10, { 'device_manufacturer[eq]': 'tenovi', 'external_id[like]': '860' }),
      ],
      ['device activities of one device, newest first', listUrl('device-activities', 'created_on', 20, { 'device_id[eq]': busyDevice.device_id })],
      ['patients searched by name', listUrl('patients', 'created_at', 10, { q: { field: 'user.full_name', value: 'Garcia' } })],
      [
        'patient queue: rpm view, 3 filters, by priority, with observations',
        `${listUrl('patients', 'priority', 10, { 'patient_status[eq]': 'active', 'has_rpm[eq]': true, 'rpm_review_status[in]': ['pending'], 'care_setting[in]': ['home'], 'primary_condition[in]': ['COPD', 'Asthma', 'HeartFailure'] })}&meta=${encodeURIComponent('{"expand":["observations"]}')}`,
      ],
    ];
    const results: [string, number, LoadResult][] = [];
    const baselines: [string, { p50: number; p95: number }][] = [];
    const bareThroughput: [string, number][] = [];
    for (const [label, path] of cases.filter(([label]) => !ONLY_CASE || label.includes(ONLY_CASE))) {
      // The statements a request sends once countPlacement.ts has timed its count (the first request counts
      // apart; a cheap count then joins the page's statement): a warm-up, then two requests captured, of which
      // the one with fewer statements (at most one in 50 times its count apart again).
      await runLoad(base + path, headers, 10, 1);
      const probes: CompiledQuery[][] = [];
      let probe: Response | undefined;
      for (let i = 0; i < 2; i++) {
        capture = [];
        probe = await fetch(base + path, { headers });
        if (!probe.ok) throw new Error(`${label}: ${probe.status} ${await probe.text()}`);
        probes.push(capture.filter((q) => DATA_STATEMENT.test(q.sql)));
      }
      capture = undefined;
      const queries = probes.reduce((fewest, each) => (each.length < fewest.length ? each : fewest));
      console.log(`\n### ${label}\nGET ${decodeURIComponent(path)}  (${probe?.headers.get('content-range')})`);
      for (const query of queries) {
        const plan = await database.db.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, costs off, timing off, summary off) ${query.sql}`, [...query.parameters]),
        );
        console.log(plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
      }
      await runLoad(load.base + path, load.headers, 100, 4);
      for (const concurrency of CONCURRENCIES) {
        results.push([label, concurrency, await runLoad(load.base + path, load.headers, REQUESTS, concurrency)]);
      }
      const data = queries.filter((query) => !PER_REQUEST.test(query.sql));
      await bare(database, data, 100);
      baselines.push([label, await bare(database, data, REQUESTS)]);
      bareThroughput.push([label, await bareLoad(database, data, REQUESTS, MOST_IN_FLIGHT)]);
    }
    console.log(`\n| ${target.name}, ${REQUESTS} requests each | in flight | req/s | p50 ms | p95 ms | p99 ms | errors |`);
    console.log('|---|---|---|---|---|---|---|');
    for (const [label, concurrency, r] of results) {
      console.log(`| ${label} | ${concurrency} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
    }
    console.log(
      `\n| ${target.name}: the API against its bare SQL, 1 in flight | API p50 | API p95 | SQL p50 | SQL p95 | p50 ratio | target: API p50 <= 1.5 SQL p50 + 0.5 |`,
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const [label, sql] of baselines) {
      const api = results.find(([name, concurrency]) => name === label && concurrency === 1)?.[2];
      if (!api) continue;
      const target = 1.5 * sql.p50 + 0.5;
      console.log(
        `| ${label} | ${api.p50.toFixed(2)} | ${api.p95.toFixed(2)} | ${sql.p50.toFixed(2)} | ${sql.p95.toFixed(2)} | ${(api.p50 / sql.p50).toFixed(1)} | ${target.toFixed(2)}: ${api.p50 <= target ? 'met' : 'not met'} |`,
      );
    }
    console.log(`\n| ${target.name}: requests per second at ${MOST_IN_FLIGHT} in flight | API | bare SQL | API / SQL |`);
    console.log('|---|---|---|---|');
    for (const [label, sqlRps] of bareThroughput) {
      const api = results.find(([name, concurrency]) => name === label && concurrency === MOST_IN_FLIGHT)?.[2];
      if (api) console.log(`| ${label} | ${api.rps.toFixed(0)} | ${sqlRps.toFixed(0)} | ${(api.rps / sqlRps).toFixed(2)} |`);
    }
    await served?.stop();
    await app.close();
  } finally {
    await database.close();
    await drop();
  }
}
