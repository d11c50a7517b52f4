import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** Throws when the database does not answer a trivial query (GET /health). */
export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
