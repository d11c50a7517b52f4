import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONSENT_NOT_PDF, CONSENT_TOO_LARGE } from '../../src/domain/patientDocuments';
import { checkLink, linkKey, signLink } from '../../src/server/services/storage/signedLinks';
import { newPatient } from './clinicalRecord.helpers';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { tableFingerprint, tenantIds } from './resources.helpers';

/**
 * Patient documents (issue 16, spec 001 sections 3, 5, 7 and 9; spec 000 section 7: multipart upload
 * with the field `file`): the consent form's upload through the real HTTP server (streamed: 413 past
 * 10 MB, 422 for what is not a PDF by its bytes), the document's signed link and the file behind it
 * (refused once altered or expired), tenancy, the audit trail, and a second server process on the
 * same PostgreSQL database serving a file that the first stored.
 */

let t: TestApp;
let base = '';
let northwind: number;

let patient: number;
const auth: Record<string, string> = {};
const db = () => t.app.db;

/** A real one-page PDF with `text` on it (pdfkit, as the product's exports are written). */
function pdfOf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

/** The first bytes of a PNG image (its signature and IHDR chunk), enough to be one by its magic bytes. */
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

async function upload(who: string, parts: { patient_id?: number | string; document_type?: string; file?: { bytes: Buffer; name: string; type: string } }) {
  const form = new FormData();
  if (parts.patient_id !== undefined) form.append('patient_id', String(parts.patient_id));
  if (parts.document_type !== undefined) form.append('document_type', parts.document_type);
  if (parts.file) form.append('file', new Blob([new Uint8Array(parts.file.bytes)], { type: parts.file.type }), parts.file.name);
  const response = await fetch(`${base}/api/patient-documents/upload`, { method: 'POST', headers: { authorization: auth[who]! }, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const documents = () => tableFingerprint(t.app, 'patient_documents');
const files = () => tableFingerprint(t.app, 'stored_files');

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ northwind } = await tenantIds(t.app));
  for (const who of ['clinician@northwind.demo.example', 'staff@northwind.demo.example', 'admin@lakeside.demo.example']) {
    auth[who] = (await signIn(t.app, who)).authorization;
  }
  patient = await newPatient(t.app, northwind);
});
afterAll(async () => t?.close());

describe('POST patient-documents/upload', () => {
  test("a PDF becomes the patient's consent form: 201, the document, consent_form_document_id set, audited for the patient", async () => {
    const bytes = await pdfOf('Consent to remote patient monitoring. Signed: Ada Lovelace.');
    const answer = await upload('clinician@northwind.demo.example', {
      patient_id: patient,
      document_type: 'consent_form',
      file: { bytes, name: 'consent.pdf', type: 'application/pdf' },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ patient_id: patient, document_type: 'consent_form', file_name: 'consent.pdf', size_bytes: bytes.length });
    const row = await db().selectFrom('patients').select('consent_form_document_id').where('id', '=', patient).executeTakeFirstOrThrow();
    expect(row.consent_form_document_id).toBe(answer.body.id);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'patient_id', 'actor_email'])
      .where('resource', '=', 'patient-documents')
      .where('record_id', '=', String(answer.body.id))
      .execute();
    expect(audit).toEqual([{ action: 'create', patient_id: patient, actor_email: 'clinician@northwind.demo.example' }]);
  });

  test('11 MB is refused while it streams (413), a renamed PNG and a fake PDF header are refused (422): nothing stored', async () => {
    const before = [await documents(), await files()];
    const big = Buffer.concat([await pdfOf('big'), Buffer.alloc(11 * 1024 * 1024, 0x20)]);
    const tooLarge = await upload('clinician@northwind.demo.example', {
      patient_id: patient,
      file: { bytes: big, name: 'consent.pdf', type: 'application/pdf' },
    });
    expect(tooLarge).toEqual({ status: 413, body: { detail: CONSENT_TOO_LARGE } });
    const png = await upload('clinician@northwind.demo.example', { patient_id: patient, file: { bytes: PNG, name: 'consent.pdf', type: 'application/pdf' } });
    expect(png.status).toBe(422);
    expect(png.body).toEqual({ detail: CONSENT_NOT_PDF });
    const fake = await upload('clinician@northwind.demo.example', {
      patient_id: patient,
      file: { bytes: Buffer.from('%PDF-1.7\nnot really a document'), name: 'x.pdf', type: 'application/pdf' },
    });
    expect(fake.status).toBe(422);
    expect([await documents(), await files()]).toEqual(before);
  });

  test('no file, no patient, an unknown field, two files, another document type: 422 at the field', async () => {
    const pdf = { bytes: await pdfOf('x'), name: 'a.pdf', type: 'application/pdf' };
    const noFile = await upload('clinician@northwind.demo.example', { patient_id: patient });
    expect(noFile.status).toBe(422);
    expect(JSON.stringify(noFile.body)).toContain('"file"');
    const noPatient = await upload('clinician@northwind.demo.example', { file: pdf });
    expect(noPatient.status).toBe(422);
    expect(JSON.stringify(noPatient.body)).toContain('"patient_id"');
    const otherType = await upload('clinician@northwind.demo.example', { patient_id: patient, document_type: 'data_export', file: pdf });
    expect(otherType.status).toBe(422);
    const form = new FormData();
    form.append('patient_id', String(patient));
    form.append('file', new Blob([new Uint8Array(pdf.bytes)], { type: pdf.type }), 'a.pdf');
    form.append('file', new Blob([new Uint8Array(pdf.bytes)], { type: pdf.type }), 'b.pdf');
    const two = await fetch(`${base}/api/patient-documents/upload`, {
      method: 'POST',
      headers: { authorization: auth['clinician@northwind.demo.example']! },
      body: form,
    });
    expect(two.status).toBe(422);
    const json = await fetch(`${base}/api/patient-documents/upload`, {
      method: 'POST',
      headers: { authorization: auth['clinician@northwind.demo.example']!, 'content-type': 'application/json' },
      body: JSON.stringify({ patient_id: patient }),
    });
    expect(json.status).toBe(422);
  });

  test("another provider's patient and no patient alike: 404, before the file is stored; no token: 401", async () => {
    const before = await files();
    const pdf = { bytes: await pdfOf('x'), name: 'a.pdf', type: 'application/pdf' };
    const other = await upload('admin@lakeside.demo.example', { patient_id: patient, file: pdf });
    const none = await upload('admin@lakeside.demo.example', { patient_id: 999_999, file: pdf });
    expect(other).toEqual({ status: 404, body: { detail: 'Not found' } });
    expect(none).toEqual(other);
    const anonymous = await fetch(`${base}/api/patient-documents/upload`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
    expect(await files()).toEqual(before);
  });
});

describe('GET patient-documents/{id} and the signed link', () => {
  let documentId = 0;
  let bytes: Buffer;
  beforeAll(async () => {
    bytes = await pdfOf('The consent form read back.');
    const answer = await upload('clinician@northwind.demo.example', {
      patient_id: patient,
      file: { bytes, name: 'consent form.pdf', type: 'application/pdf' },
    });
    documentId = answer.body.id as number;
  });

  const read = (who: string, id = documentId) => fetch(`${base}/api/patient-documents/${id}`, { headers: { authorization: auth[who]! } });

  test('the document with a signed link; the link serves the very bytes, inline, uncached; the download is audited', async () => {
    const answer = await read('staff@northwind.demo.example');
    expect(answer.status).toBe(200);
    const document = (await answer.json()) as { signed_link: string; patient_id: number; file_name: string };
    expect(document).toMatchObject({ id: documentId, patient_id: patient, document_type: 'consent_form', file_name: 'consent form.pdf' });
    expect(document.signed_link).toMatch(/^\/api\/files\/\d+\?expires=\d+&by=\d+&sig=[\w-]+$/);
    const file = await fetch(`${base}${document.signed_link}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['resource', 'action', 'actor_email'])
      .where('patient_id', '=', patient)
      .where('resource', 'in', ['patient-documents', 'patient-documents/file'])
      .where('record_id', '=', String(documentId))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { resource: 'patient-documents', action: 'create', actor_email: 'clinician@northwind.demo.example' },
      { resource: 'patient-documents', action: 'read', actor_email: 'staff@northwind.demo.example' },
      { resource: 'patient-documents/file', action: 'read', actor_email: 'staff@northwind.demo.example' },
    ]);
  });

  test('an altered link (file, expiry, user or signature) and an expired one are refused: 403', async () => {
    const { signed_link: link } = (await (await read('clinician@northwind.demo.example')).json()) as { signed_link: string };
    const url = new URL(link, base);
    const altered = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return copy;
    };
    const fileId = Number(url.pathname.split('/').pop());
    const tries = [
      new URL(url.toString().replace(`/files/${fileId}`, `/files/${fileId + 1}`)),
      altered('expires', String(Number(url.searchParams.get('expires')) + 3600)),
      altered('by', '1'),
      altered('sig', `${url.searchParams.get('sig')!.slice(0, -2)}AA`),
    ];
    for (const attempt of tries) {
      const answer = await fetch(attempt);
      expect(answer.status, attempt.toString()).toBe(403);
      expect(await answer.json()).toEqual({ detail: 'This link is not valid' });
    }
    // Signed by the server's key but expired a second ago.
    const key = t.app.fileLinkKey;
    const expired = signLink(key, { fileId, userId: 1 }, Date.now() - 301_000);
    const answer = await fetch(`${base}${expired}`);
    expect(answer.status).toBe(403);
    expect(((await answer.json()) as { detail: string }).detail).toMatch(/expired/);
    expect((await fetch(`${base}/api/files/${fileId}`)).status).toBe(422);
  });

  test("another provider's document: 404 like none, audited as denied; staff may read (patients.read)", async () => {
    expect((await read('admin@lakeside.demo.example')).status).toBe(404);
    // The route reads its path id as a number (parsePathIds): the denied row still names the record.
    const denied = await db()
      .selectFrom('audit_logs')
      .select(['resource', 'action', 'record_id', 'outcome'])
      .where('actor_email', '=', 'admin@lakeside.demo.example')
      .where('resource', '=', 'patient-documents')
      .execute();
    expect(denied).toContainEqual({ resource: 'patient-documents', action: 'read', record_id: String(documentId), outcome: 'denied' });
    expect((await read('admin@lakeside.demo.example', 999_999)).status).toBe(404);
    expect((await read('staff@northwind.demo.example')).status).toBe(200);
  });

  test('the link key: a signature checks only with the key that made it', () => {
    const key = linkKey(Buffer.from('one'));
    const link = new URL(signLink(key, { fileId: 5, userId: 7 }), 'http://x');
    const parts = { fileId: 5, expires: Number(link.searchParams.get('expires')), userId: 7, sig: link.searchParams.get('sig')! };
    expect(checkLink(key, parts).ok).toBe(true);
    expect(checkLink(linkKey(Buffer.from('two')), parts)).toEqual({ ok: false, reason: 'invalid' });
  });
});

/** A free TCP port on this machine. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL database', () => {
  let second: ChildProcess | undefined;
  afterAll(() => {
    second?.kill('SIGTERM');
  });

  test('a file stored through this server is served by another process, from its signed link', async () => {
    const bytes = await pdfOf('Stored by the first server.');
    const stored = await upload('clinician@northwind.demo.example', { patient_id: patient, file: { bytes, name: 'shared.pdf', type: 'application/pdf' } });
    expect(stored.status).toBe(201);
    const port = await freePort();
    const { JWT_SECRET: _secret, ...env } = process.env;
    second = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...env, DATABASE_URL: t.app.config.databaseUrl, PORT: String(port), HOST: '127.0.0.1', APP_ENV: 'test', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    const other = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      const health = await fetch(`${other}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The link is made by one server and served by the other: the file is in the database, the key is shared.
    const document = (await (
      await fetch(`${base}/api/patient-documents/${stored.body.id as number}`, { headers: { authorization: auth['clinician@northwind.demo.example']! } })
    ).json()) as {
      signed_link: string;
    };
    const file = await fetch(`${other}${document.signed_link}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
  }, 90_000);
});
