import { sql, type Kysely } from 'kysely';
import { generateSecret, generateURI, verify } from 'otplib';
import type { DB } from '../db/schema';

const ISSUER = 'Care Console';
const PERIOD_SECONDS = 30;

/** A new Base32 secret for an authenticator app. */
export const newTotpSecret = (): string => generateSecret();

/** The otpauth:// URI an authenticator app scans (the console renders it as a QR code). */
export const totpUri = (email: string, secret: string): string => generateURI({ issuer: ISSUER, label: email, secret });

export interface TotpHolder {
  id: number;
  totp_secret: string | null;
  totp_last_used_step: number | null;
}

/** The step a code of `secret` shows, current or one either side (clock drift), after `afterStep`; undefined when none. */
async function matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | undefined> {
  try {
    const result = await verify({ secret, token: code, epochTolerance: PERIOD_SECONDS, afterTimeStep: afterStep ?? undefined });
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    // otplib throws on a malformed code (not 6 digits) or a recorded step beyond the window.
    return undefined;
  }
}

/**
 * Sign-in (POST /auth/totp/authenticate): accepts a 6-digit code of the current step or one step
 * either side (clock drift), once: the accepted step is recorded, and codes of that step or earlier
 * are refused afterwards (RFC 6238 section 5.2). The record is a conditional update, so two
 * concurrent uses of one code cannot both pass.
 */
export async function acceptTotpCode(db: Kysely<DB>, user: TotpHolder, code: string): Promise<boolean> {
  if (!user.totp_secret) return false;
  const step = await matchingStep(user.totp_secret, code, user.totp_last_used_step);
  if (step === undefined) return false;
  const claimed = await db
    .updateTable('users')
    .set({ totp_last_used_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_used_step', 'is', null), eb('totp_last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/**
 * Enabling (POST /auth/enable-2fa) is another use of a code than signing in, so it records no step
 * of the sign-in: the code that just enabled the app signs in once more within its 30 seconds. It
 * is single-use all the same, because enabling happens once per secret (`enableTotp` is conditional
 * on the app being off with this very secret, and the secret only changes while it is off).
 */
export async function totpCodeMatches(user: TotpHolder, code: string): Promise<boolean> {
  return user.totp_secret !== null && (await matchingStep(user.totp_secret, code, null)) !== undefined;
}

/** Stores a new secret, not yet enabled (POST /auth/generate-2fa): codes of an older secret no longer count. */
export async function storeTotpSecret(db: Kysely<DB>, userId: number, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_secret: secret, totp_last_used_step: null }).where('id', '=', userId).execute();
}

/**
 * Turns the authenticator on (POST /auth/enable-2fa) with the secret a code was checked against; it
 * becomes the preferred method unless one is chosen. False when it was on already or the secret
 * changed meanwhile (a concurrent enable with the same code, a new generate-2fa), so that a code
 * enables once.
 */
export async function enableTotp(db: Kysely<DB>, userId: number, secret: string): Promise<boolean> {
  const enabled = await db
    .updateTable('users')
    .set({ totp_enabled: true, preferred_mfa_method: sql<string>`coalesce(preferred_mfa_method, 'totp')` })
    .where('id', '=', userId)
    .where('totp_enabled', '=', false)
    .where('totp_secret', '=', secret)
    .executeTakeFirst();
  return Number(enabled.numUpdatedRows) > 0;
}

/** Turns the authenticator off and forgets its secret (POST /auth/disable-2fa); a preference for it is dropped. */
export async function disableTotp(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({
      totp_enabled: false,
      totp_secret: null,
      totp_last_used_step: null,
      preferred_mfa_method: sql<string | null>`nullif(preferred_mfa_method, 'totp')`,
    })
    .where('id', '=', userId)
    .execute();
}
