import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely, Selectable } from 'kysely';
import type { DataExport } from '../../../../schemas/entities/dataExport';
import { DATA_EXPORT_TEXTS, DATA_EXPORTS_PAGE_SIZE, dataExportTransition, type DataExportStatus } from '../../../domain/dataExports';
import { limitAuthCall } from '../../auth/authRateLimit';
import { hashOpaqueToken } from '../../auth/tokens';
import type { DataExports, DB } from '../../db/schema';
import { conflict, HttpError, invalid, notFound } from '../../errors';
import { auditPatients, type Actor } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { withTransaction } from '../../resources/transaction';
import { clinicalPatient } from '../clinical/clinicalPatient';
import { signLink } from '../storage/signedLinks';

export const AUDIT_RESOURCE = 'data-exports';
/** How long the signed link the download token is exchanged for works (the browser starts at once). */
const EXCHANGED_LINK_SECONDS = 600;

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The record as the API answers it: never the token hash, the file or who asked. */
export function shown(row: Selectable<DataExports>): DataExport {
  return {
    id: row.id,
    patient_id: row.patient_id,
    type: 'patient_data_export',
    format: 'zip',
    status: row.status as DataExportStatus,
    consent_given: row.consent_given,
    progress: row.progress,
    failure: row.failure,
    created_at: iso(row.created_at) as string,
    validated_at: iso(row.validated_at),
    completed_at: iso(row.completed_at),
    revoked_at: iso(row.revoked_at),
    download_expires_at: iso(row.download_expires_at),
  };
}

/** The patient id of the list's filter: `{"patient_id[eq]": N}` or `{"patient_id": N}`; 422 without. */
export function patientIdOfFilter(filter: string | undefined): number {
  let parsed: unknown;
  try {
    parsed = filter === undefined ? undefined : JSON.parse(filter);
  } catch {
    throw invalid(['query', 'filter'], 'The filter is not valid JSON');
  }
  const value =
    parsed && typeof parsed === 'object'
      ? ((parsed as Record<string, unknown>)['patient_id[eq]'] ?? (parsed as Record<string, unknown>).patient_id)
      : undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 2147483647) throw invalid(['query', 'filter'], 'patient_id is required');
  return value;
}

/** GET data-exports: a patient's exports, newest first, a window of them and the total. */
export async function listDataExports(db: Kysely<DB>, caller: Caller, patientId: number, skip: number, limit = DATA_EXPORTS_PAGE_SIZE) {
  await clinicalPatient(db, caller, patientId);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('data_exports')
      .selectAll()
      .where('patient_id', '=', patientId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(skip)
      .limit(limit)
      .execute(),
    db
      .selectFrom('data_exports')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('patient_id', '=', patientId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(shown), total: Number(count.n) };
}

/**
 * POST data-exports {patient_id, consent_given}: refuses (422, nothing written) without consent,
 * without an e-mail address on the patient's account ('No email set') or with an unverified one;
 * else writes the request `pending` and moves it at once to `pending_validation`, audited.
 */
export async function requestDataExport(
  db: Kysely<DB>,
  request: FastifyRequest,
  caller: Caller,
  patientId: number,
  consentGiven: boolean,
): Promise<DataExport> {
  return withTransaction(db, async (trx) => {
    const patient = await clinicalPatient(trx, caller, patientId);
    if (consentGiven !== true) throw invalid(['body', 'consent_given'], DATA_EXPORT_TEXTS.noConsent);
    const account = await trx
      .selectFrom('patients')
      .innerJoin('users', 'users.id', 'patients.user_id')
      .select(['users.email', 'users.is_email_verified'])
      .where('patients.id', '=', patientId)
      .executeTakeFirstOrThrow();
    if (!(account.email as string | null)?.trim()) throw new HttpError(422, DATA_EXPORT_TEXTS.noEmail);
    if (!account.is_email_verified) throw new HttpError(422, DATA_EXPORT_TEXTS.unverified);
    const created = await trx
      .insertInto('data_exports')
      .values({ tenant_id: patient.tenant_id, patient_id: patientId, status: 'pending', consent_given: true, requested_by: caller.identity.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await trx
      .updateTable('data_exports')
      .set({ status: dataExportTransition('pending', 'submit'), updated_at: new Date() })
      .where('id', '=', created.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditPatients(trx, {
      request,
      identity: caller.identity,
      resource: AUDIT_RESOURCE,
      action: 'create',
      tenantId: patient.tenant_id,
      records: [{ patientId, recordId: String(row.id) }],
    });
    return shown(row);
  });
}

/** An export the caller reaches, locked for the write (404 for another provider's, like none). */
async function reachableExport(db: Kysely<DB>, caller: Caller, id: number) {
  const row = await db.selectFrom('data_exports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  await clinicalPatient(db, caller, row.patient_id);
  return row;
}

/**
 * POST data-exports/validate {export_request_id}: the second person's check. Only a
 * pending_validation export not yet validated (409 otherwise); it stays pending_validation with
 * progress 0 and its build is started by the caller after the commit (`onValidated`).
 */
export async function validateDataExport(db: Kysely<DB>, request: FastifyRequest, caller: Caller, id: number): Promise<DataExport> {
  return withTransaction(db, async (trx) => {
    const row = await reachableExport(trx, caller, id);
    const status = row.status as DataExportStatus;
    if (dataExportTransition(status, 'validate') === undefined || row.validated_at !== null)
      throw conflict(`A ${status.replace('_', ' ')} export cannot be validated`);
    const now = new Date();
    const updated = await trx
      .updateTable('data_exports')
      .set({ validated_at: now, validated_by: caller.identity.id, progress: 0, updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditPatients(trx, {
      request,
      identity: caller.identity,
      resource: AUDIT_RESOURCE,
      action: 'update',
      tenantId: row.tenant_id,
      records: [{ patientId: row.patient_id, recordId: String(id) }],
    });
    return shown(updated);
  });
}

/** DELETE data-exports/{id}: revoke unless completed (409); the record stays, `revoked`, its token cleared. */
export async function revokeDataExport(db: Kysely<DB>, request: FastifyRequest, caller: Caller, id: number): Promise<DataExport> {
  return withTransaction(db, async (trx) => {
    const row = await reachableExport(trx, caller, id);
    const next = dataExportTransition(row.status as DataExportStatus, 'revoke');
    if (next === undefined) throw conflict(`A ${row.status.replace('_', ' ')} export cannot be revoked`);
    const now = new Date();
    const updated = await trx
      .updateTable('data_exports')
      .set({ status: next, revoked_at: now, updated_at: now, download_token_hash: null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await auditPatients(trx, {
      request,
      identity: caller.identity,
      resource: AUDIT_RESOURCE,
      action: 'delete',
      tenantId: row.tenant_id,
      records: [{ patientId: row.patient_id, recordId: String(id) }],
    });
    return shown(updated);
  });
}

/**
 * POST data-exports/exchange-download-token {token} (public, rate-limited like sign-in): a live
 * token of a completed export becomes a signed link to its archive (made for the patient's user),
 * and is used up; anything else is 400 `bad_token`. Audited as the patient's read of the export.
 */
export async function exchangeDownloadToken(app: FastifyInstance, request: FastifyRequest, token: string): Promise<{ signed_url: string }> {
  await limitAuthCall(app, request, 'data-exports/exchange-download-token');
  const badToken = () => new HttpError(400, DATA_EXPORT_TEXTS.badToken);
  return withTransaction(app.db, async (trx) => {
    const row = await trx
      .selectFrom('data_exports')
      .innerJoin('patients', 'patients.id', 'data_exports.patient_id')
      .innerJoin('users', 'users.id', 'patients.user_id')
      .select([
        'data_exports.id',
        'data_exports.status',
        'data_exports.file_id',
        'data_exports.download_expires_at',
        'data_exports.patient_id',
        'data_exports.tenant_id',
        'users.id as user_id',
        'users.role',
        'users.first_name',
        'users.last_name',
        'users.email',
      ])
      .where('data_exports.download_token_hash', '=', hashOpaqueToken(token))
      .forUpdate('data_exports')
      .executeTakeFirst();
    if (!row || row.status !== 'completed' || row.file_id === null || !row.download_expires_at || new Date(row.download_expires_at).getTime() <= Date.now())
      throw badToken();
    // Used: the hash goes, so the same token finds nothing next time.
    await trx.updateTable('data_exports').set({ download_token_hash: null, updated_at: new Date() }).where('id', '=', row.id).execute();
    const patient: Actor = { id: row.user_id, role: row.role as Actor['role'], full_name: `${row.first_name} ${row.last_name}`.trim(), email: row.email };
    await auditPatients(trx, {
      request,
      identity: patient,
      resource: AUDIT_RESOURCE,
      action: 'read',
      tenantId: row.tenant_id,
      records: [{ patientId: row.patient_id, recordId: String(row.id) }],
    });
    return { signed_url: signLink(app.fileLinkKey, { fileId: Number(row.file_id), userId: row.user_id }, Date.now(), EXCHANGED_LINK_SECONDS) };
  });
}
