import { createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

const KEY_NAME = 'user_hash_key';
const keys = new WeakMap<Kysely<DB>, Promise<Buffer>>();

/**
 * The identity's user_hash: an HMAC-SHA256 of the user id, so that a third-party widget (help
 * centre, feedback) can check the id it is told was issued by us. The hash is not a secret; the
 * key is, and lives in the database like the token key (USER_HASH_SECRET wins when set).
 */
export async function userHash(db: Kysely<DB>, userId: number, fromEnv = process.env.USER_HASH_SECRET): Promise<string> {
  const key = fromEnv ? Buffer.from(fromEnv) : await keyOf(db);
  return createHmac('sha256', key).update(String(userId)).digest('hex');
}

function keyOf(db: Kysely<DB>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

async function loadKey(db: Kysely<DB>): Promise<Buffer> {
  await db
    .insertInto('app_secrets')
    .values({ name: KEY_NAME, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64');
}
