// `npm run bench:clinical`: the clinical record's chart of issue 14 on PostgreSQL (DATABASE_URL,
// required): seeds the scale data (demo + 100,000 patients, 2,000,000 device activities, whose
// readings the observations trigger copies) into a fresh database, gives one scale patient a blood
// pressure cuff with 5,000 readings over the past 3 months, then measures through the real HTTP server
// - GET patients/{id}/charts/blood_pressure (the dialog's default: past 3 months, all readings),
// - the same with timescale=day, and the table view's first page (50, newest first, flagged shown),
// - the record's read with profile, measure_reports and observations expanded (the metrics tab).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../src/server/db/schema';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { migrate } from '../../src/server/db/migrate';
import { BENCH_SCALE, seedDatabase } from '../../src/server/db/seed/seed';
import { benchHeaders, openBenchDatabase } from './benchSetup';
import { runLoad } from './loadgen';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 500);
const READINGS = 5000;
const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('bench:clinical runs on PostgreSQL: set DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres)');
const { database, drop } = await openBenchDatabase(adminUrl, process.env.BENCH_REUSE === '1' ? 'bench_clinical' : undefined);
try {
  const db = database.db;
  await migrate(db);
  const started = performance.now();
  const seeded = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (!seeded) await seedDatabase(db, { scale: BENCH_SCALE });
  console.log(`## PostgreSQL: ${seeded ? 'reused the seeded database' : `seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`}`);
  const observations = await db
    .selectFrom('observations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  console.log(`observations: ${Number(observations.n).toLocaleString('en-US')}`);

  // One active scale patient gets a cuff and 5,000 readings spread over the past 3 months (about 55 a day).
  const patient = await db
    .selectFrom('patients as p')
    .innerJoin('tenants as t', 't.id', 'p.tenant_id')
    .select(['p.id', 'p.tenant_id'])
    .where('t.slug', 'like', 'scale-%')
    .where('p.patient_status', '=', 'active')
    .orderBy('p.id')
    .limit(1)
    .executeTakeFirstOrThrow();
  // A reused database keeps the cuff and its readings of an earlier run.
  const existing = await db.selectFrom('devices').select('id').where('patient_id', '=', patient.id).where('external_id', 'like', 'BENCH%').executeTakeFirst();
  if (!existing) await addBenchReadings(db, patient);
  await sql`analyze observations`.execute(db);

  const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = await benchHeaders(base, 'internal.admin@demo.example');
  const chart = `${base}/api/patients/${patient.id}/charts/blood_pressure`;
  const cases: [string, string][] = [
    ['chart, past 3 months, all readings', chart],
    ['chart, past 3 months, by day', `${chart}?timescale=day`],
    ['table view, first 50, flagged shown', `${chart}?order=desc&skip=0&limit=50&disable_flagged_filter=true`],
    [
      'record with profile, measure_reports, observations',
      `${base}/api/patients/${patient.id}?meta=${encodeURIComponent('{"expand":["profile","measure_reports","observations"]}')}`,
    ],
  ];
  console.log(
    `\n| one patient, ${READINGS.toLocaleString('en-US')} readings in 3 months; ${REQUESTS} requests, 1 in flight | points | p50 ms | p95 ms | p99 ms | errors |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const [label, url] of cases) {
    const probe = await fetch(url, { headers });
    if (!probe.ok) throw new Error(`${label}: ${probe.status} ${await probe.text()}`);
    const body = (await probe.json()) as { points?: unknown[] };
    await runLoad(url, headers, 50, 1);
    const r = await runLoad(url, headers, REQUESTS, 1);
    console.log(`| ${label} | ${body.points?.length ?? '-'} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
  }
  await app.close();
} finally {
  await database.close();
  await drop();
}

/** A blood pressure cuff for the patient with READINGS readings spread over the past 89 days (about 55 a day). */
async function addBenchReadings(db: Kysely<DB>, patient: { id: number; tenant_id: number }) {
  const device = await db
    .insertInto('devices')
    .values({
      tenant_id: patient.tenant_id,
      patient_id: patient.id,
      external_id: `BENCH${String(Date.now()).slice(-10)}`,
      device_type: 'blood_pressure',
      device_manufacturer: 'tenovi',
      status: 'active',
      assigned_on: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into device_activities (device_id, tenant_id, patient_id, activity_type, created_on, value)
    select ${device.id}, ${patient.tenant_id}, ${patient.id}, 'measurement',
      now() - make_interval(mins => g * ${Math.floor((89 * 1440) / READINGS)}),
      jsonb_build_array(jsonb_build_object('name', 'blood_pressure', 'systolic', 115 + g % 30, 'diastolic', 70 + g % 15,
        'value', (115 + g % 30) || '/' || (70 + g % 15), 'unit', jsonb_build_object('text', 'mmHg')))
    from generate_series(1, ${READINGS}) g`.execute(db);
}
