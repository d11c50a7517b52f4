import type { Store, Values } from '../defineResource';

/**
 * A patient is two rows: the account (users, role patient) and the patient record. Both are
 * written in the caller's transaction; the account keeps the patient's tenant.
 */
export const patientStore: Store = {
  async insert(trx, values) {
    const { user, ...patient } = values as Values & { user: Values };
    const account = await trx
      .insertInto('users')
      .values({ ...user, role: 'patient', tenant_id: patient.tenant_id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx
      .insertInto('patients')
      .values({ ...patient, user_id: account.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },
  async update(trx, id, values) {
    const { user = {}, ...patient } = values as Values & { user?: Values };
    const account = { ...user, ...('tenant_id' in patient ? { tenant_id: patient.tenant_id } : {}) };
    if (Object.keys(patient).length) await trx.updateTable('patients').set(patient).where('id', '=', id).execute();
    if (Object.keys(account).length) {
      await trx.updateTable('users').set(account).where('id', '=', userIdOf(trx, id)).execute();
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
