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

/**
 * Accepts a 6-digit code of the current step or one step either side (clock drift), once:
 * the accepted step is recorded, and codes of that step or earlier are refused afterwards
 * (RFC 6238 section 5.2). The record is a conditional update, so two concurrent uses of one code
 * cannot both pass.
 */
export async function acceptTotpCode(db: Kysely<DB>, user: TotpHolder, code: string): Promise<boolean> {
  if (!user.totp_secret) return false;
  let step: number;
  try {
    const result = await verify({
      secret: user.totp_secret,
      token: code,
      epochTolerance: PERIOD_SECONDS,
      afterTimeStep: user.totp_last_used_step ?? undefined,
    });
    if (!result.valid || !('timeStep' in result)) return false;
    step = result.timeStep;
  } catch {
    // otplib throws on a malformed code (not 6 digits) or a recorded step beyond the window.
    return false;
  }
  const claimed = await db
    .updateTable('users')
    .set({ totp_last_used_step: step })
    .where('id', '=', user.id)
    .where((eb) => eb.or([eb('totp_last_used_step', 'is', null), eb('totp_last_used_step', '<', step)]))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Stores a new secret, not yet enabled (POST /auth/generate-2fa): codes of an older secret no longer count. */
export async function storeTotpSecret(db: Kysely<DB>, userId: number, secret: string): Promise<void> {
  await db.updateTable('users').set({ totp_secret: secret, totp_last_used_step: null }).where('id', '=', userId).execute();
}

/** Turns the authenticator on (POST /auth/enable-2fa); it becomes the preferred method unless one is chosen. */
export async function enableTotp(db: Kysely<DB>, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ totp_enabled: true, preferred_mfa_method: sql<string>`coalesce(preferred_mfa_method, 'totp')` })
    .where('id', '=', userId)
    .execute();
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
