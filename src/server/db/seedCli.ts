// `npm run seed [-- --scale]`: migrate and seed the database DATABASE_URL or DATA_DIR points to.
import { loadConfig } from '../config';
import { openDatabase } from './openDatabase';
import { BENCH_SCALE, seedDatabase } from './seed/seed';

const config = loadConfig();
// Seeding writes millions of rows in a few statements: the requests' statement timeout is not for it.
const database = await openDatabase({ ...config, statementTimeoutMs: 0 });
const existing = await database.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
if (existing) {
  console.error('The database already holds data; seed only an empty one.');
  await database.close();
  process.exit(1);
}
const scale = process.argv.includes('--scale');
const started = Date.now();
await seedDatabase(database.db, scale ? { scale: BENCH_SCALE } : {});
console.log(`Seeded ${scale ? 'demo + scale' : 'demo'} data in ${((Date.now() - started) / 1000).toFixed(1)} s`);
await database.close();
