// `npm run bench:billing`: the care-time and billing benchmark of issue 13 on PostgreSQL (DATABASE_URL,
// required): seeds the scale data (demo + 100,000 patients and twelve months of monitoring notes for
// the 20 scale providers) into a fresh database, then measures
// - the month's ledger rebuilt for every patient with a care program (services, progress, claims),
// - the month's claims generated from the ledger for the whole seed (generateMonthClaims),
// - the Monitoring Progress first page of one provider and month through the real HTTP server.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { BENCH_SCALE, DEMO_PASSWORD, seedDatabase } from '../../src/server/db/seed/seed';
import { generateMonthClaims } from '../../src/server/services/billing/claims';
import { refreshLedgerMonth } from '../../src/server/services/billing/monthLedger';
import { runLoad } from './loadgen';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
/** BENCH_REUSE=1: keep the database `bench_billing` between runs and seed it only once. */
const REUSE = process.env.BENCH_REUSE === '1';
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:billing runs on PostgreSQL: set DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)');

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const name = REUSE ? 'bench_billing' : `bench_${randomBytes(4).toString('hex')}`;
await adminQuery(`create database ${name}`).catch((error: unknown) => {
  if (!REUSE) throw error;
});
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const database = await createDatabase({ databaseUrl: url.toString(), poolSize: 8, statementTimeoutMs: 0 });
try {
  const db = database.db;
  await migrate(db);
  let started = performance.now();
  const seeded = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (!seeded) await seedDatabase(db, { scale: BENCH_SCALE });
  console.log(`## PostgreSQL: ${seeded ? 'reused the seeded database' : `seeded in ${seconds(started)} s`}`);

  const notes = await db
    .selectFrom('monitoring_activities')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('reviewed_on').as('first'), eb.fn.max('reviewed_on').as('last')])
    .executeTakeFirstOrThrow();
  console.log(`monitoring notes: ${Number(notes.n).toLocaleString('en-US')}, ${String(notes.first)} to ${String(notes.last)}`);

  const month = new Date().toISOString().slice(0, 7);
  const first = `${month}-01`;
  started = performance.now();
  const patients = await refreshLedgerMonth(db, month);
  const ledgerSeconds = seconds(started);
  const services = await db
    .selectFrom('services')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('start_date', '=', first)
    .executeTakeFirstOrThrow();
  console.log(`ledger of ${month}: ${patients.toLocaleString('en-US')} patients, ${Number(services.n).toLocaleString('en-US')} services, ${ledgerSeconds} s`);

  // The claims the ledger made, made again from nothing.
  await db.deleteFrom('claim_items').where('date_of_service', '=', first).where('source', '=', 'based_on_service').where('submitted', '=', false).execute();
  started = performance.now();
  const claims = await generateMonthClaims(db, month);
  console.log(`claims of ${month} generated for the whole seed: ${claims.toLocaleString('en-US')} claims, ${seconds(started)} s`);

  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'internal.admin@demo.example', password: DEMO_PASSWORD, client_id: 'webapp' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { authorization: `Bearer ${access_token}` };
  const busiest = await db
    .selectFrom('monitoring_progress')
    .select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('start_date', '=', first)
    .groupBy('tenant_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  // As the screen's month filter sends it: from the month's first day to before the next month's.
  const next = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 1)).toISOString().slice(0, 10);
  const filter = encodeURIComponent(JSON.stringify({ 'tenant_id[eq]': busiest.tenant_id, 'start_date[gte]': first, 'start_date[lt]': next }));
  const page = `${base}/api/monitoring-progress?sort=progress_all&order=asc&skip=0&limit=10&filter=${filter}&meta=${encodeURIComponent('{"expand":["services"]}')}`;
  const probe = await fetch(page, { headers });
  if (!probe.ok) throw new Error(`monitoring-progress: ${probe.status} ${await probe.text()}`);
  await runLoad(page, headers, 50, 1);
  const result = await runLoad(page, headers, REQUESTS, 1);
  console.log(
    `\n| Monitoring Progress first page, one provider (${Number(busiest.n).toLocaleString('en-US')} rows that month), ${REQUESTS} requests | p50 ms | p95 ms | p99 ms | errors |`,
  );
  console.log('|---|---|---|---|---|');
  console.log(`| PostgreSQL, 1 in flight | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.p99.toFixed(1)} | ${result.errors} |`);
  await app.close();
} finally {
  await database.close();
  if (!REUSE) await adminQuery(`drop database if exists ${name} with (force)`);
}
