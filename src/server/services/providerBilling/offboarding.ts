import type { FastifyInstance, FastifyRequest } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { sql, type Transaction } from 'kysely';
import { revokeUserSessions } from '../../auth/sessions';
import type { DB } from '../../db/schema';
import { invalid } from '../../errors';
import { auditTenantRecord } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { loadFile, saveFile } from '../storage/fileStorage';
import type { ProviderRow } from './reachProvider';

/**
 * Tables with a tenant_id that offboarding does not empty: the provider row itself (kept as a
 * tombstone), its accounts (handled below), the operator's records about it (invoices, offboardings)
 * and the trails (append-only by trigger). Devices go back to the operator's inventory.
 */
const KEPT = new Set(['tenants', 'users', 'invoices', 'provider_offboardings', 'audit_logs', 'auth_logs', 'devices']);

interface Fk {
  child: string;
  parent: string;
}

/** Every public table with a tenant_id column, and the foreign keys between them (read from the catalogue, so a new table is covered without a line here). */
async function tenantTables(trx: Transaction<DB>): Promise<{ tables: string[]; fks: Fk[] }> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = 'tenant_id' order by table_name`.execute(trx);
  const fks = await sql<Fk>`
    select conrelid::regclass::text as child, confrelid::regclass::text as parent
    from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace`.execute(trx);
  return { tables: tables.rows.map((r) => r.table_name), fks: fks.rows };
}

/** The tables in an order that deletes each one's referencing rows first (children before parents); cycles are broken by name. */
export function deletionOrder(tables: readonly string[], fks: readonly Fk[]): string[] {
  const set = new Set(tables);
  const children = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const { child, parent } of fks) if (set.has(child) && set.has(parent) && child !== parent) children.get(parent)?.add(child);
  const order: string[] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (table: string) => {
    if (done.has(table) || visiting.has(table)) return;
    visiting.add(table);
    for (const child of [...(children.get(table) ?? [])].sort()) visit(child);
    visiting.delete(table);
    done.add(table);
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return order;
}

const json = (rows: unknown) => strToU8(JSON.stringify(rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v), 2));

/**
 * The final archive: a zip with one JSON file per table of the provider's rows (the stored files'
 * bytes in files/), the accounts without their secrets, and the provider row. Kept by the operator.
 */
async function buildArchive(app: FastifyInstance, trx: Transaction<DB>, provider: ProviderRow, tables: readonly string[]): Promise<Uint8Array> {
  const entries: Record<string, Uint8Array> = { 'provider.json': json(provider) };
  for (const table of tables) {
    if (table === 'tenants' || table === 'audit_logs' || table === 'auth_logs') continue;
    const rows =
      table === 'users'
        ? await trx.selectFrom('users').selectAll().where('tenant_id', '=', provider.id).execute()
        : (await sql<Record<string, unknown>>`select * from ${sql.table(table)} where tenant_id = ${provider.id}`.execute(trx)).rows;
    const cleaned = rows.map((row) => {
      const { password_hash: _p, totp_secret: _t, content: _c, ...rest } = row as Record<string, unknown>;
      return rest;
    });
    if (cleaned.length) entries[`${table}.json`] = json(cleaned);
  }
  const files = await trx.selectFrom('stored_files').select(['id', 'file_name']).where('tenant_id', '=', provider.id).execute();
  for (const file of files) {
    const stored = await loadFile(trx, app.fileStorage, Number(file.id));
    if (stored) entries[`files/${String(file.id)}-${(file.file_name ?? 'file').replace(/[^\w.-]+/g, '_')}`] = new Uint8Array(stored.bytes);
  }
  entries['README.txt'] = strToU8(
    `Final archive of provider ${provider.name} (id ${String(provider.id)}), made when it was offboarded on ${new Date().toISOString()}.\n` +
      'One JSON file per table of its rows; files/ holds its stored documents. Account secrets are left out.\n',
  );
  return zipSync(entries, { level: 6 });
}

/**
 * POST providers/{id}/offboard (spec 002 section 4: irreversible, removes all provider data). In one
 * transaction holding the provider's row: writes the final archive to storage (the operator's file),
 * then deletes every row of the provider in every table with a tenant_id (children first, by the
 * catalogue's foreign keys), which takes the patients and all that hangs on them; gives its devices
 * back to the inventory; deletes its accounts, except those the trails name (audit and sign-in logs
 * are append-only), which are disabled, stripped of their secrets and signed out; and leaves the
 * provider row as a tombstone (`offboarded_at`) that no list shows. Audited; the stored objects of
 * the deleted files are removed once the transaction has committed (`afterCommit`).
 */
export async function offboardProvider(
  app: FastifyInstance,
  trx: Transaction<DB>,
  request: FastifyRequest,
  caller: Caller,
  provider: ProviderRow,
  confirmName: string | undefined,
) {
  if (confirmName !== undefined && confirmName.trim() !== provider.name.trim()) throw invalid(['body', 'name'], "The name does not match the provider's name");
  await sql`select id from tenants where id = ${provider.id} for update`.execute(trx);
  const { tables, fks } = await tenantTables(trx);
  const archive = await buildArchive(app, trx, provider, tables);
  const archiveId = await saveFile(trx, app.fileStorage, {
    bytes: Buffer.from(archive),
    contentType: 'application/zip',
    fileName: `provider-${String(provider.id)}-final-archive.zip`,
    tenantId: null,
    createdBy: caller.identity.id,
  });
  const objects = await trx
    .selectFrom('stored_files')
    .select(['object_key'])
    .where('tenant_id', '=', provider.id)
    .where('object_key', 'is not', null)
    .execute();
  const { count } = await trx
    .selectFrom('patients')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('tenant_id', '=', provider.id)
    .executeTakeFirstOrThrow();

  if (provider.stripe_subscription_id) await app.billingVendor.within(trx).cancelSubscription(provider.stripe_subscription_id);
  await trx.updateTable('devices').set({ tenant_id: null, patient_id: null }).where('tenant_id', '=', provider.id).execute();
  await trx
    .updateTable('tenants')
    .set({
      default_rpm_clinician_id: null,
      default_rtm_clinician_id: null,
      default_ccm_clinician_id: null,
      default_pcm_clinician_id: null,
    })
    .where('id', '=', provider.id)
    .execute();
  for (const table of deletionOrder(
    tables.filter((t) => !KEPT.has(t)),
    fks,
  ))
    await sql`delete from ${sql.table(table)} where tenant_id = ${provider.id}`.execute(trx);

  // Accounts: those the append-only trails name stay, disabled and without secrets; the others go.
  const named = await trx
    .selectFrom('users')
    .select('id')
    .where('tenant_id', '=', provider.id)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('audit_logs').select('id').whereRef('audit_logs.actor_id', '=', 'users.id')),
        eb.exists(eb.selectFrom('auth_logs').select('id').whereRef('auth_logs.user_id', '=', 'users.id')),
      ]),
    )
    .execute();
  const keptIds = named.map((u) => u.id);
  for (const id of keptIds) await revokeUserSessions(trx, id, 'account_disabled');
  if (keptIds.length)
    await trx
      .updateTable('users')
      .set({ is_active: false, password_hash: null, totp_secret: null, totp_enabled: false, phone_number: null, mobile_phone_number: null })
      .where('id', 'in', keptIds)
      .execute();
  let gone = trx.deleteFrom('users').where('tenant_id', '=', provider.id);
  if (keptIds.length) gone = gone.where('id', 'not in', keptIds);
  await gone.execute();

  await trx
    .updateTable('tenants')
    .set({ is_active: false, offboarded_at: new Date(), stripe_subscription_id: null, settings: JSON.stringify({}) })
    .where('id', '=', provider.id)
    .execute();
  await trx
    .insertInto('provider_offboardings')
    .values({
      tenant_id: provider.id,
      provider_name: provider.name,
      archive_file_id: archiveId,
      patients_removed: Number(count),
      offboarded_by: caller.identity.id,
    })
    .execute();
  await auditTenantRecord(trx, {
    request,
    identity: caller.identity,
    resource: 'providers',
    action: 'delete',
    tenantId: provider.id,
    recordId: String(provider.id),
  });
  return {
    message: `${provider.name} was offboarded: ${String(count)} ${Number(count) === 1 ? 'patient' : 'patients'} and all its data removed; the final archive is kept.`,
    objectKeys: objects.map((o) => o.object_key as string),
  };
}
