import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  CONSENT_TEXT,
  CONSENT_TEXT_VERSION,
  ESIGN_ALREADY_PENDING,
  ESIGN_GUARDIAN_EMAIL_REQUIRED,
  ESIGN_NO_EMERGENCY_CONTACT,
  ESIGN_NO_PATIENT_EMAIL,
  ESIGN_NOTHING_TO_RESCIND,
} from '../../src/domain/consentText';
import { loadFile } from '../../src/server/services/storage/fileStorage';
import { newPatient } from './clinicalRecord.helpers';
import { createTestApp, nextAddress, type TestApp } from './helpers/testApp';
import { clientFor, tableFingerprint, tenantIds, type Client } from './resources.helpers';

/**
 * The consent form's e-signature (spec 001 sections 3 and 5; src/server/routes/esign/README.md):
 * the request's refusals (nothing written), the mail with the link, the public signing page and
 * signature, the signed PDF stored as the consent form (its text read back with PDF.js), Resend,
 * Rescind, the refused links, and the audit rows (never the slug).
 */

let t: TestApp;
let clinician: Client;
let lakesideAdmin: Client;
let northwind: number;
const db = () => t.app.db;

/** The CRC-32 of PNG chunks. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A real RGBA PNG of `width` x `height` with a dark diagonal, as a canvas would give. */
function png(width = 40, height = 20): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) if (Math.abs(x - 2 * y) < 2) row.set([15, 23, 42, 255], 1 + x * 4);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString('base64')}`;

async function pdfText(bytes: Buffer): Promise<string[]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await task.destroy();
  return pages;
}

/** A Northwind patient; with an emergency contact that has a phone unless told otherwise. */
async function patientWith({ contact = true, phone = true, email = true } = {}) {
  const id = await newPatient(t.app, northwind);
  const patient = await db().selectFrom('patients').select(['user_id']).where('id', '=', id).executeTakeFirstOrThrow();
  if (!email)
    await db()
      .updateTable('users')
      .set({ email: null as unknown as string })
      .where('id', '=', patient.user_id)
      .execute();
  if (contact) {
    await db()
      .insertInto('contacts')
      .values({
        tenant_id: northwind,
        patient_id: id,
        full_name: 'Grace Contact',
        relationship_to_patient: 'child',
        is_emergency_contact: true,
        cell_phone_number: phone ? '5550100' : null,
      })
      .execute();
  }
  const user = await db().selectFrom('users').select(['email', 'first_name']).where('id', '=', patient.user_id).executeTakeFirstOrThrow();
  return { id, email: user.email as string | null, firstName: user.first_name };
}

/** The slug in the last mail to `to`. */
async function slugMailedTo(to: string): Promise<string> {
  const mail = await db().selectFrom('outbox_emails').select(['body_text']).where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const match = /\/esign\/([A-Za-z0-9_-]{43})/.exec(mail.body_text);
  expect(match, mail.body_text).not.toBeNull();
  return match![1]!;
}

const pub = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, remoteAddress: nextAddress(), ...(payload ? { payload } : {}) });
const written = async () =>
  Promise.all(['esign_requests', 'outbox_emails', 'audit_logs', 'patient_documents', 'stored_files'].map((table) => tableFingerprint(t.app, table)));

beforeAll(async () => {
  t = await createTestApp();
  ({ northwind } = await tenantIds(t.app));
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
  lakesideAdmin = await clientFor(t.app, 'admin@lakeside.demo.example');
});
afterAll(async () => t?.close());

describe('POST esign-request: the rules, nothing written on a refusal', () => {
  test('no emergency contact with a phone number: 422 No valid emergency contacts found', async () => {
    const noPhone = await patientWith({ phone: false });
    const none = await patientWith({ contact: false });
    const before = await written();
    for (const p of [noPhone, none]) {
      const answer = await clinician.send('POST', '/api/esign-request', { patient_id: p.id });
      expect(answer).toMatchObject({ status: 422, body: { detail: ESIGN_NO_EMERGENCY_CONTACT } });
    }
    expect(await written()).toEqual(before);
  });

  test("no e-mail: 422 with the spec's text; an override is used instead; a guardian needs the guardian's address", async () => {
    const p = await patientWith({ email: false });
    const before = await written();
    const noEmail = await clinician.send('POST', '/api/esign-request', { patient_id: p.id });
    expect(noEmail).toMatchObject({ status: 422, body: { detail: ESIGN_NO_PATIENT_EMAIL } });
    const guardian = await clinician.send('POST', '/api/esign-request', { patient_id: p.id, use_guardian: true, guardian_email: ' ' });
    expect(guardian).toMatchObject({ status: 422, body: { detail: ESIGN_GUARDIAN_EMAIL_REQUIRED } });
    const bad = await clinician.send('POST', '/api/esign-request', { patient_id: p.id, use_guardian: true, guardian_email: 'not-an-address' });
    expect(bad.status).toBe(422);
    expect(await written()).toEqual(before);
    const override = await clinician.send('POST', '/api/esign-request', { patient_id: p.id, email_override: 'other.address@example.org' });
    expect(override).toMatchObject({
      status: 201,
      body: { signer_email: 'other.address@example.org', status: 'in_progress', email_override: 'other.address@example.org' },
    });
    expect(await slugMailedTo('other.address@example.org')).toHaveLength(43);
  });

  test("another provider's patient is 404 like none; a second pending request is 409 (Resend is the way)", async () => {
    const p = await patientWith();
    const before = await written();
    expect((await lakesideAdmin.send('POST', '/api/esign-request', { patient_id: p.id })).status).toBe(404);
    expect((await clinician.send('POST', '/api/esign-request', { patient_id: 2147483000 })).status).toBe(404);
    expect((await lakesideAdmin.get('/api/esign-request', { filter: { patient_id: p.id } })).status).toBe(404);
    expect(await written()).toEqual(before);
    expect((await clinician.send('POST', '/api/esign-request', { patient_id: p.id })).status).toBe(201);
    const middle = await written();
    const second = await clinician.send('POST', '/api/esign-request', { patient_id: p.id, use_guardian: true, guardian_email: 'guardian@example.org' });
    expect(second).toMatchObject({ status: 409, body: { detail: ESIGN_ALREADY_PENDING } });
    expect(await written()).toEqual(middle);
  });
});

describe('the signer: mail, public page, signature, signed PDF', () => {
  test('the whole way: mailed link, GET page, sign, PDF stored as the consent form, request signed, link used', async () => {
    const p = await patientWith();
    const created = await clinician.send('POST', '/api/esign-request', { patient_id: p.id, document_type: 'consent_form', request_type: 'email' });
    expect(created.status).toBe(201);
    const request = created.body as { id: number; expires_at: string; requested_on: string };
    const expires = new Date(request.expires_at).getTime() - new Date(request.requested_on).getTime();
    expect(Math.round(expires / 86_400_000)).toBe(14);
    const pending = await clinician.get('/api/esign-request', { filter: { patient_id: p.id } });
    expect(pending).toMatchObject({ status: 200, body: [{ id: request.id, status: 'in_progress', signer_email: p.email }] });
    expect(JSON.stringify(pending.body)).not.toContain('slug');

    const mail = await db().selectFrom('outbox_emails').selectAll().where('to_address', '=', p.email!).executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Please sign your consent form');
    expect(mail.body_text).toContain(`${t.app.config.publicUrl}/esign/`);
    const slug = await slugMailedTo(p.email!);
    const row = await db().selectFrom('esign_requests').select(['slug_hash']).where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(row.slug_hash).toBe(createHash('sha256').update(slug).digest('hex'));

    const page = await pub('GET', `/api/esign/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      patient_first_name: p.firstName,
      consent_text: CONSENT_TEXT,
      consent_version: CONSENT_TEXT_VERSION,
      expires_at: request.expires_at,
    });
    expect((await pub('GET', `/api/esign/${'A'.repeat(43)}`)).statusCode).toBe(404);

    const signature = png();
    const refused = await pub('POST', `/api/esign/${slug}/sign`, {
      signer_name: 'Ada Lovelace',
      signature_png: 'data:image/png;base64,' + Buffer.from('not a png at all, no').toString('base64'),
    });
    expect(refused.statusCode).toBe(422);
    const jpeg = await pub('POST', `/api/esign/${slug}/sign`, {
      signer_name: 'Ada Lovelace',
      signature_png: `data:image/jpeg;base64,${signature.toString('base64')}`,
    });
    expect(jpeg.statusCode).toBe(422);

    const signed = await pub('POST', `/api/esign/${slug}/sign`, { signer_name: '  Ada   Lovelace ', signature_png: dataUrl(signature) });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.json()).toEqual({ signed: true });

    const after = await db().selectFrom('esign_requests').selectAll().where('id', '=', request.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ status: 'signed', signer_name: 'Ada Lovelace' });
    expect(after.signer_address).toBeTruthy();
    const patient = await db().selectFrom('patients').select('consent_form_document_id').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(patient.consent_form_document_id).toBe(after.document_id);
    const document = await db().selectFrom('patient_documents').selectAll().where('id', '=', after.document_id!).executeTakeFirstOrThrow();
    expect(document).toMatchObject({ patient_id: p.id, document_type: 'consent_form', source: 'esign' });
    const file = await loadFile(db(), t.app.fileStorage, Number(document.file_id));
    expect(file?.contentType).toBe('application/pdf');
    const pages = await pdfText(file!.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const all = pages.join('\n');
    expect(all).toContain('Ada Lovelace');
    expect(all).toContain(`Consent version ${CONSENT_TEXT_VERSION}`);
    expect(all).toContain(after.signer_address!);
    const audit = pages[pages.length - 1]!;
    expect(audit).toContain('Audit trail');
    expect(audit).toContain(createHash('sha256').update(CONSENT_TEXT).digest('hex'));
    expect(audit).toContain(createHash('sha256').update(signature).digest('hex'));
    expect(audit).toContain(`#${request.id}`);

    // The record's document reads as any consent form.
    expect((await clinician.get(`/api/patient-documents/${document.id}`)).status).toBe(200);

    // Used: the page says so, a second signature is 409, nothing more written; nothing pending now.
    expect((await pub('GET', `/api/esign/${slug}`)).statusCode).toBe(410);
    const before = await written();
    expect((await pub('POST', `/api/esign/${slug}/sign`, { signer_name: 'Someone Else', signature_png: dataUrl(signature) })).statusCode).toBe(409);
    expect(await written()).toEqual(before);
    expect((await clinician.get('/api/esign-request', { patient_id: p.id })).body).toEqual([]);
    expect((await clinician.send('DELETE', `/api/esign-request/${request.id}`)).body).toEqual({ detail: ESIGN_NOTHING_TO_RESCIND });

    // Audited for the patient, never with the slug.
    const rows = await db().selectFrom('audit_logs').selectAll().where('patient_id', '=', p.id).execute();
    const kinds = rows.map((r) => `${r.resource}:${r.action}`);
    expect(kinds).toEqual(expect.arrayContaining(['esign-requests:create', 'esign-requests:read', 'esign-requests:update', 'patient-documents:create']));
    const signerRow = rows.find((r) => r.actor_role === 'esign_signer');
    expect(signerRow).toMatchObject({ actor_id: null, actor_name: 'Ada Lovelace' });
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(slug);
  });

  test('Resend mails a new link (the old one stops working); Rescind makes the link answer 410', async () => {
    const p = await patientWith();
    const created = await clinician.send('POST', '/api/esign-request', {
      patient_id: p.id,
      use_guardian: true,
      guardian_email: `guardian.${p.id}@example.org`,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    const first = await slugMailedTo(`guardian.${p.id}@example.org`);
    const resent = await clinician.send('POST', `/api/esign-request/${id}/resend`);
    expect(resent).toMatchObject({ status: 200, body: { id, status: 'in_progress' } });
    const second = await slugMailedTo(`guardian.${p.id}@example.org`);
    expect(second).not.toBe(first);
    expect((await pub('GET', `/api/esign/${first}`)).statusCode).toBe(404);
    expect((await pub('GET', `/api/esign/${second}`)).statusCode).toBe(200);
    expect((await lakesideAdmin.send('DELETE', `/api/esign-request/${id}`)).status).toBe(404);
    const rescinded = await clinician.send('DELETE', `/api/esign-request/${id}`);
    expect(rescinded).toMatchObject({ status: 200, body: { status: 'rescinded' } });
    expect((await pub('GET', `/api/esign/${second}`)).statusCode).toBe(410);
    expect((await pub('POST', `/api/esign/${second}/sign`, { signer_name: 'Late Signer', signature_png: dataUrl(png()) })).statusCode).toBe(410);
    const patient = await db().selectFrom('patients').select('consent_form_document_id').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(patient.consent_form_document_id).toBeNull();
    const actions = await db()
      .selectFrom('audit_logs')
      .select(['action'])
      .where('resource', '=', 'esign-requests')
      .where('record_id', '=', String(id))
      .execute();
    expect(actions.map((a) => a.action).sort()).toEqual(['create', 'delete', 'update']);
    // A new request may follow once the pending one is rescinded.
    expect((await clinician.send('POST', '/api/esign-request', { patient_id: p.id })).status).toBe(201);
  });

  test('an expired link answers 410 and no longer blocks a new request', async () => {
    const p = await patientWith();
    const created = await clinician.send('POST', '/api/esign-request', { patient_id: p.id });
    const slug = await slugMailedTo(p.email!);
    await db()
      .updateTable('esign_requests')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', (created.body as { id: number }).id)
      .execute();
    expect((await pub('GET', `/api/esign/${slug}`)).statusCode).toBe(410);
    expect((await clinician.send('POST', '/api/esign-request', { patient_id: p.id })).status).toBe(201);
  });
});
