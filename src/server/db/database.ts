import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pgliteDialect';
import { PGliteEngine } from './pgliteEngine';
import { DEFAULT_PREPARED_STATEMENTS, preparingPool } from './preparedStatements';
import type { DB } from './schema';

export interface Database {
  db: Kysely<DB>;
  /** `pglite` for the embedded default, `postgres` when DATABASE_URL is set. */
  kind: 'pglite' | 'postgres';
  /** PGlite only: the engine, restarted when it dies (pgliteEngine.ts). */
  engine?: PGliteEngine;
  /** PGlite only: the whole database as a tar archive, which `loadDataDir` starts another one from. */
  dump?: () => Promise<Blob>;
  /**
   * Throws when the database does not answer `select 1` (GET /api/health). On PostgreSQL it goes
   * through a connection of its own, so that it answers at once while slow requests hold the pool.
   */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; when absent the embedded PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` means in memory (tests). */
  dataDir?: string | undefined;
  /** A PGlite dump (`Database.dump`) to start from instead of an empty database: the tests' seeded template. */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /**
   * PostgreSQL's statement_timeout on every connection, in ms (absent or 0: none), so that no request
   * holds a connection for longer (the server's is DB_STATEMENT_TIMEOUT_MS). Migrations lift it for
   * their own transactions. PGlite runs on the request thread and cannot be interrupted: its bound
   * is the one on the inputs (filter list lengths, page sizes, JSON depth).
   */
  statementTimeoutMs?: number | undefined;
  /**
   * PostgreSQL only: how many statement texts each connection keeps prepared (preparedStatements.ts;
   * DB_PREPARED_STATEMENTS, 256 by default; 0 prepares none).
   */
  preparedStatements?: number | undefined;
  /** Told when a PostgreSQL connection fails, idle or busy (logged by the server; never fatal). */
  onConnectionError?: (error: Error) => void;
  /** Told when the embedded engine died and is being restarted (logged by the server). */
  onEngineRestart?: (cause: unknown) => void;
  /** Kysely's query log hook (the benchmark uses it to EXPLAIN the queries the API really sends). */
  log?: KyselyConfig['log'];
}

/** How long a request waits for a PostgreSQL connection before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;

const INT8 = 20;
const DATE = 1082;
const NUMERIC = 1700;

// Ids and counts fit in a JS number; dates stay `yyyy-mm-dd` strings (never shifted by a time zone).
pg.types.setTypeParser(INT8, (v) => Number(v));
pg.types.setTypeParser(DATE, (v) => v);
pg.types.setTypeParser(NUMERIC, (v) => Number(v));

/**
 * Planner settings for every session. The default random_page_cost (4) models spinning disks and
 * makes PostgreSQL prefer a sequential scan of 100,000 users over the trigram index of a name
 * search; 1.1 is the usual value for SSD or cached data, which is where this runs.
 */
const SESSION_SETTINGS = { random_page_cost: '1.1' } as const;

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const settings = { ...SESSION_SETTINGS, ...(options.statementTimeoutMs ? { statement_timeout: String(Math.trunc(options.statementTimeoutMs)) } : {}) };
    const connection = {
      connectionString: options.databaseUrl,
      application_name: 'care-console',
      options: Object.entries(settings)
        .map(([name, value]) => `-c ${name}=${value}`)
        .join(' '),
    };
    // A request waits at most CONNECT_TIMEOUT_MS for a connection (the database down, or every
    // connection busy): then it fails as unavailable (503) instead of hanging.
    const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    const pingPool = new pg.Pool({ ...connection, max: 1, connectionTimeoutMillis: 2000 });
    // A connection may end under its client at any time (a server restart, an administrator's
    // pg_terminate_backend, a network cut), idle or in the middle of a query. node-postgres then
    // emits 'error' on the client, and an 'error' event nobody listens to ends the process: the pool
    // listens only while a client is idle. So every client gets a listener of its own when it
    // connects. The query in flight still fails (isDatabaseUnavailable: a 503 with Retry-After), the
    // pool drops the dead client on release and opens a new connection when next needed.
    const watch = (client: pg.PoolClient) => client.on('error', (error) => options.onConnectionError?.(error));
    for (const each of [pool, pingPool]) {
      each.on('connect', watch);
      each.on('error', (error) => options.onConnectionError?.(error));
    }
    const prepared = options.preparedStatements ?? DEFAULT_PREPARED_STATEMENTS;
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: prepared > 0 ? preparingPool(pool, prepared) : pool }),
      ...(options.log ? { log: options.log } : {}),
    });
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await pingPool.query('select 1')),
      close: async () => {
        await db.destroy();
        await pingPool.end();
      },
    };
  }
  const open = async () => {
    const pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      extensions: { pg_trgm },
      parsers: { [INT8]: (v: string) => Number(v), [DATE]: (v: string) => v, [NUMERIC]: (v: string) => Number(v) },
    });
    for (const [name, value] of Object.entries(SESSION_SETTINGS)) await pglite.exec(`set ${name} = ${value}`);
    return pglite;
  };
  const engine = new PGliteEngine(await open(), open, (cause) => options.onEngineRestart?.(cause));
  const db = new Kysely<DB>({ dialect: new PGliteDialect(engine), ...(options.log ? { log: options.log } : {}) });
  return {
    db,
    kind: 'pglite',
    engine,
    dump: () => engine.now.dumpDataDir('none'),
    // Through the dialect, which runs one transaction at a time on PGlite's single session.
    ping: async () => void (await sql`select 1`.execute(db)),
    close: async () => {
      await db.destroy();
      await engine.now.close();
    },
  };
}
