import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { auditEach } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { claimItems } from '../../resources/definitions/claimItems';
import { recordColumns, toRecord, visibleRows } from '../../resources/recordQuery';

/** The claims of `ids` the caller reaches, locked for the write, in id order. */
async function lockClaims(trx: Transaction<DB>, caller: Caller, ids: readonly number[]): Promise<Values[]> {
  const rows = await visibleRows(trx, claimItems, caller.access, (eb) => eb('t.id', 'in', ids))
    .select((eb) => recordColumns(eb, claimItems))
    .orderBy('t.id')
    .forUpdate('t')
    .execute();
  return rows.map((row) => toRecord(row, claimItems));
}

/**
 * Bulk Mark Submitted (spec 002 section 4: "Bulk Mark Submitted sets true or false"), `PUT
 * claim-items {ids, data: {submitted}}`: every claim must be within the caller's reach, else 404
 * and nothing changes (an id of another provider answers like an id that exists nowhere); the
 * flag is the one field a submitted claim may change. One audit row per claim, in the caller's
 * transaction. Returns the claims after, in id order.
 */
export async function markClaimsSubmitted(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, ids: readonly number[], submitted: boolean) {
  const unique = [...new Set(ids)];
  const before = await lockClaims(trx, caller, unique);
  if (before.length !== unique.length) throw notFound();
  await trx.updateTable('claim_items').set({ submitted }).where('id', 'in', unique).execute();
  const after = await lockClaims(trx, caller, unique);
  const earlier = new Map(before.map((claim) => [claim.id, claim]));
  await auditEach(
    trx,
    { request, identity: caller.identity, resource: claimItems, action: 'update' },
    after.map((record) => ({ record, before: earlier.get(record.id) })),
  );
  return after;
}
