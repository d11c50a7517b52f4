import type { WebAuthnCredential } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** A user's passkeys as a ceremony names them (allowCredentials, excludeCredentials). */
export async function passkeyDescriptors(db: Kysely<DB>, userId: number): Promise<{ id: string; transports: string[] }[]> {
  const keys = await db.selectFrom('webauthn_credentials').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  return keys.map((k) => ({ id: k.credential_id, transports: k.transports }));
}

/** GET /auth/webauthn/keys: a user's passkeys, oldest first. */
export async function listPasskeys(db: Kysely<DB>, userId: number) {
  const keys = await db
    .selectFrom('webauthn_credentials')
    .select(['id', 'name', 'created_on'])
    .where('user_id', '=', userId)
    .orderBy('created_on')
    .orderBy('id')
    .execute();
  return keys.map((k) => ({ id: k.id, name: k.name, created_on: k.created_on.toISOString() }));
}

/** A stored passkey as @simplewebauthn/server verifies it, with its row id and owner. */
export interface StoredPasskey {
  rowId: number;
  userId: number;
  credential: WebAuthnCredential;
}

/**
 * The passkey an assertion names, as @simplewebauthn/server verifies it, with its row id and owner;
 * only among `userId`'s passkeys when given (second factor), among all for a usernameless sign-in.
 * Undefined when there is none such.
 */
export async function passkeyOf(db: Kysely<DB>, userId: number | undefined, credentialId: string): Promise<StoredPasskey | undefined> {
  let query = db
    .selectFrom('webauthn_credentials')
    .select(['id', 'user_id', 'credential_id', 'public_key', 'counter', 'transports'])
    .where('credential_id', '=', credentialId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const key = await query.executeTakeFirst();
  if (!key) return undefined;
  return {
    rowId: key.id,
    userId: key.user_id,
    credential: { id: key.credential_id, publicKey: isoBase64URL.toBuffer(key.public_key), counter: key.counter, transports: key.transports },
  };
}

/** Keeps the signature counter an accepted assertion reported, so that a cloned key going back is refused. */
export async function recordPasskeyCounter(db: Kysely<DB>, rowId: number, counter: number): Promise<void> {
  await db.updateTable('webauthn_credentials').set({ counter }).where('id', '=', rowId).execute();
}

/** Stores a registered passkey under its nickname; undefined when that authenticator is registered already (to anyone). */
export async function addPasskey(db: Kysely<DB>, userId: number, credential: WebAuthnCredential, name: string) {
  const row = await db
    .insertInto('webauthn_credentials')
    .values({
      user_id: userId,
      credential_id: credential.id,
      public_key: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
    })
    .onConflict((oc) => oc.column('credential_id').doNothing())
    .returning(['id', 'name', 'created_on'])
    .executeTakeFirst();
  return row && { ...row, created_on: row.created_on.toISOString() };
}

/** DELETE /auth/webauthn/keys/{id}: false when the user has no passkey of that id. */
export async function deletePasskey(db: Kysely<DB>, userId: number, id: number): Promise<boolean> {
  const deleted = await db.deleteFrom('webauthn_credentials').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}
