import PDFDocument from 'pdfkit';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * The consent form (issue 16, part 1), as clinic staff keep it: a PDF uploaded on the patient's record,
 * opened in the PDF viewer through its signed link and read back there; a renamed PNG refused by the
 * server and an 11 MB file refused (in the browser, and by the API with a 413), nothing stored; and the
 * viewer's own texts.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = 'admin@lakeside.demo.example';
const CONSENT_TEXT = 'Consent to remote patient monitoring, read back in the viewer';

function pdfOf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'LETTER' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.fontSize(16).text(text);
    doc.end();
  });
}

test('a consent form is uploaded, opens in /pdf from its signed link, and reads back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await apiAs(request, ADMIN);
  const patients = await api.get('/patients', { filter: { 'patient_status[eq]': 'active' }, limit: 50 });
  const patient = patients.find((p) => p.consent_form_document_id === null) ?? patients[0]!;
  const id = Number(patient.id);

  await signIn(page, ADMIN);
  await page.goto(`/patients/${id}/show`);
  const section = page.getByRole('region', { name: 'Consent Form' });
  await expect(section).toBeVisible();

  // A PNG renamed to .pdf passes the browser's look at the name and is refused by the server: nothing stored.
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  await section.getByLabel('Consent form PDF').setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: png });
  await expect(page.getByText('Error uploading consent form: The consent form must be a PDF file')).toBeVisible();
  // 11 MB is refused in the browser, before anything is sent; the API refuses it too (413), while it streams.
  await section.getByLabel('Consent form PDF').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024, 0x20) });
  await expect(section.getByRole('alert')).toHaveText('The file is larger than 10 MB.');
  const big = await request.post('/api/patient-documents/upload', {
    headers: api.headers,
    multipart: {
      patient_id: String(id),
      document_type: 'consent_form',
      file: { name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024, 0x20) },
    },
  });
  expect(big.status()).toBe(413);
  expect(await big.json()).toEqual({ detail: 'The consent form must be a PDF of at most 10 MB' });
  expect((await api.get(`/patients/${id}`)).consent_form_document_id ?? null).toBe(patient.consent_form_document_id ?? null);

  await section.getByLabel('Consent form PDF').setInputFiles({ name: 'consent.pdf', mimeType: 'application/pdf', buffer: await pdfOf(CONSENT_TEXT) });
  await expect(page.getByText('Consent form uploaded successfully')).toBeVisible();
  await expect(section).toContainText('A signed consent form is on file.');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'consent-form-section');

  await section.getByRole('button', { name: 'View Consent Form' }).click();
  await expect(page).toHaveURL(/\/pdf$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Consent Form' })).toBeVisible();
  await expect(page.getByText('Page 1 of 1')).toBeVisible();
  await expect(page.getByTestId('pdf-page-text')).toContainText(CONSENT_TEXT);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /^\/api\/files\/\d+\?expires=\d+&by=\d+&sig=/);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'pdf-viewer');
});

test('/pdf without a document says so', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/pdf');
  await expect(page.getByText('No PDF URL provided')).toBeVisible();
});
