import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { ClaimExportQuery } from '../../../../schemas/payloads/claims';
import { suggestedBillingDate } from '../../../domain/billing/claims';
import { EMPTY_TEXT } from '../../../domain/emptyText';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { audit } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { claimItems } from '../../resources/definitions/claimItems';
import { recordColumns, toRecord, visibleRows } from '../../resources/recordQuery';
import { TENANT_REFERENCE, visibleReference } from '../../resources/references';
import { withTransaction } from '../../resources/transaction';
import { claimExportRow } from './claimExportRows';
import { claimsCsv } from './claimsCsv';
import { claimsPdf } from './claimsPdf';

/** A month of one provider is a few thousand claims; more is every provider at once, to be narrowed. */
const EXPORT_MAX_CLAIMS = 20_000;

export interface ClaimExportFile {
  body: Buffer | string;
  contentType: string;
  filename: string;
}

/**
 * GET claim-items/export (spec 002 section 7): the claims whose date of service is in the month
 * (`year`, `month`) that the caller's claim_items.list reaches, of one provider when `tenant_id`
 * names one (a provider the caller does not reach answers like one that does not exist, 422), as
 * CSV (one row per claim, the list's columns) or PDF (a table and the disclaimer of spec 002
 * section 9). Audited as a list of the claims it holds. Answers the file, its type and its name
 * (`claims-2026-05.csv`, `claims-2026-05-northwind.pdf`).
 */
export async function exportClaims(db: Kysely<DB>, request: FastifyRequest, caller: Caller, query: ClaimExportQuery): Promise<ClaimExportFile> {
  const month = `${query.year}-${String(query.month).padStart(2, '0')}`;
  // One transaction: the provider named, the claims and the audit row of what was read agree.
  const { provider, records } = await withTransaction(db, (trx) => claimsOfMonth(trx, request, caller, month, query.tenant_id), claimItems);
  const rows = records.map(claimExportRow);
  const name = `claims-${month}${provider ? `-${String(provider.slug)}` : ''}`;
  if (query.export_type === 'csv') return { body: claimsCsv(rows), contentType: 'text/csv; charset=utf-8', filename: `${name}.csv` };
  const providers = [...new Set(rows.map((r) => r.provider))];
  const pdf = await claimsPdf({
    provider: provider ? String(provider.name) : providers.length > 1 ? 'Several providers' : (providers[0] ?? EMPTY_TEXT),
    month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`)),
    generatedAt: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    rows,
  });
  return { body: pdf, contentType: 'application/pdf', filename: `${name}.pdf` };
}

/** The claims of the month (`yyyy-mm`) the caller reaches, of the provider named if any, audited as a list. */
async function claimsOfMonth(trx: Transaction<DB>, request: FastifyRequest, { identity, access }: Caller, month: string, tenantId: number | undefined) {
  const first = `${month}-01`;
  const provider =
    tenantId === undefined ? undefined : await visibleReference(trx, access, TENANT_REFERENCE, tenantId, ['query', 'tenant_id'], ['name', 'slug']);
  const found = await visibleRows(trx, claimItems, access, (eb) =>
    eb.and([
      eb('t.date_of_service', '>=', first),
      eb('t.date_of_service', '<', suggestedBillingDate(first)),
      ...(provider ? [eb('t.tenant_id', '=', provider.id)] : []),
    ]),
  )
    .select((eb) => recordColumns(eb, claimItems))
    .orderBy('j_tenant.name')
    .orderBy('t.date_of_service')
    .orderBy('j_patient.user_full_name')
    .orderBy('t.id')
    .limit(EXPORT_MAX_CLAIMS + 1)
    .execute();
  if (found.length > EXPORT_MAX_CLAIMS) {
    throw invalid(['query', 'tenant_id'], `More than ${EXPORT_MAX_CLAIMS} claims in the month: please export one provider at a time`);
  }
  const records = found.map((row) => toRecord(row, claimItems));
  await audit(trx, { request, identity, resource: { ...claimItems, name: 'claim-items/export' }, action: 'list', records });
  return { provider, records };
}
