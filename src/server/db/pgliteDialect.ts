import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import type { PGliteEngine } from './pgliteEngine';
import { DatabaseRestartingError } from './unavailable';

/**
 * Kysely dialect over an embedded PGlite instance (held by a PGliteEngine, which restarts it when
 * it dies). PGlite is single-connection, so transactions are serialised through one mutex: a
 * second transaction waits until the first commits or rolls back.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteEngine) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;
  constructor(pglite: PGliteEngine) {
    this.connection = new PGliteConnection(pglite);
  }
  async init() {}
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    // PGlite runs each statement synchronously on this thread, and a queue of waiting requests
    // would otherwise hand the connection on from promise to promise without the event loop ever
    // turning: no socket read, no timer, no health check until the whole backlog had run (the load
    // test saw the loop lag 1.6 s, and the event-loop guard shed requests the database would have
    // served). One turn of the loop before each use keeps the server responsive; the backlog waits
    // here instead, where it costs latency, not availability.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.connection.release = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection) {
    await (conn as PGliteConnection).begin();
  }
  async commitTransaction(conn: DatabaseConnection) {
    await (conn as PGliteConnection).end('commit');
  }
  async rollbackTransaction(conn: DatabaseConnection) {
    await (conn as PGliteConnection).end('rollback');
  }
  async releaseConnection(conn: DatabaseConnection) {
    (conn as PGliteConnection).release();
  }
  async destroy() {}
}

class PGliteConnection implements DatabaseConnection {
  release: () => void = () => {};
  /** The engine generation the open transaction began on (none outside a transaction). */
  private transactionOn: number | undefined;
  constructor(private readonly engine: PGliteEngine) {}

  async begin() {
    await this.engine.instance();
    this.transactionOn = this.engine.generation;
    await this.executeQuery(CompiledQuery.raw('begin'));
  }

  /** Commit or roll back; a transaction whose engine was restarted is gone already (commit refuses, rollback has nothing to do). */
  async end(statement: 'commit' | 'rollback') {
    const lost = this.transactionOn !== this.engine.generation;
    try {
      if (lost && statement === 'commit') throw new DatabaseRestartingError();
      if (!lost) await this.executeQuery(CompiledQuery.raw(statement));
    } finally {
      this.transactionOn = undefined;
    }
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const pglite = await this.engine.instance();
    // The rest of a transaction the engine lost must not run on the new engine, outside any transaction.
    if (this.transactionOn !== undefined && this.transactionOn !== this.engine.generation) throw new DatabaseRestartingError();
    try {
      // The simple protocol (exec) runs scripts of several statements, such as migrations.
      const result =
        compiled.parameters.length === 0
          ? ((await pglite.exec(compiled.sql)).at(-1) ?? { rows: [], affectedRows: 0 })
          : await pglite.query<R>(compiled.sql, compiled.parameters as unknown[]);
      const affected = result.affectedRows;
      return {
        rows: result.rows as R[],
        ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
      };
    } catch (error) {
      if (this.engine.isDead(error)) throw this.engine.fail(error);
      throw error;
    }
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported on PGlite');
  }
}
