// `npm run bench:metrics`: every chart of GET metrics (issue 19) for one provider over 12 months, on
// PostgreSQL (DATABASE_URL, required) seeded with the scale seed (demo + 100,000 patients over 20
// providers; BENCH_SMALL=1 seeds the demo only), through the real HTTP server, one request at a
// time: p50 and p95 per chart and frequency. Target: p95 under 100 ms. BENCH_REUSE=1 keeps the
// database `bench_metrics` between runs (seeded once).
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { migrate } from '../../src/server/db/migrate';
import { BENCH_SCALE, seedDatabase } from '../../src/server/db/seed/seed';
import { METRIC_CHART_IDS, METRIC_FREQUENCIES } from '../../schemas/payloads/metrics';
import { benchHeaders, openBenchDatabase } from './benchSetup';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20);
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:metrics runs on PostgreSQL: set DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)');

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const { database, drop } = await openBenchDatabase(adminUrl, process.env.BENCH_REUSE === '1' ? 'bench_metrics' : undefined);
try {
  const db = database.db;
  await migrate(db);
  const started = performance.now();
  const seeded = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (!seeded) await seedDatabase(db, process.env.BENCH_SMALL === '1' ? {} : { scale: BENCH_SCALE });
  console.log(`## PostgreSQL: ${seeded ? 'reused the seeded database' : `seeded in ${seconds(started)} s`}`);

  // The provider with the most patients: the heaviest charts.
  const tenant = await db
    .selectFrom('patients')
    .select(['tenant_id', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('tenant_id')
    .orderBy('n', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  // The scale seed writes no readings for its providers: give the provider's active patients one
  // heart-rate reading a day for a year (once), so that the clinical charts have work to do.
  const before = await db.selectFrom('observations').select('id').where('tenant_id', '=', tenant.tenant_id).limit(1).executeTakeFirst();
  if (!before) {
    const t0 = performance.now();
    await sql`
      insert into observations (tenant_id, patient_id, name, category, source, timestamp, value, unit_text)
      select p.tenant_id, p.id, 'heart_rate', 'vital-signs', 'device',
        now() - make_interval(days => d, hours => p.id % 12), 60 + (p.id * 7 + d * 13) % 40, 'bpm'
      from patients p cross join generate_series(0, 364) d
      where p.tenant_id = ${tenant.tenant_id} and p.patient_status = 'active' and (p.id + d) % 5 <> 0`.execute(db);
    // As autovacuum leaves a table that stopped changing: the charts' index-only scans need the visibility map.
    await sql`vacuum analyze observations, metric_readings, metric_reading_days, monitoring_activities`.execute(db);
    console.log(`readings of a year written in ${seconds(t0)} s`);
  }
  const readings = await db
    .selectFrom('observations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', tenant.tenant_id)
    .executeTakeFirstOrThrow();

  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await benchHeaders(base, 'internal.admin@demo.example');
  const time = async (query: Record<string, string>) => {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/metrics?${new URLSearchParams(query).toString()}`, { headers });
    const body = await response.text();
    if (!response.ok) throw new Error(`${JSON.stringify(query)}: ${response.status} ${body}`);
    return performance.now() - t0;
  };
  console.log(
    `\n| chart, provider ${tenant.tenant_id} (${Number(tenant.n).toLocaleString('en-US')} patients, ${Number(readings.n).toLocaleString('en-US')} readings), 12 months, ${REQUESTS} requests | freq | p50 ms | p95 ms |`,
  );
  console.log('|---|---|---|---|');
  for (const id of METRIC_CHART_IDS) {
    for (const freq of METRIC_FREQUENCIES) {
      const query = { id, tenant_id: String(tenant.tenant_id), months: '12', freq, cumulative: 'true' };
      await time(query);
      const times: number[] = [];
      for (let i = 0; i < REQUESTS; i++) times.push(await time(query));
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
      console.log(`| ${id} | ${freq} | ${at(0.5).toFixed(1)} | ${at(0.95).toFixed(1)} |`);
    }
  }
  await app.close();
} finally {
  await database.close();
  await drop();
}
