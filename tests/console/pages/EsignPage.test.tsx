// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setViewport } from '../shell/support/dom';
import { useMswServer } from '../helpers/msw';
import { renderLogin, signOut } from './support/renderLogin';

const server = useMswServer();
const SLUG = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const PNG_URL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const DOCUMENT = {
  patient_first_name: 'Samantha',
  document_title: 'Consent to Remote Patient Monitoring',
  consent_text: 'First paragraph about devices.\n\nSecond paragraph: your right to withdraw.',
  consent_version: '1.0',
  expires_at: '2026-12-11T10:00:00.000Z',
};

/** GET esign/{slug} answers `page`; POST esign/{slug}/sign answers `sign` and records the body. */
function esignApi(page: () => Response = () => HttpResponse.json(DOCUMENT), sign: () => Response = () => HttpResponse.json({ signed: true })) {
  const signed: unknown[] = [];
  server.use(
    http.get(`*/api/esign/${SLUG}`, page),
    http.post(`*/api/esign/${SLUG}/sign`, async ({ request }) => {
      signed.push(await request.json());
      return sign();
    }),
  );
  return signed;
}

/** A 2D context that draws nothing (jsdom has no canvas). */
const context = { beginPath() {}, moveTo() {}, lineTo() {}, stroke() {}, clearRect() {}, fillText() {} } as unknown as CanvasRenderingContext2D;

describe('/esign/{slug}', () => {
  beforeEach(async () => {
    setViewport({ mobile: false });
    await signOut(server);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(PNG_URL);
  });
  afterEach(() => vi.restoreAllMocks());

  const canvas = () => screen.getByRole('img', { name: 'Your signature' });
  const draw = () => {
    fireEvent.pointerDown(canvas(), { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas(), { clientX: 60, clientY: 40, pointerId: 1 });
    fireEvent.pointerUp(canvas(), { pointerId: 1 });
  };

  it('shows the consent text; Sign asks for the name and a drawing, then sends both and thanks', async () => {
    const signed = esignApi();
    renderLogin(server, `/esign/${SLUG}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Consent to Remote Patient Monitoring' })).toBeInTheDocument();
    expect(screen.getByText('Second paragraph: your right to withdraw.')).toBeInTheDocument();
    expect(screen.getByText(/Hello Samantha/)).toBeInTheDocument();
    expect(canvas()).toHaveAccessibleDescription(/Draw your signature in the box/);
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(screen.getByText('Type your full name.')).toBeInTheDocument();
    expect(screen.getByText('Draw your signature in the box.')).toBeInTheDocument();
    expect(signed).toEqual([]);

    await userEvent.type(screen.getByLabelText('Your full name'), 'Ada Lovelace');
    draw();
    expect(screen.queryByText('Draw your signature in the box.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByText(/^Thank you\. Your signed consent form/)).toBeInTheDocument();
    expect(signed).toEqual([{ signer_name: 'Ada Lovelace', signature_png: PNG_URL }]);
  });

  it('Clear empties the drawing; a keyboard user signs with the typed name by pressing Enter on the canvas', async () => {
    const signed = esignApi();
    renderLogin(server, `/esign/${SLUG}`);
    await screen.findByRole('heading', { level: 1, name: DOCUMENT.document_title });
    draw();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await userEvent.type(screen.getByLabelText('Your full name'), 'Key Board');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(screen.getByText('Draw your signature in the box.')).toBeInTheDocument();
    canvas().focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    await screen.findByText(/^Thank you/);
    expect(signed).toEqual([{ signer_name: 'Key Board', signature_png: PNG_URL }]);
  });

  it("an expired, rescinded or unknown link says the server's sentence and offers no form", async () => {
    esignApi(() => HttpResponse.json({ detail: 'This signing request was withdrawn by your care team.' }, { status: 410 }));
    renderLogin(server, `/esign/${SLUG}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('This signing request was withdrawn by your care team.');
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });

  it('a link used meanwhile (409 on Sign) says so', async () => {
    esignApi(undefined, () => HttpResponse.json({ detail: 'This consent form has already been signed.' }, { status: 409 }));
    renderLogin(server, `/esign/${SLUG}`);
    await screen.findByRole('heading', { level: 1, name: DOCUMENT.document_title });
    await userEvent.type(screen.getByLabelText('Your full name'), 'Ada Lovelace');
    draw();
    await userEvent.click(screen.getByRole('button', { name: 'Sign' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This consent form has already been signed.');
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });
});
