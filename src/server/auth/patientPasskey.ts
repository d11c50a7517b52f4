import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { hashOpaqueToken } from './tokens';

/** The one-time codes a patient may register a passkey with (patientCreate's one-time password, the mobile invitation). */
const PATIENT_CODE_PURPOSES = ['otp_login', 'mobile_invite'] as const;

/** Wrong birthdates a code survives: the fifth voids it, so the birthdate cannot be guessed over the code's life. */
export const MAX_BIRTHDATE_ATTEMPTS = 5;

/**
 * The live (unused, unexpired) patient code `token` names, with its patient: the account must be
 * an enabled patient account with a patient record. Undefined otherwise.
 */
export function findPatientCode(db: Kysely<DB>, token: string) {
  return db
    .selectFrom('user_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .innerJoin('patients as p', 'p.user_id', 'u.id')
    .select(['t.id as token_id', 'u.id as user_id', 'u.email', 'u.full_name', 'p.id as patient_id', 'p.tenant_id', 'p.birthdate'])
    .where('t.token_hash', '=', hashOpaqueToken(token))
    .where('t.purpose', 'in', PATIENT_CODE_PURPOSES)
    .where('t.used_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .where('u.role', '=', 'patient')
    .executeTakeFirst();
}

/** Counts a wrong birthdate given with a code; the MAX_BIRTHDATE_ATTEMPTS-th one uses the code up. */
export async function recordWrongBirthdate(db: Kysely<DB>, tokenId: number): Promise<void> {
  await db
    .updateTable('user_tokens')
    .set({
      failed_attempts: sql<number>`failed_attempts + 1`,
      used_at: sql<Date | null>`case when failed_attempts + 1 >= ${MAX_BIRTHDATE_ATTEMPTS} then now() else used_at end`,
    })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .execute();
}

/** Uses a code up if it is still live; false when it was used (or voided) or has expired meanwhile. */
export async function consumeLiveCode(db: Kysely<DB>, tokenId: number): Promise<boolean> {
  const result = await db
    .updateTable('user_tokens')
    .set({ used_at: new Date() })
    .where('id', '=', tokenId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
