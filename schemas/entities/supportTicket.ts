export const SUPPORT_TICKET_STATUSES = ['open', 'closed'] as const;

/**
 * A patient's support ticket (spec 002 section 3, Support ticket), raised from the mobile app and
 * closed by staff. The patient's name is `user.full_name` (the ticket's account, joined). Staff
 * may only close a ticket: every field but `status` is read-only on the staff API, and `status`
 * only takes 'closed' there (the resource's rule).
 */
export const supportTicketSchema = {
  title: 'SupportTicket',
  type: 'object',
  properties: {
    id: { type: 'integer', readOnly: true },
    tenant_id: { type: 'integer', readOnly: true },
    user_id: { type: 'integer', readOnly: true },
    patient_id: { type: 'integer', readOnly: true },
    category: { type: 'string', readOnly: true },
    description: { type: 'string', readOnly: true },
    device_id: { type: ['integer', 'null'], readOnly: true },
    status: { type: 'string', enum: SUPPORT_TICKET_STATUSES },
    closed: { type: 'boolean', readOnly: true },
    created_on: { type: 'string', format: 'date-time', readOnly: true },
    reviewed_on: { type: ['string', 'null'], format: 'date-time', readOnly: true },
    user: {
      type: 'object',
      readOnly: true,
      properties: {
        id: { type: 'integer' },
        full_name: { type: 'string' },
      },
      additionalProperties: false,
    },
  },
  required: ['id', 'tenant_id', 'user_id', 'patient_id', 'category', 'description', 'status'],
  additionalProperties: false,
} as const;
