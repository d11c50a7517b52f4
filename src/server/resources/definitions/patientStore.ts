import type { Store, Values } from '../defineResource';
import { toRow } from '../tableStore';

/** jsonb columns of each table: the driver takes them as JSON text. */
const PATIENT_JSON = new Set(['profile', 'insurances', 'care_plan']);
const USER_JSON = new Set(['address']);

/**
 * A patient is two rows: the account (users, role patient) and the patient record. Both are
 * written in the caller's transaction; the account keeps the patient's tenant.
 */
export const patientStore: Store = {
  async insert(trx, values) {
    const { user, ...patient } = values as Values & { user: Values };
    const account = await trx
      .insertInto('users')
      .values(toRow({ ...user, role: 'patient', tenant_id: patient.tenant_id }, USER_JSON))
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('patients')
      .values(toRow({ ...patient, user_id: account.id }, PATIENT_JSON))
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },
  async update(trx, id, values) {
    const { user = {}, ...patient } = values as Values & { user?: Values };
    const account = { ...user, ...('tenant_id' in patient ? { tenant_id: patient.tenant_id } : {}) };
    if (Object.keys(patient).length) await trx.updateTable('patients').set(toRow(patient, PATIENT_JSON)).where('id', '=', id).execute();
    if (Object.keys(account).length) {
      await trx.updateTable('users').set(toRow(account, USER_JSON)).where('id', '=', userIdOf(trx, id)).execute();
    }
  },
  async remove(trx, id) {
    // Removing the account removes the patient record with it (on delete cascade).
    await trx.deleteFrom('users').where('id', '=', userIdOf(trx, id)).execute();
  },
};

function userIdOf(trx: Parameters<Store['remove']>[0], patientId: number) {
  return trx.selectFrom('patients').select('user_id').where('id', '=', patientId);
}
