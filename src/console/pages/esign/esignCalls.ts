import { apiUrl } from '../../api/session';

/** GET esign/{slug}: what the signing page shows. */
export interface SigningDocument {
  patient_first_name: string;
  document_title: string;
  consent_text: string;
  consent_version: string;
  expires_at: string;
}

export type EsignAnswer<T> = { ok: true; body: T } | { ok: false; status: number; message: string };

export const LINK_UNUSABLE = 'This signing link cannot be used. Ask your care team to send a new one.';
export const TOO_MANY = 'Too many attempts. Please wait a minute and try again.';
export const NO_CONNECTION = 'The server could not be reached. Check your connection and try again.';

/** The server's sentence for a refusal (a string `detail`), else a general one by status. */
function messageOf(status: number, detail: unknown): string {
  if (typeof detail === 'string' && detail !== '') return detail;
  if (status === 429) return TOO_MANY;
  if (Array.isArray(detail)) return 'Please check your name and signature and try again.';
  return LINK_UNUSABLE;
}

async function call<T>(path: string, init: RequestInit = {}): Promise<EsignAnswer<T>> {
  try {
    const response = await fetch(apiUrl(path), {
      ...init,
      headers: { Accept: 'application/json', ...(init.body ? { 'Content-Type': 'application/json' } : {}) },
    });
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
    return response.ok ? { ok: true, body: body as T } : { ok: false, status: response.status, message: messageOf(response.status, body.detail) };
  } catch {
    return { ok: false, status: 0, message: NO_CONNECTION };
  }
}

/** The public signing calls (no session): the document behind a link, and the signature. */
export const readSigningDocument = (slug: string) => call<SigningDocument>(`/esign/${encodeURIComponent(slug)}`);
export const signDocument = (slug: string, signerName: string, signaturePng: string) =>
  call<{ signed: boolean }>(`/esign/${encodeURIComponent(slug)}/sign`, {
    method: 'POST',
    body: JSON.stringify({ signer_name: signerName, signature_png: signaturePng }),
  });
