// `npm run bench:invoice`: the fee-for-service invoice preview of issue 17 on PostgreSQL (DATABASE_URL,
// required). Seeds the scale seed (demo + 100,000 patients over 20 providers; BENCH_SMALL=1 seeds the
// demo only), then adds one provider of 10,000 active patients with a month of claims each (a device
// supply, a first and an additional 20 minutes of treatment management, a CCM month: 40,000 claims,
// written in SQL) priced in two tiers, and times POST providers/{id}/fee-for-service-invoice with
// is_preview true through the real HTTP server, one request at a time.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { BENCH_SCALE, DEMO_PASSWORD, seedDatabase } from '../../src/server/db/seed/seed';

const PATIENTS = Number(process.env.BENCH_PATIENTS ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 10);
/** BENCH_REUSE=1: keep the database `bench_invoice` between runs and seed it only once. */
const REUSE = process.env.BENCH_REUSE === '1';
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:invoice runs on PostgreSQL: set DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)');

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

const name = REUSE ? 'bench_invoice' : `bench_${randomBytes(4).toString('hex')}`;
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
  if (!seeded) await seedDatabase(db, process.env.BENCH_SMALL === '1' ? {} : { scale: BENCH_SCALE });
  console.log(`## PostgreSQL: ${seeded ? 'reused the seeded database' : `seeded in ${seconds(started)} s`}`);

  // The previous month, whose claims are invoiced.
  const now = new Date();
  const month = now.getUTCMonth() === 0 ? 12 : now.getUTCMonth();
  const year = now.getUTCMonth() === 0 ? now.getUTCFullYear() - 1 : now.getUTCFullYear();
  const first = `${String(year)}-${String(month).padStart(2, '0')}-01`;
  let bench = await db.selectFrom('tenants').select('id').where('slug', '=', 'bench-invoice').executeTakeFirst();
  if (!bench) {
    started = performance.now();
    bench = await db
      .insertInto('tenants')
      .values({
        slug: 'bench-invoice',
        name: 'Invoice Bench Clinic',
        registered_on: new Date(Date.UTC(year - 1, 0, 1)),
        billing_scheme: 'fee_for_service',
        timezone: 'America/Chicago',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const tenant = bench.id;
    const doctor = await db
      .insertInto('users')
      .values({
        email: 'doctor@bench-invoice.example',
        first_name: 'Bench',
        last_name: 'Doctor',
        role: 'clinician',
        tenant_id: tenant,
        is_provider: true,
        npi_number: '1234567893',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      with u as (
        insert into users (email, first_name, last_name, role, tenant_id)
        select 'bench.' || g || '@patients.example', 'Bench', 'Patient ' || g, 'patient', ${tenant}
        from generate_series(1, ${PATIENTS}) g
        returning id
      )
      insert into patients (user_id, tenant_id, patient_status, birthdate, consented_on, first_device_activity, billing_provider_id)
      select id, ${tenant}, 'active', '1950-01-01', ${first}::date - 90, ${first}::date - 80, ${doctor.id} from u`.execute(db);
    await sql`
      insert into claim_items (tenant_id, patient_id, source, date_of_service, end_date_of_service, cpt_code, units, billing_provider, icd10_ids)
      select ${tenant}, p.id, 'manual', ${first}::date, (${first}::date + interval '1 month' - interval '1 day')::date, c.code, c.units, ${doctor.id}, array['I10']
      from patients p cross join (values ('99454', 1), ('99457', 1), ('99458', 2), ('99490', 1)) as c(code, units)
      where p.tenant_id = ${tenant}`.execute(db);
    for (const [threshold, hundredths] of [
      [0, 85],
      [1000, 75],
    ] as const)
      await sql`
        insert into fee_for_service_prices (tenant_id, cpt_code, fee_schedule_price_cents, negotiated_price_cents, volume_threshold, as_of_date, proportion)
        select ${tenant}, code, amount_cents, (amount_cents * ${hundredths} + 50) / 100, ${threshold}, effective_from, ${hundredths / 100}
        from fee_schedule_amounts where effective_from <= ${first}::date and (effective_to is null or effective_to >= ${first}::date)`.execute(db);
    await sql`analyze`.execute(db);
    console.log(`bench provider: ${PATIENTS.toLocaleString('en-US')} patients and their claims of ${first.slice(0, 7)} written in ${seconds(started)} s`);
  }
  const claims = await db
    .selectFrom('claim_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tenant_id', '=', bench.id)
    .executeTakeFirstOrThrow();

  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: 'internal.billing@demo.example', password: DEMO_PASSWORD, client_id: 'webapp' }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const preview = async () => {
    const t0 = performance.now();
    const response = await fetch(`${base}/api/providers/${String(bench.id)}/fee-for-service-invoice`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ month, year, is_preview: true }),
    });
    const body = (await response.json()) as { totals?: { count: number; total: number }; detail?: unknown };
    if (!response.ok) throw new Error(`preview: ${String(response.status)} ${JSON.stringify(body)}`);
    return { ms: performance.now() - t0, bytes: JSON.stringify(body).length, totals: body.totals };
  };
  const warm = await preview();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push((await preview()).ms);
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  console.log(
    `\n| invoice preview, ${PATIENTS.toLocaleString('en-US')} patients, ${Number(claims.n).toLocaleString('en-US')} claims, answer ${(warm.bytes / 1e6).toFixed(1)} MB, ${REQUESTS} requests | first ms | p50 ms | max ms |`,
  );
  console.log('|---|---|---|---|');
  console.log(`| PostgreSQL, 1 in flight | ${warm.ms.toFixed(0)} | ${at(0.5).toFixed(0)} | ${(times.at(-1) ?? NaN).toFixed(0)} |`);
  console.log(`totals: ${JSON.stringify(warm.totals)}`);
  await app.close();
} finally {
  await database.close();
  if (!REUSE) await adminQuery(`drop database if exists ${name} with (force)`);
}
