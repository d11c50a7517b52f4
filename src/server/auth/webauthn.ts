import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';

const CHALLENGE_TTL_SECONDS = 300;

/** The relying party is the console's public origin: its host name is the RP ID. */
export function relyingParty(config: Config) {
  const url = new URL(config.publicUrl);
  return { rpName: 'Care Console', rpID: url.hostname, origin: url.origin };
}

/** Keeps a ceremony's challenge for five minutes; the user's expired ones are dropped on the way. */
export async function storeChallenge(db: Kysely<DB>, userId: number, challenge: string): Promise<void> {
  await db.deleteFrom('webauthn_challenges').where('user_id', '=', userId).where('expires_at', '<=', new Date()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ user_id: userId, challenge, expires_at: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) })
    .execute();
}

/**
 * Takes the challenge a browser response answers (from its clientDataJSON) out of the store, so
 * that it works once, and returns it; undefined when it was never issued to this user, has
 * expired or was used. Verification must then check the response against it.
 */
export async function consumeChallenge(db: Kysely<DB>, userId: number, clientDataJSON: string): Promise<string | undefined> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('user_id', '=', userId)
    .where('challenge', '=', challenge)
    .where('expires_at', '>', new Date())
    .returning('challenge')
    .executeTakeFirst();
  return row?.challenge;
}
