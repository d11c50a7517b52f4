import type { Transaction } from 'kysely';
import { userSchema } from '../../../../schemas/entities/user';
import { scopeFor } from '../../../domain/permissions';
import { ADMIN_ROLES, isInternalRole, type Role } from '../../../domain/roles';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';
import { HttpError, invalid } from '../../errors';
import { defineResource, type Values, type WriteContext } from '../defineResource';

/** The spec's texts (002 section 4, user toggle). */
export const USER_TEXTS = {
  selfDisable: "You can't disable your own account.",
  lastSuperadmin: "You can't disable the last active superadmin.",
  lastSuperadminRole: "You can't change the role of the last active superadmin.",
  accessLevel: 'The patient access level applies only to internal roles other than superadmin, internal_admin and internal_billing_admin.',
  attendance: 'Attendance tracking applies only to internal users.',
  publishGrant: 'Publishing screens can be granted only to a product analyst.',
  publishGrantBy: 'Only who may publish screens may grant publishing them.',
} as const;

/**
 * Staff accounts. Patient accounts are never part of this resource (they are read and written
 * as patients, with their audit trail); internal accounts have no tenant, so only scope `all` sees them.
 *
 * Create and update are served by routes/users/userWriteRoutes.ts (the engine's steps, plus the
 * e-mails that leave after the commit: the verification code on a create or an e-mail change, and
 * an internal user's set-password invitation). The rules below are the resource's, run by
 * `prepareWrite` there as everywhere:
 * - the role decides is_internal and the tenant; nobody is made superadmin;
 * - nobody disables their own account, nor the last active superadmin (nor moves that one to
 *   another role);
 * - `patient_access_level` tenant_scoped only for internal roles other than the three admin roles
 *   (a role change to one of those puts it back to all); `attendance_tracking_enabled` true only
 *   for internal users;
 * - `may_publish_screens` (the grant of screens.publish, issue 21) only for product_analyst, set or
 *   cleared only by who holds screens.publish, and cleared when the role changes to another;
 * - a changed e-mail is unverified again;
 * - disabling, a role change or an access-level change ends every session of the user.
 */
export const users = defineResource({
  name: 'users',
  table: 'users',
  schema: userSchema,
  permission: 'users',
  actions: ['list', 'read', 'create', 'update'],
  bespokeRoutes: ['create', 'update'],
  tenantField: 'tenant_id',
  ownField: 'id',
  filterable: [
    'id',
    'tenant_id',
    'role',
    'email',
    'full_name',
    'last_name',
    'is_active',
    'is_provider',
    'npi_number',
    'is_internal',
    'staff_type',
    'enabled_care_program_types',
    'attendance_tracking_enabled',
    'may_publish_screens',
    'patient_access_level',
    'is_email_verified',
    'registered_on',
    'last_login',
  ],
  sortable: ['id', 'full_name', 'last_name', 'email', 'role', 'registered_on', 'last_login'],
  search: ['full_name', 'email', 'id'],
  defaultSort: { field: 'full_name', order: 'asc' },
  rowFilter: [{ field: 'role', op: 'ne', value: 'patient' }],
  // Spec 002 section 5, Edit user: "role is omitted from the update when unchanged".
  optionalOnUpdate: ['role'],
  prepare: async (context) => {
    const { send_email_invite: _invite, ...values } = context.values;
    const withRole = roleRules({ ...context, values });
    await activeRules(context, withRole);
    const prepared = accessRules(context, withRole);
    await endSessionsOnAccessChange(context, prepared);
    return prepared;
  },
});

const isAdminRole = (role: string) => (ADMIN_ROLES as readonly string[]).includes(role);

/**
 * Disabling an account, changing its role or its patient access level ends every session and
 * access token of the user, in the update's transaction: re-enabling later brings none back, and a
 * new role needs a new sign-in.
 */
async function endSessionsOnAccessChange({ trx, existing }: WriteContext, values: Values) {
  if (!existing) return;
  const userId = existing.id as number;
  if (values.is_active === false && existing.is_active !== false) await revokeUserSessions(trx as Transaction<DB>, userId, 'account_disabled');
  else if ('role' in values && values.role !== existing.role) await revokeUserSessions(trx as Transaction<DB>, userId, 'role_changed');
  else if ('patient_access_level' in values && values.patient_access_level !== existing.patient_access_level) {
    await revokeUserSessions(trx as Transaction<DB>, userId, 'role_changed');
  }
}

/** The role decides is_internal and the tenant: internal accounts belong to no provider, provider accounts to one. */
function roleRules({ identity, values, existing }: WriteContext): Values {
  if (!('role' in values)) return values;
  const role = values.role as Role;
  if (role === 'superadmin' && existing?.role !== 'superadmin') throw invalid(['body', 'role'], "You can't set a user as a superadmin.");
  if (role === 'patient') throw invalid(['body', 'role'], 'Patient accounts are created as patients.');
  const internal = isInternalRole(role);
  if (internal && !identity.is_internal) throw invalid(['body', 'role'], 'Not allowed to give this role.');
  const tenantId = internal ? null : (values.tenant_id ?? existing?.tenant_id ?? null);
  if (!internal && tenantId === null) throw invalid(['body', 'tenant_id'], 'Field required', 'missing');
  return { ...values, is_internal: internal, tenant_id: tenantId };
}

/** Nobody disables their own account, nor the last active superadmin (spec 002 section 4, user toggle). */
async function activeRules({ trx, identity, existing }: WriteContext, values: Values) {
  if (!existing || existing.is_active === false) return;
  const disabling = values.is_active === false;
  // Refusals of the Disable User toggle are a plain detail, which the console shows as it is (a
  // detail list would read 'Form is missing information: body.is_active', spec 002 section 8).
  if (disabling && existing.id === identity.id) throw new HttpError(422, USER_TEXTS.selfDisable);
  const leavingSuperadmin = existing.role === 'superadmin' && (disabling || ('role' in values && values.role !== 'superadmin'));
  if (!leavingSuperadmin) return;
  const others = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'superadmin')
    .where('is_active', '=', true)
    .where('id', '!=', existing.id as number)
    .limit(1)
    .execute();
  if (others.length > 0) return;
  if (disabling) throw new HttpError(422, USER_TEXTS.lastSuperadmin);
  throw invalid(['body', 'role'], USER_TEXTS.lastSuperadminRole);
}

/**
 * Access level and attendance (spec 002 section 6): tenant_scoped only for internal roles other
 * than the three admin roles, attendance tracking only for internal users. `all` and `false` are
 * always accepted (a client sends back the record it read). A changed e-mail is unverified again.
 */
function accessRules({ identity, existing }: WriteContext, values: Values): Values {
  const role = (values.role ?? existing?.role) as Role;
  const internal = isInternalRole(role);
  const prepared = { ...values };
  if (prepared.patient_access_level === 'tenant_scoped' && (!internal || isAdminRole(role))) {
    throw invalid(['body', 'patient_access_level'], USER_TEXTS.accessLevel);
  }
  if (existing && 'role' in values && (!internal || isAdminRole(role)) && existing.patient_access_level !== 'all') prepared.patient_access_level = 'all';
  if (prepared.attendance_tracking_enabled === true && !internal) throw invalid(['body', 'attendance_tracking_enabled'], USER_TEXTS.attendance);
  publishGrantRules(identity, role, existing, prepared);
  if (existing && typeof prepared.email === 'string' && prepared.email.trim().toLowerCase() !== String(existing.email).toLowerCase()) {
    prepared.is_email_verified = false;
  }
  return prepared;
}

/** The grant of screens.publish (issue 21): a product analyst's only, given or taken by who holds it; another role clears it. */
function publishGrantRules(identity: WriteContext['identity'], role: Role, existing: Values | null | undefined, prepared: Values) {
  const before = existing?.may_publish_screens === true;
  if ('may_publish_screens' in prepared && prepared.may_publish_screens !== before && !scopeFor(identity, 'screens.publish')) {
    throw new HttpError(403, USER_TEXTS.publishGrantBy);
  }
  if (role === 'product_analyst') return;
  if (prepared.may_publish_screens === true) throw invalid(['body', 'may_publish_screens'], USER_TEXTS.publishGrant);
  if (before) prepared.may_publish_screens = false;
}

/** Whether a write changed the account's e-mail address (the update's answer against the record before). */
export function emailChanged(before: Values | null, after: Values): boolean {
  return before !== null && String(before.email).toLowerCase() !== String(after.email).toLowerCase();
}
