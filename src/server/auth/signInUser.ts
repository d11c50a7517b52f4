import type { Kysely, Selectable } from 'kysely';
import type { DB, Users } from '../db/schema';

const SIGN_IN_COLUMNS = [
  'id',
  'email',
  'role',
  'tenant_id',
  'is_active',
  'password_hash',
  'totp_enabled',
  'totp_secret',
  'totp_last_used_step',
  'preferred_mfa_method',
] as const;

/** The columns every sign-in step reads about a user. */
export type SignInUser = Pick<Selectable<Users>, (typeof SIGN_IN_COLUMNS)[number]>;

/** A user by e-mail address (case-insensitive, as the unique index), or undefined. */
export function signInUserByEmail(db: Kysely<DB>, email: string): Promise<SignInUser | undefined> {
  return db
    .selectFrom('users')
    .select(SIGN_IN_COLUMNS)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

export function signInUserById(db: Kysely<DB>, id: number): Promise<SignInUser | undefined> {
  return db.selectFrom('users').select(SIGN_IN_COLUMNS).where('id', '=', id).executeTakeFirst();
}
