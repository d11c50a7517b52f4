import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { auditPatients, auditTenantRecord, type Actor } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { reports } from '../../resources/definitions/reports';
import { findRecord } from '../../resources/recordQuery';
import { LINK_EXPIRED, LINK_INVALID } from '../patientDocuments/readDocument';
import { checkReportLink, signReportLink } from './reportLinks';
import { reportFileName, reportPdf, type ReportForPdf } from './reportPdf';

type StoredReport = ReportForPdf & { id: number; tenant_id: number; patient_id: number | null };

/** The report `id` if the caller's reports.read reaches it, else 404 like none. */
async function reachReport(db: Kysely<DB>, caller: Caller, id: number): Promise<StoredReport> {
  const record = await findRecord(db, reports, caller.access, id);
  if (!record) throw notFound();
  return record as unknown as StoredReport;
}

/** A read of a report's content outside the engine's read (its PDF): one audit row, with the patient of a one-patient report. */
async function auditReportRead(db: Kysely<DB>, request: FastifyRequest, identity: Actor, report: StoredReport, resource: string) {
  if (report.patient_id !== null)
    await auditPatients(db, {
      request,
      identity,
      resource,
      action: 'read',
      tenantId: report.tenant_id,
      records: [{ patientId: report.patient_id, recordId: String(report.id) }],
    });
  else await auditTenantRecord(db, { request, identity, resource, action: 'read', tenantId: report.tenant_id, recordId: String(report.id) });
}

/** GET reports/{id}/export: the report's PDF as an attachment, audited as a read of the report. */
export async function exportReport(db: Kysely<DB>, request: FastifyRequest, caller: Caller, id: number) {
  const report = await reachReport(db, caller, id);
  const body = await reportPdf(report);
  await auditReportRead(db, request, caller.identity, report, 'reports/export');
  return { body, filename: reportFileName(report) };
}

/** GET reports/{id}/signed-link: a 5-minute link to the report's PDF for the viewer, and the report's name as its title. */
export async function reportLink(app: FastifyInstance, caller: Caller, id: number) {
  const report = await reachReport(app.db, caller, id);
  return { signed_link: signReportLink(app.fileLinkKey, { reportId: report.id, userId: caller.identity.id }), title: report.name };
}

/**
 * GET reports/{id}/pdf?expires&by&sig: the PDF behind a signed link, inline, to whoever holds the link
 * until it expires (the viewer fetches it without the session). An altered link is 403 'This link is
 * not valid', an expired one 403 with its own words (the files' texts); audited as a read by the user
 * the link was made for.
 */
export async function linkedReportPdf(app: FastifyInstance, request: FastifyRequest, parts: { id: number; expires: number; by: number; sig: string }) {
  const check = checkReportLink(app.fileLinkKey, { reportId: parts.id, expires: parts.expires, userId: parts.by }, parts.sig);
  if (check !== 'ok') throw forbidden(check === 'expired' ? LINK_EXPIRED : LINK_INVALID);
  const [row, user] = await Promise.all([
    app.db.selectFrom('reports').selectAll().where('id', '=', parts.id).executeTakeFirst(),
    app.db.selectFrom('users').select(['id', 'role', 'full_name', 'email']).where('id', '=', parts.by).executeTakeFirst(),
  ]);
  if (!row || !user) throw notFound();
  const report: StoredReport = {
    ...row,
    report_date: new Date(row.report_date).toISOString(),
    content: row.content as Record<string, unknown>,
  };
  const body = await reportPdf(report);
  await auditReportRead(app.db, request, { ...user, role: user.role as Actor['role'] }, report, 'reports/pdf');
  return { body, filename: reportFileName(report) };
}
