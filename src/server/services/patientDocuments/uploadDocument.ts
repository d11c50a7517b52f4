import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CONSENT_MAX_BYTES, CONSENT_NOT_PDF, CONSENT_TOO_LARGE, NO_FILE, ONE_FILE_ONLY, UPLOADABLE_DOCUMENT_TYPES } from '../../../domain/patientDocuments';
import { HttpError, invalid } from '../../errors';
import { auditPatients } from '../../resources/audit';
import type { Caller } from '../../resources/caller';
import { parseId } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { clinicalPatient, type ClinicalPatient } from '../clinical/clinicalPatient';
import { saveFile } from '../storage/fileStorage';
import { readLimited } from '../storage/limitedRead';
import { isPdf } from '../storage/pdfCheck';

const FIELDS = ['patient_id', 'document_type'] as const;

interface Upload {
  fields: Partial<Record<(typeof FIELDS)[number], string>>;
  file?: { bytes: Buffer; fileName: string; mimetype: string };
}

/**
 * POST patient-documents/upload (spec 000 section 7: multipart, field `file`; spec 001 section 7: with
 * patient_id and document_type): one PDF of at most 10 MB as the patient's consent form. The file is
 * read as it streams and refused (413) as soon as it passes the limit; the patient is checked as
 * soon as its id has arrived (another provider's: 404, before the file is read); the content must be
 * a PDF by its bytes and a parse, not by its name (422). Only then is anything stored: the file, the
 * document, and the patient's consent_form_document_id, in one transaction, audited for the patient.
 */
export async function uploadDocument(app: FastifyInstance, request: FastifyRequest, caller: Caller) {
  if (!request.isMultipart()) throw invalid(['body'], 'Send the file as multipart/form-data', 'type_error');
  const upload: Upload = { fields: {} };
  let patient: ClinicalPatient | undefined;
  const reach = async () => {
    if (patient || upload.fields.patient_id === undefined) return;
    patient = await clinicalPatient(app.db, caller, parseId(upload.fields.patient_id, 'patient_id'));
  };
  for await (const part of request.parts() as AsyncIterable<Multipart>) {
    if (part.type === 'field') {
      if (!(FIELDS as readonly string[]).includes(part.fieldname)) throw invalid(['body', part.fieldname], `Unknown field: ${part.fieldname}`, 'unknown_field');
      upload.fields[part.fieldname as (typeof FIELDS)[number]] = String(part.value);
      await reach();
      continue;
    }
    if (part.fieldname !== 'file') throw invalid(['body', part.fieldname], `Unknown field: ${part.fieldname}`, 'unknown_field');
    if (upload.file) throw invalid(['body', 'file'], ONE_FILE_ONLY);
    await reach();
    upload.file = { bytes: await readLimited(part.file, CONSENT_MAX_BYTES, CONSENT_TOO_LARGE), fileName: part.filename, mimetype: part.mimetype };
  }
  if (upload.fields.patient_id === undefined) throw invalid(['body', 'patient_id'], 'Field required', 'missing');
  const documentType = upload.fields.document_type ?? 'consent_form';
  if (!(UPLOADABLE_DOCUMENT_TYPES as readonly string[]).includes(documentType)) {
    throw invalid(['body', 'document_type'], `Input should be ${UPLOADABLE_DOCUMENT_TYPES.map((t) => `'${t}'`).join(', ')}`, 'enum');
  }
  await reach();
  if (!upload.file || upload.file.bytes.length === 0) throw invalid(['body', 'file'], NO_FILE, 'missing');
  // A string detail (spec 000 section 7: "422 message or detail string as is"), so that the console's
  // toast says what is wrong with the file rather than which field.
  if (!(await isPdf(upload.file.bytes))) throw new HttpError(422, CONSENT_NOT_PDF);
  const { bytes, fileName } = upload.file;
  const owner = patient!;
  return withTransaction(app.db, async (trx) => {
    const fileId = await saveFile(trx, app.fileStorage, {
      bytes,
      contentType: 'application/pdf',
      fileName: safeName(fileName),
      tenantId: owner.tenant_id,
      createdBy: caller.identity.id,
    });
    const document = await trx
      .insertInto('patient_documents')
      .values({
        tenant_id: owner.tenant_id,
        patient_id: owner.id,
        document_type: documentType,
        file_id: fileId,
        file_name: safeName(fileName),
        added_by: caller.identity.id,
      })
      .returning(['id', 'patient_id', 'document_type', 'file_name', 'source', 'created_at'])
      .executeTakeFirstOrThrow();
    await trx.updateTable('patients').set({ consent_form_document_id: document.id }).where('id', '=', owner.id).execute();
    await auditPatients(trx, {
      request,
      identity: caller.identity,
      resource: 'patient-documents',
      action: 'create',
      tenantId: owner.tenant_id,
      records: [{ patientId: owner.id, recordId: String(document.id) }],
    });
    return { ...document, size_bytes: bytes.length };
  });
}

/** A file name as the record keeps it: its last path segment, printable, at most 200 characters. */
function safeName(name: string | undefined): string | null {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return clean === '' ? null : clean;
}
