import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { ADMIN_ROLES, type Role } from '../../../domain/roles';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';
import { forbidden, HttpError, invalid, notFound } from '../../errors';
import { auditTenantRecord } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { users } from '../../resources/definitions/users';
import { findRecord } from '../../resources/recordQuery';
import type { OutgoingMail } from '../../services/mailer';
import { resetMailFor, verificationMailFor } from './userMail';

/** The spec's texts (002 section 8). */
export const USER_ACTION_TEXTS = {
  resetPassword: 'Successfully reset user password. They will receive an email with instructions.',
  reset2fa: 'Successfully reset user 2FA.',
  verificationSent: 'Verification email sent successfully',
  alreadyVerified: 'The e-mail address is already verified.',
  disabled: 'The account is disabled.',
} as const;

/** What GET roles lists, with a line each (spec 002 section 3, Role). superadmin and patient are never given through it. */
export const ROLE_DESCRIPTIONS = {
  internal: [
    { role: 'internal_admin', description: 'Internal administrator: every provider, user and setting' },
    { role: 'internal_billing_admin', description: 'Internal billing administrator: providers, billing and claims' },
    { role: 'internal_clinician', description: 'Internal clinician: monitors patients of every provider, or of the listed ones' },
    { role: 'product_analyst', description: 'Product analyst: changes screens in Screen Studio; an admin publishes them' },
  ],
  provider: [
    { role: 'admin', description: "Provider administrator: the provider's users, locations, devices and patients" },
    { role: 'clinician', description: "Clinician: monitors and cares for the provider's patients" },
    { role: 'staff', description: 'Staff: enrols patients and works their tasks' },
  ],
} as const satisfies Record<string, readonly { role: Role; description: string }[]>;

/** The account a user call acts on: a staff user the caller may update (users.update), else 404 as for none. */
export async function userToEdit(trx: Transaction<DB>, caller: Caller, id: number): Promise<Values & { id: number; email: string }> {
  const record = await findRecord(trx, users, caller.access, id);
  if (!record) throw notFound();
  return record as Values & { id: number; email: string };
}

const auditUser = (trx: Transaction<DB>, request: FastifyRequest, caller: Caller, user: Values, resource: string) =>
  auditTenantRecord(trx, {
    request,
    identity: caller.identity,
    resource,
    action: 'update',
    tenantId: user.tenant_id as number | null,
    recordId: String(user.id),
  });

/** POST users/{id}/reset-password: the reset mail of the forgotten-password flow, sent by an admin. */
export async function resetPassword(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, id: number, publicUrl: string): Promise<OutgoingMail> {
  const user = await userToEdit(trx, caller, id);
  if (user.is_active === false) throw new HttpError(422, USER_ACTION_TEXTS.disabled);
  await auditUser(trx, request, caller, user, 'users/reset-password');
  return resetMailFor(trx, publicUrl, user);
}

/**
 * POST users/{id}/reset-2fa (the three admin roles only): turns the authenticator app off, deletes
 * the passkeys and ends every session of the user, who signs in again with the password alone.
 */
export async function resetTwoFactor(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, id: number): Promise<void> {
  if (!(ADMIN_ROLES as readonly string[]).includes(caller.identity.role)) throw forbidden();
  const user = await userToEdit(trx, caller, id);
  await trx.updateTable('users').set({ totp_enabled: false, totp_secret: null, preferred_mfa_method: null }).where('id', '=', id).execute();
  await trx.deleteFrom('webauthn_credentials').where('user_id', '=', id).execute();
  await revokeUserSessions(trx, id, 'two_factor_disabled');
  await auditUser(trx, request, caller, user, 'users/reset-2fa');
}

/** POST users/{id}/send-email-verification: a new code by mail; 422 when the address is verified already. */
export async function sendEmailVerification(
  trx: Transaction<DB>,
  request: FastifyRequest,
  caller: Caller,
  id: number,
  publicUrl: string,
): Promise<OutgoingMail> {
  const user = await userToEdit(trx, caller, id);
  if (user.is_email_verified === true) throw new HttpError(422, USER_ACTION_TEXTS.alreadyVerified);
  if (user.is_active === false) throw new HttpError(422, USER_ACTION_TEXTS.disabled);
  await auditUser(trx, request, caller, user, 'users/email-verification');
  return verificationMailFor(trx, publicUrl, user);
}

/**
 * GET roles?meta={"is_internal":...}: the meta must be a JSON object whose is_internal, when given,
 * is a boolean. A provider user is never offered the internal roles (it cannot give them).
 */
export function rolesFor(meta: string | undefined, callerIsInternal: boolean) {
  let parsed: unknown = {};
  if (meta !== undefined) {
    try {
      parsed = JSON.parse(meta);
    } catch {
      throw invalid(['query', 'meta'], 'Invalid JSON', 'json_invalid');
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid(['query', 'meta'], 'Input should be a valid dictionary', 'dict_type');
  const internal = (parsed as Record<string, unknown>).is_internal;
  if (internal !== undefined && internal !== null && typeof internal !== 'boolean') {
    throw invalid(['query', 'meta', 'is_internal'], 'Input should be a valid boolean', 'bool_type');
  }
  const internalRoles = callerIsInternal ? ROLE_DESCRIPTIONS.internal : [];
  if (internal === true) return [...internalRoles];
  if (internal === false) return [...ROLE_DESCRIPTIONS.provider];
  return [...internalRoles, ...ROLE_DESCRIPTIONS.provider];
}
