import { issueUserToken } from '../../auth/userTokens';
import { updatePatientStatus } from '../../services/patientStatus/updatePatientStatus';
import type { CreatedContext, Values } from '../defineResource';

/**
 * How long the one-time password of a new patient stays valid (spec silent): a week, for the
 * patient to set a password from the app or the /otp page after the enrolment visit.
 */
const PATIENT_OTP_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The Add Patient payload extras (spec 001 section 3) that act once the patient exists, in the
 * create's transaction:
 * - `is_patient_consented: true` marks the new patient consented through the status service, as
 *   Mark Consented does (its rules, history row, monitoring activity and audit row): the date of
 *   birth is the one just entered, and adding a consented patient acknowledges that it has no care
 *   program yet. A refusal (a caller who must check in first) refuses the whole create.
 * - `create_one_time_password: true` issues a one-time password of the patient's account (an
 *   `otp_login` code of the /otp page, which sets the password), answered once as
 *   `one_time_password`; only its hash is stored.
 * `role` (patient only) and `enrollment_type` (screening only) need nothing more.
 */
export async function patientCreate({ trx, request, id, body }: CreatedContext): Promise<Values> {
  if (body.is_patient_consented === true) {
    const birthdate = typeof body.birthdate === 'string' ? body.birthdate : null;
    await updatePatientStatus(trx, request, id, { patient_status: 'consented', birthdate, acknowledge_care_programs: true });
  }
  if (body.create_one_time_password !== true) return {};
  const { user_id } = await trx.selectFrom('patients').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
  return { one_time_password: await issueUserToken(trx, user_id, 'otp_login', PATIENT_OTP_TTL_SECONDS) };
}
