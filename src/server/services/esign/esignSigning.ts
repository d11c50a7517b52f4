import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { CONSENT_FORM_TITLE, CONSENT_PARAGRAPHS, CONSENT_TEXT, CONSENT_TEXT_VERSION } from '../../../domain/consentText';
import type { DB } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { clientAddress } from '../../plugins/clientAddress';
import { withTransaction } from '../../resources/transaction';
import { saveFile } from '../storage/fileStorage';
import { ESIGN_AUDIT_RESOURCE, slugHash } from './esignRequests';
import { signedConsentPdf } from './esignPdf';
import { signatureBytes } from './signaturePng';

export const LINK_NOT_FOUND = 'This signing link is not valid.';
export const LINK_EXPIRED = 'This signing link has expired. Ask your care team to send a new one.';
export const LINK_RESCINDED = 'This signing request was withdrawn by your care team.';
export const ALREADY_SIGNED = 'This consent form has already been signed.';

const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');

/**
 * The request behind a slug, or the refusal the signing page shows: unknown 404, rescinded or
 * expired 410, signed 410 on the page and 409 on a second signature.
 */
async function requestOfSlug(db: Kysely<DB>, slug: string, forSigning: boolean) {
  let query = db
    .selectFrom('esign_requests as e')
    .innerJoin('patients as p', 'p.id', 'e.patient_id')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([
      'e.id',
      'e.tenant_id',
      'e.patient_id',
      'e.status',
      'e.expires_at',
      'e.requested_on',
      'e.signer_email',
      'e.use_guardian',
      'e.requested_by',
      'u.first_name',
      'p.user_full_name',
    ])
    .where('e.slug_hash', '=', slugHash(slug));
  if (forSigning) query = query.forUpdate('e');
  const row = await query.executeTakeFirst();
  if (!row) throw notFound(LINK_NOT_FOUND);
  if (row.status === 'signed') throw new HttpError(forSigning ? 409 : 410, ALREADY_SIGNED);
  if (row.status === 'rescinded') throw new HttpError(410, LINK_RESCINDED);
  if (row.status === 'expired' || new Date(row.expires_at).getTime() <= Date.now()) throw new HttpError(410, LINK_EXPIRED);
  return row;
}

/** GET esign/{slug}: what the signing page shows (the patient's first name only). */
export async function signingPage(db: Kysely<DB>, slug: string) {
  const row = await requestOfSlug(db, slug, false);
  return {
    patient_first_name: row.first_name,
    document_title: CONSENT_FORM_TITLE,
    consent_text: CONSENT_TEXT,
    consent_version: CONSENT_TEXT_VERSION,
    expires_at: new Date(row.expires_at).toISOString(),
  };
}

/**
 * POST esign/{slug}/sign, in one transaction with the request row locked: the signature checked
 * (signaturePng.ts), the signed PDF made (esignPdf.ts) and stored as the patient's consent form
 * (`patient_documents`, source 'esign'; `consent_form_document_id`), the request `signed` with the
 * name, time and address. Audited for the patient under the signer's name (no account: actor_id
 * null, actor_role 'esign_signer'); the slug is in no row.
 */
export async function signConsent(app: FastifyInstance, request: FastifyRequest, slug: string, body: { signer_name: string; signature_png: string }) {
  const signerName = body.signer_name.replace(/\s+/g, ' ').trim();
  if (signerName === '') throw new HttpError(422, 'Type your full name.');
  const signature = signatureBytes(body.signature_png);
  await withTransaction(app.db, async (trx) => {
    const row = await requestOfSlug(trx, slug, true);
    const signedAt = new Date();
    const address = request.ip;
    const pdf = await signedConsentPdf({
      title: CONSENT_FORM_TITLE,
      version: CONSENT_TEXT_VERSION,
      paragraphs: CONSENT_PARAGRAPHS,
      patientName: row.user_full_name,
      signerName,
      signedFor: row.use_guardian ? 'guardian' : 'patient',
      signerEmail: row.signer_email,
      signerAddress: address,
      signature,
      requestId: row.id,
      requestedOn: new Date(row.requested_on),
      signedAt,
      consentSha256: sha256(CONSENT_TEXT),
      signatureSha256: sha256(signature),
    });
    const fileName = `consent-form-esigned-${signedAt.toISOString().slice(0, 10)}.pdf`;
    const fileId = await saveFile(trx, app.fileStorage, { bytes: pdf, contentType: 'application/pdf', fileName, tenantId: row.tenant_id, createdBy: null });
    const document = await trx
      .insertInto('patient_documents')
      .values({
        tenant_id: row.tenant_id,
        patient_id: row.patient_id,
        document_type: 'consent_form',
        file_id: fileId,
        file_name: fileName,
        added_by: null,
        source: 'esign',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('patients').set({ consent_form_document_id: document.id }).where('id', '=', row.patient_id).execute();
    await trx
      .updateTable('esign_requests')
      .set({ status: 'signed', signed_at: signedAt, signer_name: signerName, signer_address: address, document_id: document.id, updated_at: signedAt })
      .where('id', '=', row.id)
      .execute();
    const actor = { actor_id: null, actor_role: 'esign_signer', actor_name: signerName, actor_email: row.signer_email };
    const common = { ...actor, tenant_id: row.tenant_id, patient_id: row.patient_id, ...clientAddress(request), request_id: request.id };
    await trx
      .insertInto('audit_logs')
      .values([
        { ...common, action: 'update', resource: ESIGN_AUDIT_RESOURCE, record_id: String(row.id) },
        { ...common, action: 'create', resource: 'patient-documents', record_id: String(document.id) },
      ])
      .execute();
  });
  return { signed: true };
}
