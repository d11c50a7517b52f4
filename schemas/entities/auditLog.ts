import type { FromSchema } from 'json-schema-to-ts';

/** What the audit trail records; the database check on audit_logs.action holds the same list. */
export const AUDIT_ACTIONS = ['list', 'read', 'create', 'update', 'delete'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Whether the access happened or was refused (a 403, or a 404 for patient data out of reach); the database check holds the same list. */
export const AUDIT_OUTCOMES = ['allowed', 'denied'] as const;

/** One read or write of patient data: who, what, when, from where (docs/DESIGN.md section 6). Written by the server only. */
export const auditLogSchema = {
  title: 'AuditLog',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    occurred_at: { type: 'string', format: 'date-time', readOnly: true },
    actor_id: { type: ['integer', 'null'], readOnly: true },
    actor_role: { type: ['string', 'null'], readOnly: true },
    // Copied when the row is written: the row names its actor whatever becomes of the account.
    actor_name: { type: ['string', 'null'], readOnly: true },
    actor_email: { type: ['string', 'null'], readOnly: true },
    tenant_id: { type: ['integer', 'null'], readOnly: true },
    action: { type: 'string', enum: AUDIT_ACTIONS, readOnly: true },
    resource: { type: 'string', readOnly: true },
    record_id: { type: ['string', 'null'], readOnly: true },
    patient_id: { type: ['integer', 'null'], readOnly: true },
    ip_address: { type: ['string', 'null'], readOnly: true },
    // The connection's own address, beside ip_address when that is one a trusted proxy forwarded.
    peer_address: { type: ['string', 'null'], readOnly: true },
    request_id: { type: ['string', 'null'], readOnly: true },
    outcome: { type: 'string', enum: AUDIT_OUTCOMES, readOnly: true },
    // The hash chain (migration 0016): the row's place in it and sha256 over the previous hash and the row.
    chain_seq: { type: 'integer', readOnly: true },
    hash: { type: 'string', readOnly: true },
  },
  required: ['id', 'occurred_at', 'action', 'resource', 'outcome', 'chain_seq', 'hash'],
  additionalProperties: false,
} as const;

export type AuditLog = FromSchema<typeof auditLogSchema>;
