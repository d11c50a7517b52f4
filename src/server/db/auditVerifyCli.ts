// `npm run audit:verify`: recompute the audit trail's hash chain of the database DATABASE_URL or
// DATA_DIR points to; exit 1 naming the first broken row.
import { loadConfig } from '../config';
import { openDatabase } from './openDatabase';
import { verifyAuditChain } from './verifyAuditChain';

const database = await openDatabase(loadConfig());
const report = await verifyAuditChain(database.db);
await database.close();
if (report.broken) {
  console.error(`Audit trail broken at row id ${report.broken.id ?? '-'} (chain position ${report.broken.chain_seq}): ${report.broken.reason}`);
  process.exit(1);
}
console.log(`Audit trail intact: ${report.rows} rows chained.`);
