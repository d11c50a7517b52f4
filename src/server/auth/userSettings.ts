import { sql, type Kysely, type RawBuilder } from 'kysely';
import { MFA_METHODS } from '../../domain/enums';
import type { DB } from '../db/schema';
import { invalid } from '../errors';
import { mfaMethodsOf, normaliseMfaMethod } from './mfa';
import { signInUserById } from './signInUser';

/** The settings key of the user's time zone, as the console reads it (shell/useTimeZoneSync). */
export const TIME_ZONE_KEY = 'user_timezone';

/** A time zone the server's Intl knows (an IANA name such as `Europe/Paris`, or `UTC`). */
function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The keys that hold a time zone: the console's, and `timezone` (the contract's word), each kept under its own name. */
const TIME_ZONE_KEYS = [TIME_ZONE_KEY, 'timezone'] as const;

/**
 * Merges preference keys into users.settings (top-level keys replace, others stay). The key
 * preferred_mfa_method is a column of its own: it must name a method the user has enabled
 * (null clears it). A time zone (`user_timezone`, `timezone`) must be one Intl knows. Every key is
 * checked before anything is written. Answers the stored settings and preference.
 */
export async function updateUserSettings(db: Kysely<DB>, userId: number, body: Record<string, unknown>) {
  const { preferred_mfa_method: preferred, ...settings } = body;
  for (const key of TIME_ZONE_KEYS) {
    const zone = settings[key];
    if (zone !== undefined && (typeof zone !== 'string' || !isTimeZone(zone))) throw invalid(['body', key], 'Unknown time zone');
  }
  const patch: { preferred_mfa_method?: string | null; settings?: RawBuilder<string> } = {};
  if (preferred !== undefined) patch.preferred_mfa_method = preferred === null ? null : await enabledMethod(db, userId, preferred);
  if (Object.keys(settings).length > 0) patch.settings = sql<string>`settings || ${JSON.stringify(settings)}::jsonb`;
  const query =
    Object.keys(patch).length > 0
      ? db.updateTable('users').set(patch).where('id', '=', userId).returning(['settings', 'preferred_mfa_method'])
      : db.selectFrom('users').select(['settings', 'preferred_mfa_method']).where('id', '=', userId);
  return query.executeTakeFirstOrThrow();
}

async function enabledMethod(db: Kysely<DB>, userId: number, value: unknown) {
  const loc = ['body', 'preferred_mfa_method'];
  const method = typeof value === 'string' ? normaliseMfaMethod(value) : undefined;
  if (!method) throw invalid(loc, `Input should be ${MFA_METHODS.map((m) => `'${m}'`).join(' or ')}`, 'enum');
  const user = await signInUserById(db, userId);
  const available = user ? await mfaMethodsOf(db, user) : [];
  if (!available.includes(method)) throw invalid(loc, 'This two-factor method is not set up for the account');
  return method;
}
