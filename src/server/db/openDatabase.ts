import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { createDatabase, type Database } from './database';
import { migrate } from './migrate';

/** The database the configuration names (PostgreSQL, or PGlite under DATA_DIR/pglite), migrated. */
export async function openDatabase(config: Config, log?: { warn: (details: object, message: string) => void }): Promise<Database> {
  if (!config.databaseUrl && config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : join(config.dataDir ?? './data', 'pglite'),
    statementTimeoutMs: config.statementTimeoutMs,
    preparedStatements: config.preparedStatements,
    onConnectionError: (error) => log?.warn({ err: error }, 'a database connection failed; the pool will open another'),
    onEngineRestart: (cause) => log?.warn({ err: cause }, 'the embedded database stopped; restarting it from its data directory'),
  });
  await migrate(database.db);
  return database;
}
