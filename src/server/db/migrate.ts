import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { loadReferenceData } from './referenceData';
import type { DB } from './schema';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

/**
 * Applies every `migrations/NNNN_name.sql` not yet recorded in schema_migrations, in name order,
 * each in its own transaction, then loads the reference data files not yet loaded
 * (referenceData.ts). Returns the names applied by this call.
 */
export async function migrate(db: Kysely<DB>): Promise<string[]> {
  // Checked first: the application's least-privilege role (README) may not create tables, even "if not exists".
  const { rows } = await sql<{ found: string | null }>`select to_regclass('schema_migrations')::text as found`.execute(db);
  if (!rows[0]?.found) {
    await sql`create table if not exists schema_migrations (
      name text primary key, applied_at timestamptz not null default now())`.execute(db);
  }
  const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const text = await readFile(MIGRATIONS_DIR + file, 'utf8');
    await db.transaction().execute(async (trx) => {
      // A migration may rewrite a large table: the requests' statement_timeout is not for it.
      await sql`set local statement_timeout = 0`.execute(trx);
      await sql.raw(text).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: file }).execute();
    });
    applied.push(file);
  }
  return [...applied, ...(await loadReferenceData(db, done))];
}
