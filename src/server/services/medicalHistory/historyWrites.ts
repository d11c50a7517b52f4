import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { medicationEditable } from '../../../domain/clinical/medicalHistory';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { audit, auditPatients } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { MEDICATION_NOT_EDITABLE, medicationStatements } from '../../resources/definitions/medicalHistory';
import { findRecord } from '../../resources/recordQuery';
import type { ClinicalPatient } from '../clinical/clinicalPatient';

interface Context {
  trx: Transaction<DB>;
  request: FastifyRequest;
  caller: Caller;
}

/**
 * DELETE patients/{id}/medication-statements/{id} (spec 001 section 4: "Deleting sets status stopped
 * with update reason status-change"): the statement stays in the record, stopped, with today (the
 * provider's day) as its end date when it had none. Only active or in-progress rows of the product.
 */
export async function stopMedication({ trx, request, caller }: Context, id: number, patientId: number | undefined): Promise<Values> {
  const existing = await findRecord(trx, medicationStatements, caller.access, id);
  if (!existing || (patientId !== undefined && existing.patient_id !== patientId)) throw notFound();
  if (!medicationEditable(existing)) throw conflict(MEDICATION_NOT_EDITABLE);
  await trx
    .updateTable('medication_statements as m')
    .set({
      status: 'stopped',
      update_reason: 'status-change',
      updated_at: new Date(),
      end_date: sql`coalesce(m.end_date, greatest(m.start_date, (now() at time zone coalesce((select t.timezone from tenants t where t.id = m.tenant_id), 'UTC'))::date))`,
    })
    .where('m.id', '=', id)
    .execute();
  const after = (await findRecord(trx, medicationStatements, caller.access, id)) as Values;
  await audit(trx, { request, identity: caller.identity, resource: medicationStatements, action: 'update', records: [after], before: existing });
  return after;
}

export const HAS_ALLERGIES = 'This patient has active allergies recorded: resolve or remove them first';

/**
 * POST patients/{id}/allergy-intolerances/no-known-allergies (spec 001 section 4): sets the profile's
 * no_known_allergies. It excludes a recorded active allergy, as adding an allergy clears the flag.
 */
export async function setNoKnownAllergies({ trx, request, caller }: Context, patient: ClinicalPatient) {
  const active = await trx
    .selectFrom('allergy_intolerances')
    .select('id')
    .where('patient_id', '=', patient.id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  if (active) throw conflict(HAS_ALLERGIES);
  await trx
    .updateTable('patients')
    .set({ profile: sql`jsonb_set(coalesce(profile, '{}'::jsonb), '{no_known_allergies}', 'true'::jsonb)` })
    .where('id', '=', patient.id)
    .execute();
  await auditPatients(trx, {
    request,
    identity: caller.identity,
    resource: 'allergy-intolerances/no-known-allergies',
    action: 'update',
    tenantId: patient.tenant_id,
    records: [{ patientId: patient.id, recordId: String(patient.id) }],
  });
  return { patient_id: patient.id, no_known_allergies: true };
}
