import type { Database } from '../db/database';

/** Throws when the database does not answer a trivial query (GET /health), on a connection slow requests cannot hold. */
export async function pingDatabase(database: Database): Promise<void> {
  await database.ping();
}
