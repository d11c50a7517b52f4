import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { codeSetFromRows, type BillingCodeRow, type BillingExclusionRow, type CodeSet } from '../../../src/domain/billing/codeSet';

/**
 * The code set exactly as the migration ships it (0019_billing_codes.sql run on an empty embedded
 * database and read back), so that the rules are tested against the real data, not a copy of it.
 */
export async function shippedCodeSet(): Promise<CodeSet> {
  const pglite = await PGlite.create({ parsers: { 1082: (value: string) => value } });
  try {
    await pglite.exec(readFileSync(new URL('../../../src/server/db/migrations/0019_billing_codes.sql', import.meta.url), 'utf8'));
    const codes = await pglite.query<BillingCodeRow>('select * from billing_codes');
    const exclusions = await pglite.query<BillingExclusionRow>('select * from billing_code_exclusions');
    return codeSetFromRows(codes.rows, exclusions.rows);
  } finally {
    await pglite.close();
  }
}
