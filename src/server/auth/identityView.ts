import type { Kysely } from 'kysely';
import { permissionMap } from '../../domain/permissions';
import type { DB } from '../db/schema';
import type { Identity } from '../plugins/identity';
import { mfaMethodsOf, preferredMfaMethod } from './mfa';
import { userHash } from './userHash';

/** The answer of GET /users/{sub}/identity (spec 000 section 3 "Identity"), with both spellings the console reads. */
export async function identityView(db: Kysely<DB>, identity: Identity) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'full_name', 'role', 'tenant_id', 'is_internal', 'totp_enabled', 'preferred_mfa_method'])
    .select(['attendance_tracking_enabled', 'settings', 'last_login'])
    .where('id', '=', identity.id)
    .executeTakeFirstOrThrow();
  const methods = await mfaMethodsOf(db, user);
  return {
    id: user.id,
    fullName: user.full_name,
    full_name: user.full_name,
    email: user.email,
    role: user.role,
    tenant_id: user.tenant_id,
    tenantId: user.tenant_id,
    is_internal: user.is_internal,
    mfa_enabled: methods.length > 0,
    totp_enabled: user.totp_enabled,
    has_passkey: methods.includes('webauthn'),
    preferred_mfa_method: preferredMfaMethod(methods, user.preferred_mfa_method),
    attendance_tracking_enabled: user.attendance_tracking_enabled,
    last_login: user.last_login?.toISOString() ?? null,
    settings: user.settings,
    user_hash: await userHash(db, user.id),
    permissions: permissionMap(identity),
  };
}
