import type { FastifyInstance } from 'fastify';
import { newOpaqueToken } from '../../auth/tokens';
import { DATA_EXPORT_DOWNLOAD_DAYS } from '../../../domain/dataExports';
import { saveFile } from '../storage/fileStorage';
import { buildPatientArchive } from './dataExportArchive';
import { dataExportMail } from './dataExportMail';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The in-process runner of archive builds (routes/dataExports/README.md, "Background build"). A build
 * starts on the next turn of the event loop (`setImmediate`), never inside the request; one build
 * per export at a time. `drain()` waits for the running ones (the server's close).
 */
export class DataExportJobs {
  private readonly running = new Map<number, Promise<void>>();
  constructor(private readonly app: FastifyInstance) {}

  start(exportId: number): void {
    if (this.running.has(exportId)) return;
    const job = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => buildExport(this.app, exportId))
      .catch((error: unknown) => this.app.log.error({ err: error, exportId }, 'data export build failed'))
      .finally(() => this.running.delete(exportId));
    this.running.set(exportId, job);
  }

  /**
   * On start: the builds a stopped server left half-done (validated, still pending_validation) are
   * started again from the beginning; a build is idempotent, so nothing of the earlier run is kept.
   */
  async resume(): Promise<number> {
    const rows = await this.app.db
      .selectFrom('data_exports')
      .select('id')
      .where('status', '=', 'pending_validation')
      .where('validated_at', 'is not', null)
      .execute();
    for (const row of rows) this.start(row.id);
    return rows.length;
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()]);
  }
}

async function setProgress(app: FastifyInstance, exportId: number, progress: number): Promise<void> {
  await app.db
    .updateTable('data_exports')
    .set({ progress, updated_at: new Date() })
    .where('id', '=', exportId)
    .where('status', '=', 'pending_validation')
    .execute();
}

/**
 * Builds one export's archive: reads the patient's data, zips it, stores it, and in one transaction
 * (only while the export is still validated and pending_validation: a revoked one is left alone)
 * sets `completed`, the file, and a new one-time download token's hash (7 days); then mails the link
 * to the patient. Any error marks the export `failed` with the reason. Idempotent: a second run of
 * a finished export does nothing, a rerun of a half-done one starts over.
 */
export async function buildExport(app: FastifyInstance, exportId: number): Promise<void> {
  const row = await app.db
    .selectFrom('data_exports')
    .select(['id', 'patient_id', 'tenant_id', 'status', 'validated_at', 'validated_by'])
    .where('id', '=', exportId)
    .executeTakeFirst();
  if (!row || row.status !== 'pending_validation' || row.validated_at === null) return;
  try {
    await setProgress(app, exportId, 5);
    const bytes = await buildPatientArchive(app.db, app.fileStorage, row.patient_id, (percent) => setProgress(app, exportId, percent));
    const { token, hash } = newOpaqueToken();
    const expiresAt = new Date(Date.now() + DATA_EXPORT_DOWNLOAD_DAYS * DAY_MS);
    const done = await app.db.transaction().execute(async (trx) => {
      const live = await trx.selectFrom('data_exports').select('status').where('id', '=', exportId).forUpdate().executeTakeFirst();
      if (live?.status !== 'pending_validation') return false;
      const fileId = await saveFile(trx, app.fileStorage, {
        bytes,
        contentType: 'application/zip',
        fileName: `patient-${String(row.patient_id)}-export-${String(exportId)}.zip`,
        tenantId: row.tenant_id,
        createdBy: row.validated_by,
      });
      const now = new Date();
      await trx
        .updateTable('data_exports')
        .set({
          status: 'completed',
          progress: 100,
          file_id: fileId,
          completed_at: now,
          updated_at: now,
          download_token_hash: hash,
          download_expires_at: expiresAt,
          failure: null,
        })
        .where('id', '=', exportId)
        .execute();
      return true;
    });
    if (!done) return;
    const patient = await app.db
      .selectFrom('patients')
      .innerJoin('users', 'users.id', 'patients.user_id')
      .select(['users.email', 'users.first_name'])
      .where('patients.id', '=', row.patient_id)
      .executeTakeFirst();
    const email = (patient?.email as string | null | undefined)?.trim();
    if (!email) {
      app.log.warn({ exportId }, 'data export completed but the patient has no e-mail address');
      return;
    }
    try {
      await app.mailer.send(dataExportMail(app.config.publicUrl, email, patient?.first_name ?? '', token, DATA_EXPORT_DOWNLOAD_DAYS));
    } catch (error) {
      app.log.error({ err: error, exportId }, 'the data export mail could not be sent');
    }
  } catch (error) {
    app.log.error({ err: error, exportId }, 'data export build failed');
    const failure = error instanceof Error ? error.message.slice(0, 500) : 'The archive could not be built';
    await app.db
      .updateTable('data_exports')
      .set({ status: 'failed', failure, updated_at: new Date() })
      .where('id', '=', exportId)
      .where('status', '=', 'pending_validation')
      .execute();
  }
}
