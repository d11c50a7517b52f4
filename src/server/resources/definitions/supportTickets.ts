import { supportTicketSchema } from '../../../../schemas/entities/supportTicket';
import { invalid } from '../../errors';
import { defineResource, type Values, type WriteContext } from '../defineResource';

export const SUPPORT_TICKET_TEXTS = { closeOnly: 'A support ticket can only be closed.' } as const;

/**
 * Patients' support tickets (spec 002 sections 2, 3, 4 "Support ticket"). Staff list, read and
 * close them (support_tickets.list/read/update); the patient's account is `user` (its full_name).
 * The search is by patient name or id (the patient's, or the ticket's). A ticket holds patient data:
 * every action is audited.
 *
 * A patient raises one with POST support-tickets (routes/supportTickets/, a patient's session
 * only), so the engine serves no create. The staff update only closes: `status` is the one
 * writable field and only 'closed' is taken (an open ticket may be sent back unchanged); closing
 * sets closed true and drops reviewed_on (spec 002 section 4).
 */
export const supportTickets = defineResource({
  name: 'support-tickets',
  table: 'support_tickets',
  schema: supportTicketSchema,
  permission: 'support_tickets',
  actions: ['list', 'read', 'update'],
  tenantField: 'tenant_id',
  ownField: 'user_id',
  joins: { user: { table: 'users', on: 'user_id' } },
  filterable: ['id', 'tenant_id', 'status', 'closed', 'category', 'patient_id', 'user_id', 'device_id', 'created_on', 'reviewed_on'],
  sortable: ['id', 'created_on', 'status', 'category', 'reviewed_on', 'user.full_name'],
  search: ['user.full_name', 'patient_id', 'id'],
  defaultSort: { field: 'created_on', order: 'desc' },
  patientField: 'patient_id',
  prepare: closeOnly,
});

function closeOnly({ values, existing }: WriteContext): Values {
  if (values.status === undefined) return {};
  if (values.status === 'closed') return { status: 'closed', closed: true, reviewed_on: null };
  if (values.status === existing?.status) return {};
  throw invalid(['body', 'status'], SUPPORT_TICKET_TEXTS.closeOnly);
}
