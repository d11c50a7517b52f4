// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { consentFormWidget } from '../../../../src/console/features/documents/ConsentFormWidget';
import { consentFileProblem } from '../../../../src/console/features/documents/consentForm';
import { NO_PDF_URL, pdfStateOf } from '../../../../src/console/pages/pdf/pdfTexts';
import type { ApiRow } from '../../../../src/console/renderer/core/context';
import '../../helpers/dom';
import { useMswServer } from '../../helpers/msw';
import { renderPart } from '../../helpers/renderPart';

const server = useMswServer();
const ConsentForm = consentFormWidget.Component;

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

describe('the /pdf state', () => {
  it('needs a url; the title is optional', () => {
    expect(pdfStateOf(null)).toBeUndefined();
    expect(pdfStateOf({ title: 'x' })).toBeUndefined();
    expect(pdfStateOf({ url: '/api/files/1' })).toEqual({ url: '/api/files/1' });
    expect(NO_PDF_URL).toBe('No PDF URL provided');
  });
});
