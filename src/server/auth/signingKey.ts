import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The HMAC key that signs access tokens. JWT_SECRET wins when set; otherwise a key is generated on
 * first start and kept in the database (./data for the embedded default), so that every replica
 * of a PostgreSQL deployment shares it and nothing secret lives in the repository.
 */
export async function loadSigningKey(db: Kysely<DB>, fromEnv = process.env.JWT_SECRET): Promise<Uint8Array> {
  if (fromEnv) return new TextEncoder().encode(fromEnv);
  const fresh = randomBytes(64).toString('base64');
  await db
    .insertInto('app_secrets')
    .values({ name: 'jwt_signing_key', value: fresh })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt_signing_key').executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
