import type { FromSchema } from 'json-schema-to-ts';

/** What the audit trail records; the database check on audit_logs.action holds the same list. */
export const AUDIT_ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One read or write of patient data: who, what, when, from where (docs/DESIGN.md section 6). Written by the server only. */
export const auditLogSchema = {
  title: 'AuditLog',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    occurred_at: { type: 'string', format: 'date-time', readOnly: true },
    actor_id: { type: ['integer', 'null'], readOnly: true },
    actor_role: { type: ['string', 'null'], readOnly: true },
    tenant_id: { type: ['integer', 'null'], readOnly: true },
    action: { type: 'string', enum: AUDIT_ACTIONS, readOnly: true },
    resource: { type: 'string', readOnly: true },
    record_id: { type: ['string', 'null'], readOnly: true },
    patient_id: { type: ['integer', 'null'], readOnly: true },
    ip_address: { type: ['string', 'null'], readOnly: true },
    request_id: { type: ['string', 'null'], readOnly: true },
  },
  required: ['id', 'occurred_at', 'action', 'resource'],
  additionalProperties: false,
} as const;

export type AuditLog = FromSchema<typeof auditLogSchema>;
