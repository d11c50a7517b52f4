import { apiUrl } from '../../api/session';
import type { LoginAnswer } from './loginFlow';
import type { RequestOptionsJson } from './webauthnCeremony';

export type AuthResult<T> = { ok: true; body: T } | { ok: false; status: number; detail: unknown };

/** A call that needs no session; never throws (a network failure is status 0). */
export async function call<T>(path: string, init: RequestInit): Promise<AuthResult<T>> {
  try {
    // Sign-in calls set or rotate the refresh cookie, also when the API lives on another host.
    const response = await fetch(apiUrl(path), { ...init, credentials: 'include', headers: { Accept: 'application/json', ...init.headers } });
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
    return response.ok ? { ok: true, body: body as T } : { ok: false, status: response.status, detail: body.detail };
  } catch {
    return { ok: false, status: 0, detail: undefined };
  }
}

export const json = (body: unknown, mfaToken?: string): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...(mfaToken ? { Authorization: `Bearer ${mfaToken}` } : {}) },
  body: JSON.stringify(body),
});

/** The sign-in flow's calls (spec 000 section 7, "Session and identity"); none needs a session. */
export const authCalls = {
  login: (username: string, password: string) =>
    call<LoginAnswer>('/auth/login', { method: 'POST', body: new URLSearchParams({ username, password, client_id: 'webapp' }) }),
  totp: (mfaToken: string, code: string) => call<LoginAnswer>('/auth/totp/authenticate', json({ code }, mfaToken)),
  webauthnOptions: (mfaToken: string) => call<RequestOptionsJson>('/auth/webauthn/authenticate', { headers: { Authorization: `Bearer ${mfaToken}` } }),
  webauthnVerify: (mfaToken: string, credential: unknown) => call<LoginAnswer>('/auth/webauthn/authenticate/verify', json(credential, mfaToken)),
  resetPassword: (email: string) => call<{ message: string }>('/auth/reset-password', json({ email })),
  setPassword: (token: string, newPassword: string, confirmation: string) =>
    call<LoginAnswer>('/auth/otp-set-password', json({ token, new_password: newPassword, new_password_2: confirmation })),
  verifyEmail: (token: string) => call<{ message: string }>('/auth/verify', json({ token })),
};

/** The server's message: a detail string, or the first entry of a 422 detail list. */
export function detailMessage(detail: unknown): string | undefined {
  if (typeof detail === 'string' && detail) return detail;
  if (Array.isArray(detail)) {
    const first = detail[0] as { msg?: unknown } | undefined;
    if (typeof first?.msg === 'string') return first.msg;
  }
  return undefined;
}

/** A 401 'Signature has expired' on a second-factor call: the MFA token ran out. */
export function isExpiredSignature(result: AuthResult<unknown>): boolean {
  return !result.ok && result.status === 401 && typeof result.detail === 'string' && result.detail.toLowerCase() === 'signature has expired';
}
