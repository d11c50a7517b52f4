import type { Kysely } from 'kysely';
import { MFA_METHODS, type MfaMethod } from '../../domain/enums';
import type { DB } from '../db/schema';

/** The second factors a user can sign in with: an enabled authenticator app, registered passkeys. */
export async function mfaMethodsOf(db: Kysely<DB>, user: { id: number; totp_enabled: boolean }): Promise<MfaMethod[]> {
  const key = await db.selectFrom('webauthn_credentials').select('id').where('user_id', '=', user.id).limit(1).executeTakeFirst();
  return MFA_METHODS.filter((method) => (method === 'totp' ? user.totp_enabled : key !== undefined));
}

/** The stored preference when it is still available, otherwise the first available method (spec 000 section 2.2). */
export function preferredMfaMethod(available: readonly MfaMethod[], stored: string | null): MfaMethod | null {
  return available.find((method) => method === stored) ?? available[0] ?? null;
}

/**
 * A preference as the console may send it. Spec 002 section 9 names the choices `authenticator`
 * and `webauthn`; the sign-in answer names the method `totp` (spec 000), so `authenticator` is
 * kept as `totp`.
 */
export function normaliseMfaMethod(value: string): MfaMethod | undefined {
  const method = value === 'authenticator' ? 'totp' : value;
  return MFA_METHODS.find((m) => m === method);
}
