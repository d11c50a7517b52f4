import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../errors';
import { auditPatients, auditTenantRecord, type Actor } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { clinicalPatient } from '../clinical/clinicalPatient';
import { loadFile } from '../storage/fileStorage';
import { checkLink, signLink } from '../storage/signedLinks';

export const LINK_INVALID = 'This link is not valid';
export const LINK_EXPIRED = 'This link has expired: open the document again';

/**
 * GET patient-documents/{id} (spec 001 section 3: "Patient document: signed_link"): the document of a
 * patient the caller may read, with a link to its file valid for 5 minutes; another provider's
 * document answers 404 like none. Audited as a read for the patient.
 */
export async function readDocument(app: FastifyInstance, request: FastifyRequest, caller: Caller, id: number) {
  const document = await app.db
    .selectFrom('patient_documents')
    .select(['id', 'patient_id', 'tenant_id', 'document_type', 'file_id', 'file_name', 'source', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!document) throw notFound();
  // The patient's reach decides: another provider's patient (and so its documents) is 404.
  await clinicalPatient(app.db, caller, document.patient_id);
  await auditPatients(app.db, {
    request,
    identity: caller.identity,
    resource: 'patient-documents',
    action: 'read',
    tenantId: document.tenant_id,
    records: [{ patientId: document.patient_id, recordId: String(document.id) }],
  });
  const { file_id: fileId, tenant_id: _tenant, ...shown } = document;
  return { ...shown, signed_link: signLink(app.fileLinkKey, { fileId: Number(fileId), userId: caller.identity.id }) };
}

/**
 * GET files/{id}?expires&by&sig: the file of a signed link, to whoever holds the link until it expires
 * (the PDF viewer fetches it without the session). An altered link is 403 'This link is not valid', an
 * expired one 403 with its own words; the download is audited as a read by the user the link was made for.
 */
export async function downloadFile(app: FastifyInstance, request: FastifyRequest, parts: { id: number; expires: number; by: number; sig: string }) {
  const check = checkLink(app.fileLinkKey, { fileId: parts.id, expires: parts.expires, userId: parts.by, sig: parts.sig });
  if (!check.ok) throw forbidden(check.reason === 'expired' ? LINK_EXPIRED : LINK_INVALID);
  const file = await loadFile(app.db, app.fileStorage, parts.id);
  if (!file) throw notFound();
  const [document, invoice, user] = await Promise.all([
    app.db.selectFrom('patient_documents').select(['id', 'patient_id', 'tenant_id']).where('file_id', '=', parts.id).executeTakeFirst(),
    app.db
      .selectFrom('invoices')
      .select(['id', 'tenant_id'])
      .where((eb) => eb.or([eb('file_id', '=', parts.id), eb('hosted_file_id', '=', parts.id)]))
      .executeTakeFirst(),
    app.db.selectFrom('users').select(['id', 'role', 'first_name', 'last_name', 'email']).where('id', '=', parts.by).executeTakeFirst(),
  ]);
  const identity = user && { id: user.id, role: user.role as Actor['role'], full_name: `${user.first_name} ${user.last_name}`.trim(), email: user.email };
  if (document && identity) {
    await auditPatients(app.db, {
      request,
      identity,
      resource: 'patient-documents/file',
      action: 'read',
      tenantId: document.tenant_id,
      records: [{ patientId: document.patient_id, recordId: String(document.id) }],
    });
  }
  // An invoice names the patients it bills (its breakdown): reading its PDF or page is audited as a read of the invoice.
  if (invoice && identity) {
    await auditTenantRecord(app.db, {
      request,
      identity,
      resource: 'invoices/file',
      action: 'read',
      tenantId: invoice.tenant_id,
      recordId: String(invoice.id),
    });
  }
  return file;
}
