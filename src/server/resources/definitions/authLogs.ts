import { authLogSchema } from '../../../../schemas/entities/authLog';
import { defineResource } from '../defineResource';

/**
 * Sign-in events, read only (the security tab: user_id[eq], event_type[ne]). A row belongs to the
 * tenant of its account; `own` is the caller's own events. One row is read with the list permission.
 */
export const authLogs = defineResource({
  name: 'auth-logs',
  table: 'auth_logs',
  schema: authLogSchema,
  permission: 'auth_logs',
  actions: ['list', 'read'],
  keys: { read: 'auth_logs.list' },
  tenantField: 'user.tenant_id',
  ownField: 'user_id',
  joins: { user: { table: 'users', on: 'user_id' } },
  filterable: ['id', 'timestamp', 'event_type', 'user_id', 'ip_address'],
  sortable: ['id', 'timestamp', 'event_type'],
  search: ['ip_address', 'user.full_name', 'user.email'],
  defaultSort: { field: 'timestamp', order: 'desc' },
});
