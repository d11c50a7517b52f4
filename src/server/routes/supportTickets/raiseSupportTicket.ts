import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { SupportTicketCreateBody } from '../../../../schemas/payloads/users';
import type { DB } from '../../db/schema';
import { forbidden, invalid } from '../../errors';
import type { Identity } from '../../plugins/identity';
import { audit } from '../../resources/audit';
import type { Values } from '../../resources/defineResource';
import { supportTickets } from '../../resources/definitions/supportTickets';
import { findRecord } from '../../resources/recordQuery';
import { missingReference } from '../../resources/references';

export const ONLY_PATIENTS = 'Only a patient can raise a support ticket';

/**
 * A patient's new ticket, open, for the patient's own row and provider. A device named must be one
 * of the patient's own (else 422 as for a device that does not exist). Audited as a create by the
 * patient.
 */
export async function raiseSupportTicket(trx: Transaction<DB>, request: FastifyRequest, identity: Identity, body: SupportTicketCreateBody): Promise<Values> {
  if (identity.role !== 'patient') throw forbidden(ONLY_PATIENTS);
  const patient = await trx.selectFrom('patients').select(['id', 'tenant_id']).where('user_id', '=', identity.id).executeTakeFirst();
  if (!patient) throw forbidden(ONLY_PATIENTS);
  for (const field of ['category', 'description'] as const) if (body[field].trim() === '') throw invalid(['body', field], 'Field required', 'missing');
  const deviceId = body.device_id ?? null;
  if (deviceId !== null) {
    const device = await trx.selectFrom('devices').select('id').where('id', '=', deviceId).where('patient_id', '=', patient.id).executeTakeFirst();
    if (!device) throw missingReference(['body', 'device_id']);
  }
  const { id } = await trx
    .insertInto('support_tickets')
    .values({
      tenant_id: patient.tenant_id,
      user_id: identity.id,
      patient_id: patient.id,
      category: body.category.trim(),
      description: body.description,
      device_id: deviceId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ticket = (await findRecord(trx, supportTickets, { kind: 'own', userId: identity.id }, id)) as Values;
  await audit(trx, { request, identity, resource: supportTickets, action: 'create', records: [ticket] });
  return ticket;
}
