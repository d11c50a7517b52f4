import { createHash } from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/** Statement texts each PostgreSQL connection keeps prepared, unless told otherwise (DB_PREPARED_STATEMENTS). */
export const DEFAULT_PREPARED_STATEMENTS = 256;

/** The statements worth keeping prepared: a request's reads and writes (not transaction control, not DDL). */
const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;
/**
 * But not a pattern match (`ilike $1`, a list's `like` filter or search): once PostgreSQL plans it for any
 * pattern (a generic plan), it no longer sees that '%860%' is rare, and the devices list filtered by IMEI
 * went from 3.7 to 6.3 ms at the median on the scale seed. Planned for its pattern each time, as before.
 */
const PATTERN_MATCH = /\bi?like\b/i;
/**
 * Nor an upsert: PostgreSQL finds the unique index an `on conflict (...) where status = $1` names by
 * the predicate's value, which a generic plan does not have ('there is no unique or exclusion constraint
 * matching the ON CONFLICT specification'; a clinical activity's start).
 */
const UPSERT = /\bon conflict\b/i;

/**
 * pg's pool, as Kysely's dialect uses it, with each connection's statements prepared the first time
 * that connection runs them (issue 20): PostgreSQL then parses and analyses a statement's text once per
 * connection instead of once per request, and after five runs plans it once too when its generic plan
 * costs no more than the ones it made for the values (plan_cache_mode auto). A list's statement of one
 * device's activities spent 0.33 ms of the database's 0.9 in planning.
 *
 * A statement is named by its text's hash, so the same text always finds its prepared statement and two
 * texts never share a name. Each connection prepares at most `perConnection` texts (the first it meets);
 * others still run, unnamed, as before: the database's memory for them stays bounded however many
 * distinct filter combinations the console sends, and a connection the pool closes takes its own with it.
 *
 * The one cost: a statement prepared before a migration that changes the columns it returns fails once
 * on that connection ('cached plan must not change result type'). The server migrates before it listens;
 * a deploy that migrates a live database under running servers sets DB_PREPARED_STATEMENTS=0 or restarts them.
 */
export function preparingPool(pool: pg.Pool, perConnection: number): PostgresPool {
  // One wrapper per connection, kept as long as the connection: Kysely keys its own state by the client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    const prepared = new Set<string>();
    const query = (text: unknown, parameters?: readonly unknown[]) => {
      if (typeof text !== 'string' || !PREPARABLE.test(text) || PATTERN_MATCH.test(text) || UPSERT.test(text))
        return (client.query as (...args: unknown[]) => unknown)(text, parameters);
      const name = statementName(text);
      if (!prepared.has(name)) {
        if (prepared.size >= perConnection) return client.query(text, parameters as unknown[]);
        prepared.add(name);
      }
      return client.query({ name, text, values: parameters as unknown[] });
    };
    return { query, release: () => client.release() } as unknown as PostgresPoolClient;
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}

const names = new Map<string, string>();
/** At most this many texts' names are remembered (hashing a 2 KB text costs about as much as a map lookup of it, so this only saves allocation). */
const NAMES_KEPT = 2_000;

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size >= NAMES_KEPT) names.delete(names.keys().next().value as string);
    names.set(text, name);
  }
  return name;
}
