// `npm run bench:icd10`: the diagnosis search of issue 15 (GET icd10?q=..., the condition form's
// ICD-10-CM picker) over the full loaded code set (24,627 codes of the 2018 release), through the real
// HTTP server, on PGlite and, when DATABASE_URL is set, on a fresh PostgreSQL database. Each database is
// migrated (which loads the codes) and given the demo seed (the accounts); every query is asked
// BENCH_REQUESTS times (default 200) at 1 in flight after 20 warm-up requests.
// Targets (README "Benchmarks"): p95 under 20 ms on PostgreSQL and under 40 ms on PGlite.
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { seedDatabase } from '../../src/server/db/seed/seed';
import { benchHeaders, openBenchDatabase } from './benchSetup';
import { runLoad } from './loadgen';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
/** What a clinician types: words of descriptions (the case the targets name), and codes. */
const WORD_QUERIES = [
  'heart fail',
  'type 2 diabetes kidney',
  'chronic obstructive pulmonary',
  'hypertensive heart',
  'asthma',
  'fracture of femur',
  'unspecified',
];
const CODE_QUERIES = ['I50.9', 'e119'];

const targets: { name: string; open: () => Promise<{ database: Database; drop: () => Promise<void> }> }[] = [
  { name: 'PGlite', open: async () => ({ database: await createDatabase({}), drop: async () => {} }) },
];
if (process.env.DATABASE_URL) targets.push({ name: 'PostgreSQL', open: () => openBenchDatabase(process.env.DATABASE_URL!) });

console.log(`| database | search | matches | p50 ms | p95 ms | p99 ms | errors |`);
console.log('|---|---|---|---|---|---|---|');
for (const target of targets) {
  const { database, drop } = await target.open();
  try {
    await migrate(database.db);
    await seedDatabase(database.db, {});
    const app = await buildApp(testConfig({ logLevel: 'silent' }), database);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = await benchHeaders(base, 'clinician@northwind.demo.example');
    let worst = 0;
    for (const q of [...WORD_QUERIES, ...CODE_QUERIES]) {
      const url = `${base}/api/icd10?q=${encodeURIComponent(q)}&limit=20`;
      const probe = await fetch(url, { headers });
      if (!probe.ok) throw new Error(`${q}: ${probe.status} ${await probe.text()}`);
      const matches = probe.headers.get('content-range')?.split('/')[1] ?? '?';
      await runLoad(url, headers, 20, 1);
      const r = await runLoad(url, headers, REQUESTS, 1);
      if (WORD_QUERIES.includes(q)) worst = Math.max(worst, r.p95);
      console.log(`| ${target.name} | "${q}" | ${matches} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`);
    }
    console.log(`| ${target.name} | worst p95 of the word searches | | | ${worst.toFixed(1)} | | |`);
    await app.close();
  } finally {
    await database.close();
    await drop();
  }
}
