import { auditLogSchema } from '../../../../schemas/entities/auditLog';
import { defineResource } from '../defineResource';

/** The audit trail, read only; one row is read with the list permission (there is no read key). */
export const auditLogs = defineResource({
  name: 'audit-logs',
  table: 'audit_logs',
  schema: auditLogSchema,
  permission: 'audit_logs',
  actions: ['list', 'read'],
  keys: { read: 'audit_logs.list' },
  tenantField: 'tenant_id',
  ownField: 'actor_id',
  filterable: ['id', 'occurred_at', 'actor_id', 'actor_role', 'tenant_id', 'action', 'resource', 'record_id', 'patient_id', 'request_id', 'outcome'],
  sortable: ['id', 'occurred_at'],
  search: ['resource', 'record_id'],
  defaultSort: { field: 'occurred_at', order: 'desc' },
});
