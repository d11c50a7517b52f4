// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { documentsFeature } from '../../../../src/console/features/documents';
import { consentFileProblem } from '../../../../src/console/features/documents/consentForm';
import { NO_PDF_URL, pdfStateOf } from '../../../../src/console/pages/pdf/pdfTexts';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import '../../helpers/dom';
import { environmentFor } from '../../helpers/environments';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const ConsentForm = documentsFeature.widgets.consent_form.Component;

const render = (record: ApiRow, options = {}) => renderPart(<ConsentForm options={options} />, { record, path: '/patients/7/show' });
const pdf = (size = 1000) => new File([new Uint8Array(size).fill(32)], 'consent.pdf', { type: 'application/pdf' });

describe('the Consent Form section', () => {
  it('with none on file, says so and uploads a chosen PDF with the patient and the document type', async () => {
    let sent: FormData | undefined;
    server.use(
      http.post('/api/patient-documents/upload', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ id: 3, patient_id: 7, document_type: 'consent_form' }, { status: 201 });
      }),
    );
    render({ id: 7, consent_form_document_id: null });
    expect(screen.getByText('No consent form uploaded.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View Consent Form' })).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Consent form PDF'), pdf());
    await screen.findByText('Consent form uploaded successfully');
    expect(sent?.get('patient_id')).toBe('7');
    expect(sent?.get('document_type')).toBe('consent_form');
    // (jsdom's File does not survive the way to msw as bytes; e2e/documents.spec.ts uploads a real one.)
    expect(sent?.has('file')).toBe(true);
  });

  it("shows the server's refusal as the spec words it", async () => {
    server.use(
      http.post('/api/patient-documents/upload', () =>
        HttpResponse.json({ detail: [{ loc: ['body', 'file'], msg: 'The consent form must be a PDF file', type: 'value_error' }] }, { status: 422 }),
      ),
    );
    render({ id: 7, consent_form_document_id: null });
    await userEvent.upload(screen.getByLabelText('Consent form PDF'), pdf());
    await screen.findByText(/^Error uploading consent form: /);
  });

  it('refuses in the browser what cannot be a consent form: not a PDF, over 10 MB', () => {
    expect(consentFileProblem({ name: 'scan.png', type: 'image/png', size: 10 })).toBe('Choose a PDF file.');
    expect(consentFileProblem({ name: 'c.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe('The file is larger than 10 MB.');
    expect(consentFileProblem({ name: 'c.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 })).toBeUndefined();
  });

  it('with one on file, View asks for its signed link; without a link it says the spec’s words', async () => {
    server.use(http.get('/api/patient-documents/3', () => HttpResponse.json({ id: 3, signed_link: null })));
    render({ id: 7, consent_form_document_id: 3 });
    expect(screen.getByText('A signed consent form is on file.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'View Consent Form' }));
    await screen.findByText('Error viewing consent form: No signed link found');
  });

  it('opens /pdf with the link (the navigation state carries it: e2e/documents.spec.ts)', async () => {
    server.use(http.get('/api/patient-documents/3', () => HttpResponse.json({ id: 3, signed_link: '/api/files/9?expires=1&by=2&sig=x' })));
    const view = render({ id: 7, consent_form_document_id: 3 });
    await userEvent.click(screen.getByRole('button', { name: 'View Consent Form' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/pdf'));
  });

  it('offers no upload to whom uploadWhen refuses', () => {
    render({ id: 7, consent_form_document_id: 3 }, { uploadWhen: { permission: 'patients.nope' } });
    expect(screen.queryByRole('button', { name: 'Upload Consent Form' })).not.toBeInTheDocument();
  });
});

describe('Send for E-Signature (feature flag esign)', () => {
  const ESIGN_ON = environmentFor('admin', { featureFlags: { esign: true } });
  const renderOn = (record: ApiRow, options = {}) => renderPart(<ConsentForm options={options} />, { record, path: '/patients/7/show', environment: ESIGN_ON });
  const PENDING = {
    id: 41,
    patient_id: 7,
    document_type: 'consent_form',
    request_type: 'email',
    status: 'in_progress',
    use_guardian: false,
    guardian_email: null as string | null,
    email_override: null as string | null,
    signer_email: 'pat@example.org',
    requested_on: '2026-05-04T15:00:00.000Z',
    expires_at: '2026-05-18T15:00:00.000Z',
  };

  it('is not offered with the flag off, nor to whom may not upload', () => {
    render({ id: 7, consent_form_document_id: null });
    expect(screen.queryByRole('button', { name: 'Send for E-Signature' })).not.toBeInTheDocument();
    renderOn({ id: 7, consent_form_document_id: null }, { uploadWhen: { permission: 'patients.nope' } });
    expect(screen.queryByRole('button', { name: 'Send for E-Signature' })).not.toBeInTheDocument();
  });

  it('sends for the guardian with the guardian e-mail (required), then shows the pending request', async () => {
    let sent: unknown;
    let pending: (typeof PENDING)[] = [];
    server.use(
      http.get('/api/esign-request', ({ request }) => {
        expect(new URL(request.url).searchParams.get('filter')).toBe('{"patient_id":7}');
        return HttpResponse.json(pending);
      }),
      http.post('/api/esign-request', async ({ request }) => {
        sent = await request.json();
        pending = [{ ...PENDING, use_guardian: true, guardian_email: 'g@example.org', signer_email: 'g@example.org' }];
        return HttpResponse.json(pending[0], { status: 201 });
      }),
    );
    renderOn({ id: 7, consent_form_document_id: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Send for E-Signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for E-Signature' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Guardian' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText("Enter the guardian's e-mail address.")).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await userEvent.type(within(dialog).getByLabelText('Guardian e-mail'), 'g@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('E-sign request sent to g@example.org');
    expect(sent).toEqual({
      patient_id: 7,
      document_type: 'consent_form',
      request_type: 'email',
      use_guardian: true,
      guardian_email: 'g@example.org',
      email_override: null,
    });
    await screen.findByText(/^E-signature pending since 05\/04\/2026/);
    expect(screen.queryByRole('button', { name: 'Send for E-Signature' })).not.toBeInTheDocument();
  });

  it("says the server's refusal in the spec's words", async () => {
    server.use(
      http.get('/api/esign-request', () => HttpResponse.json([])),
      http.post('/api/esign-request', () => HttpResponse.json({ detail: 'No valid emergency contacts found' }, { status: 422 })),
    );
    renderOn({ id: 7, consent_form_document_id: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Send for E-Signature' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send for E-Signature' });
    await userEvent.type(within(dialog).getByLabelText('E-mail override (optional)'), 'other@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await screen.findByText('Error sending eSign request. No valid emergency contacts found');
  });

  it('Resend posts the resend; Rescind asks first, then deletes and says so', async () => {
    let resent = 0;
    let rescinded = false;
    server.use(
      http.get('/api/esign-request', () => HttpResponse.json(rescinded ? [] : [PENDING])),
      http.post('/api/esign-request/41/resend', () => {
        resent += 1;
        return HttpResponse.json(PENDING);
      }),
      http.delete('/api/esign-request/41', () => {
        rescinded = true;
        return HttpResponse.json({ ...PENDING, status: 'rescinded' });
      }),
    );
    renderOn({ id: 7, consent_form_document_id: null });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend' }));
    await screen.findByText('E-sign request sent to pat@example.org');
    expect(resent).toBe(1);
    await userEvent.click(screen.getByRole('button', { name: 'Rescind' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rescind the e-sign request?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Rescind' }));
    await screen.findByText('E-sign request rescinded');
    expect(rescinded).toBe(true);
    await screen.findByRole('button', { name: 'Send for E-Signature' });
  });

  it("a refused rescind: nothing pending says 'No eSign request to rescind.', another error 'Error rescinding eSign: ...'", async () => {
    let answer = HttpResponse.json({ detail: 'No eSign request to rescind.' }, { status: 404 });
    server.use(
      http.get('/api/esign-request', () => HttpResponse.json([PENDING])),
      http.delete('/api/esign-request/41', () => answer),
    );
    renderOn({ id: 7, consent_form_document_id: null });
    const rescind = async () => {
      await userEvent.click(await screen.findByRole('button', { name: 'Rescind' }));
      const confirm = await screen.findByRole('dialog', { name: 'Rescind the e-sign request?' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'Rescind' }));
    };
    await rescind();
    await screen.findByText('No eSign request to rescind.');
    answer = HttpResponse.json({ detail: 'The database is busy' }, { status: 503 });
    await rescind();
    await screen.findByText('Error rescinding eSign: The database is busy');
  });
});

describe('the /pdf state', () => {
  it('needs a url; the title is optional', () => {
    expect(pdfStateOf(null)).toBeUndefined();
    expect(pdfStateOf({ title: 'x' })).toBeUndefined();
    expect(pdfStateOf({ url: '/api/files/1' })).toEqual({ url: '/api/files/1' });
    expect(NO_PDF_URL).toBe('No PDF URL provided');
  });
});
