import type { Transaction } from 'kysely';
import { userSchema } from '../../../../schemas/entities/user';
import { isInternalRole, type Role } from '../../../domain/roles';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { defineResource, type Values, type WriteContext } from '../defineResource';

/**
 * Staff accounts. Patient accounts are never part of this resource (they are read and written
 * as patients, with their audit trail); internal accounts have no tenant, so only scope `all` sees them.
 */
export const users = defineResource({
  name: 'users',
  table: 'users',
  schema: userSchema,
  permission: 'users',
  actions: ['list', 'read', 'create', 'update'],
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
    const values = roleRules(context);
    await endSessionsOnAccessChange(context, values);
    return values;
  },
});

/**
 * Disabling an account or changing its role ends every session and access token of the user, in
 * the update's transaction: re-enabling later brings none back, and a new role needs a new sign-in.
 */
async function endSessionsOnAccessChange({ trx, existing }: WriteContext, values: Values) {
  if (!existing) return;
  const userId = existing.id as number;
  if (values.is_active === false) await revokeUserSessions(trx as Transaction<DB>, userId, 'account_disabled');
  else if ('role' in values && values.role !== existing.role) await revokeUserSessions(trx as Transaction<DB>, userId, 'role_changed');
}

/** The role decides is_internal and the tenant: internal accounts belong to no provider, provider accounts to one. */
function roleRules({ identity, values, existing }: WriteContext) {
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
