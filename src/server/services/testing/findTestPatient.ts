import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { HttpError, invalid } from '../../errors';
import type { Access } from '../../resources/access';
import { patients } from '../../resources/definitions/patients';
import { visibleRows } from '../../resources/recordQuery';

export interface TestPatient {
  id: number;
  tenant_id: number;
  full_name: string;
}

/**
 * The patient a test form names, by account e-mail (case-insensitive) or by id, among the
 * patients the caller reaches. Naming none is a 422 at body.email; naming both, or one that is
 * not there, a 422 whose detail is a sentence, which the Testing page shows as it is.
 */
export async function findTestPatient(
  db: Kysely<DB>,
  access: Access,
  by: { email?: string | undefined; patient_id?: number | undefined },
): Promise<TestPatient> {
  const { email, patient_id: patientId } = by;
  if (email === undefined && patientId === undefined) throw invalid(['body', 'email'], 'Give a patient account email or a patient ID', 'missing');
  if (email !== undefined && patientId !== undefined) throw new HttpError(422, 'Give a patient account email or a patient ID, not both.');
  const row = await visibleRows(db, patients, access, (eb) =>
    email !== undefined ? eb(eb.fn('lower', [eb.ref('j_user.email')]), '=', email.toLowerCase()) : eb('t.id', '=', patientId as number),
  )
    .select(['t.id', 't.tenant_id', 'j_user.full_name as full_name'])
    .executeTakeFirst();
  if (!row) {
    throw email !== undefined
      ? new HttpError(422, `No patient account has the email ${email}.`)
      : new HttpError(422, `No patient has the ID ${String(patientId)}.`);
  }
  return row;
}
