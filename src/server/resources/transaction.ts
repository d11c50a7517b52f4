import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { fromDbError } from './dbErrors';
import type { Resource } from './defineResource';

/**
 * Runs a write in one transaction: the rows, their history and their audit rows commit together
 * or not at all, and a database refusal becomes a 409 or 422 (`fromDbError`), worded with the
 * fields of `resource` when one is given. Every write outside src/server/db goes through it.
 *
 * `withTransaction(app.db, (trx) => applyDeviceActionById({ trx, request, caller, at: ['body'] }, id, body), devices)`
 */
export async function withTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>, resource?: Resource): Promise<T> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    throw fromDbError(error, resource);
  }
}
