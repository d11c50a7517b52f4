import type { PGlite } from '@electric-sql/pglite';
import { DatabaseRestartingError } from './unavailable';

/** How long closing a dead engine may take before the restart gives up on it and goes on. */
const CLOSE_TIMEOUT_MS = 2000;

/**
 * The embedded PGlite, restarted when it dies. PGlite is PostgreSQL compiled to WebAssembly and run
 * in this process: a query that aborts the engine (the WebAssembly runtime's `Aborted()`, a trap,
 * out of memory) leaves an instance that refuses every later query, and issue 12 found the server
 * then dead and deaf to SIGTERM. So the dialect reports such a failure here: the request that met
 * it, and any other that arrives meanwhile, get DatabaseRestartingError (a 503 with Retry-After),
 * while the engine is opened again from its data directory, where PostgreSQL's crash recovery
 * brings back everything committed (an in-memory database, only in tests, starts again from what
 * it was created from). Queries wait for the restart, then run on the new instance.
 *
 * `generation` counts the restarts: a transaction begun on one generation is refused on the next,
 * so that its remaining statements never run outside it on the new engine.
 */
export class PGliteEngine {
  generation = 0;
  private restarting: Promise<void> | undefined;

  constructor(
    private current: PGlite,
    private readonly open: () => Promise<PGlite>,
    private readonly onRestart: (cause: unknown) => void = () => {},
  ) {}

  /** The live instance, once any restart in progress has finished. */
  async instance(): Promise<PGlite> {
    // A restart that could not open the engine leaves the dead one: the query fails on it, and
    // that failure starts the next attempt.
    await this.restarting?.catch(() => {});
    return this.current;
  }

  /** The instance as it is now (for closing and dumping). */
  get now(): PGlite {
    return this.current;
  }

  /** Whether `error` means the engine itself is gone, rather than that a statement failed. */
  isDead(error: unknown): boolean {
    if (this.current.closed) return true;
    if (error instanceof WebAssembly.RuntimeError) return true;
    const message = error instanceof Error ? error.message : '';
    return /^Aborted\(|PGlite is closed|memory access out of bounds|unreachable executed/.test(message);
  }

  /** Opens the engine again (once, however many requests met the failure) and answers the error to give them. */
  fail(cause: unknown): DatabaseRestartingError {
    this.restarting ??= this.restart(cause).finally(() => (this.restarting = undefined));
    return new DatabaseRestartingError(cause);
  }

  private async restart(cause: unknown): Promise<void> {
    this.onRestart(cause);
    const dead = this.current;
    await Promise.race([dead.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref())]);
    this.current = await this.open();
    this.generation += 1;
  }
}
