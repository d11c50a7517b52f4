import {
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorSelectionCriteria,
  type RegistrationResponseJSON,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { passkeyDescriptors, recordPasskeyCounter, type StoredPasskey } from './passkeys';

const CHALLENGE_TTL_SECONDS = 300;

/** The relying party is the console's public origin: its host name is the RP ID. */
export function relyingParty(config: Config) {
  const url = new URL(config.publicUrl);
  return { rpName: 'Care Console', rpID: url.hostname, origin: url.origin };
}

/**
 * Whom a challenge was issued to: a signed-in user or a sign-in waiting for its second factor
 * (`account`), nobody yet (`passkey_login`, usernameless sign-in), or a patient holding a one-time
 * code (`patient_registration`, with the code's row). A challenge answers only its own ceremony.
 */
export type ChallengeOwner =
  { ceremony: 'account'; userId: number } | { ceremony: 'passkey_login' } | { ceremony: 'patient_registration'; userId: number; userTokenId: number };

/** Keeps a ceremony's challenge for five minutes; expired ones of the same owner are dropped on the way. */
export async function storeChallenge(db: Kysely<DB>, owner: ChallengeOwner | number, challenge: string): Promise<void> {
  const who: ChallengeOwner = typeof owner === 'number' ? { ceremony: 'account', userId: owner } : owner;
  const userId = who.ceremony === 'passkey_login' ? null : who.userId;
  await db
    .deleteFrom('webauthn_challenges')
    .where((eb) => (userId === null ? eb('user_id', 'is', null) : eb('user_id', '=', userId)))
    .where('expires_at', '<=', new Date())
    .execute();
  await db
    .insertInto('webauthn_challenges')
    .values({
      user_id: userId,
      ceremony: who.ceremony,
      user_token_id: who.ceremony === 'patient_registration' ? who.userTokenId : null,
      challenge,
      expires_at: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
    })
    .execute();
}

/** The challenge a browser response answers (from its clientDataJSON); undefined when unreadable. */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    return decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
}

/**
 * Takes the challenge a browser response answers out of the store, so that it works once, and
 * returns it with its owner's ids; undefined when it was never issued to this ceremony (and, for
 * `account`, this user), has expired or was used. Verification must then check the response
 * against it.
 */
export async function takeChallenge(
  db: Kysely<DB>,
  ceremony: ChallengeOwner['ceremony'],
  clientDataJSON: string,
  userId?: number,
): Promise<{ challenge: string; user_id: number | null; user_token_id: number | null } | undefined> {
  const challenge = challengeOf(clientDataJSON);
  if (challenge === undefined) return undefined;
  let query = db.deleteFrom('webauthn_challenges').where('ceremony', '=', ceremony).where('challenge', '=', challenge).where('expires_at', '>', new Date());
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.returning(['challenge', 'user_id', 'user_token_id']).executeTakeFirst();
}

/** A signed-in user's (or second-factor) challenge, taken as `takeChallenge` does; undefined when none. */
export async function consumeChallenge(db: Kysely<DB>, userId: number, clientDataJSON: string): Promise<string | undefined> {
  return (await takeChallenge(db, 'account', clientDataJSON, userId))?.challenge;
}

/**
 * Options for navigator.credentials.create for one account: its existing passkeys are excluded (the
 * browser then refuses an authenticator registered already), and its user handle is the account id.
 */
export async function registrationOptionsFor(
  db: Kysely<DB>,
  config: Config,
  account: { id: number; userName: string; displayName: string },
  authenticatorSelection: AuthenticatorSelectionCriteria,
) {
  const { rpName, rpID } = relyingParty(config);
  return generateRegistrationOptions({
    rpName,
    rpID,
    userName: account.userName,
    userDisplayName: account.displayName,
    userID: new TextEncoder().encode(String(account.id)),
    attestationType: 'none',
    excludeCredentials: await passkeyDescriptors(db, account.id),
    authenticatorSelection,
  });
}

/** The new credential of a registration response checked against its challenge; undefined when it does not verify. */
export async function verifiedRegistration(config: Config, response: RegistrationResponseJSON, challenge: string): Promise<WebAuthnCredential | undefined> {
  const { rpID, origin } = relyingParty(config);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => undefined);
  return verification?.verified ? verification.registrationInfo.credential : undefined;
}

/**
 * Checks an assertion against its challenge and stored passkey (signature, origin, RP ID, counter;
 * user verification when asked) and keeps the new counter; false when it does not verify. A
 * user handle, when the authenticator returns one, must name the passkey's owner.
 */
export async function acceptAssertion(
  db: Kysely<DB>,
  config: Config,
  response: AuthenticationResponseJSON,
  challenge: string,
  key: StoredPasskey,
  requireUserVerification: boolean,
): Promise<boolean> {
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(String(key.userId)).toString('base64url')) return false;
  const { rpID, origin } = relyingParty(config);
  // Throws on a malformed or forged assertion (bad signature, wrong origin, counter gone back).
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: key.credential,
    requireUserVerification,
  }).catch(() => undefined);
  if (!result?.verified) return false;
  await recordPasskeyCounter(db, key.rowId, result.authenticationInfo.newCounter);
  return true;
}
