import type { Kysely } from 'kysely';
import { codeSetFromRows, type CodeSet } from '../../../domain/billing/codeSet';
import type { DB } from '../../db/schema';

/** Every row of the billing code set (a few dozen): callers pick the month's with `inForce`. */
export async function loadCodeSet(db: Kysely<DB>): Promise<CodeSet> {
  const [codes, exclusions] = await Promise.all([
    db
      .selectFrom('billing_codes')
      .select([
        'code',
        'program',
        'description',
        'measure',
        'monitoring_type',
        'device_category',
        'threshold',
        'ceiling',
        'unit_cap',
        'add_on_to',
        'priority',
        'effective_from',
        'effective_to',
      ])
      .orderBy('code')
      .orderBy('effective_from')
      .execute(),
    db.selectFrom('billing_code_exclusions').select(['code', 'excludes', 'effective_from', 'effective_to']).orderBy('code').execute(),
  ]);
  return codeSetFromRows(codes, exclusions);
}
