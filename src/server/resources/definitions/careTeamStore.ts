import type { Store } from '../defineResource';
import { tableStore } from '../tableStore';

const rows = tableStore('care_team_members', new Set());

/**
 * Care team rows, with one difference on insert: adding someone who is already an open member in
 * that role answers the existing row (the open-membership index) instead of a duplicate, so that a
 * bulk add over patients of whom some have the clinician already succeeds for all.
 */
export const careTeamStore: Store = {
  async insert(trx, values) {
    const row = await trx
      .insertInto('care_team_members')
      .values(values)
      .onConflict((oc) =>
        oc
          .columns(['patient_id', 'practitioner_id', 'role'])
          .where('end_date', 'is', null)
          .doUpdateSet((eb) => ({ role: eb.ref('excluded.role') })),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },
  update: (trx, id, values) => rows.update(trx, id, values),
  remove: (trx, id) => rows.remove(trx, id),
};
