import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** GET /feature-flags: every flag as key -> value. */
export async function featureFlags(db: Kysely<DB>): Promise<Record<string, unknown>> {
  const flags = await db.selectFrom('feature_flags').select(['key', 'value']).orderBy('key').execute();
  return Object.fromEntries(flags.map((flag) => [flag.key, flag.value]));
}
