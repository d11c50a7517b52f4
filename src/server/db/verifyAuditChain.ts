import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

/** The first row where the chain breaks, and why. */
export interface BrokenAuditRow {
  id: number | null;
  chain_seq: number;
  reason: string;
}

export interface AuditChainReport {
  ok: boolean;
  /** Rows checked. */
  rows: number;
  broken: BrokenAuditRow | null;
}

const BATCH = 5000;

interface ChainRow {
  id: number;
  chain_seq: number;
  hash: string;
  expected: string;
}

/**
 * Recomputes the audit trail's hash chain (migration 0016) in chain order and names the first row
 * that does not hold: one whose content or hash was changed behind the application's back, one
 * after a gap (rows deleted), or the head naming rows that are gone. Reads in one repeatable-read
 * snapshot, in batches, each row's expected hash computed by the database's own audit_log_digest.
 */
export async function verifyAuditChain(db: Kysely<DB>): Promise<AuditChainReport> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { rows: heads } = await sql<{ last_seq: number; last_hash: string | null }>`select last_seq, last_hash from audit_log_chain`.execute(trx);
      const head = heads[0] ?? { last_seq: 0, last_hash: null };
      let previous: string | null = null;
      let seq = 0;
      let lastId: number | null = null;
      let checked = 0;
      const broken = (row: { id: number | null; chain_seq: number }, reason: string): AuditChainReport => ({
        ok: false,
        rows: checked,
        broken: { id: row.id, chain_seq: row.chain_seq, reason },
      });
      for (;;) {
        const { rows } = await sql<ChainRow>`
          select a.id, a.chain_seq, a.hash,
            audit_log_digest(coalesce(lag(a.hash) over (order by a.chain_seq), ${previous}::text), a) as expected
          from audit_logs a where a.chain_seq > ${seq} order by a.chain_seq limit ${BATCH}`.execute(trx);
        for (const row of rows) {
          const id = Number(row.id);
          const chainSeq = Number(row.chain_seq);
          if (chainSeq !== seq + 1) return broken({ id, chain_seq: chainSeq }, `rows ${seq + 1} to ${chainSeq - 1} of the chain are missing (deleted)`);
          if (row.hash !== row.expected) return broken({ id, chain_seq: chainSeq }, 'its hash does not match its content and the row before it (changed)');
          previous = row.hash;
          seq = chainSeq;
          lastId = id;
          checked += 1;
        }
        if (rows.length < BATCH) break;
      }
      if (Number(head.last_seq) !== seq) {
        return broken({ id: lastId, chain_seq: seq }, `the chain's head is at row ${head.last_seq} but the table ends at row ${seq} (rows deleted)`);
      }
      if (head.last_hash !== previous) return broken({ id: lastId, chain_seq: seq }, "its hash is not the chain head's (changed)");
      return { ok: true, rows: checked, broken: null };
    });
}
