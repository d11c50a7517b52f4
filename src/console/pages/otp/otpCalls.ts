import { apiUrl } from '../../api/session';
import type { AuthResult } from '../login/authCalls';

/** POST /auth/otp's answer: what the code is for (`email_user`: it sets the account's password). */
export interface CodeType {
  token_type: string;
}

/** The code type the /otp page sets a password with (spec 002). */
export const EMAIL_USER = 'email_user';

/**
 * POST /auth/otp `{token}`: whether a one-time code is live and what it is for. No session needed;
 * a bad, used or expired code is 400 `bad_token`. (The login pages' `authCalls` has no such call.)
 */
export async function checkCode(token: string): Promise<AuthResult<CodeType>> {
  try {
    const response = await fetch(apiUrl('/auth/otp'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    const body = (await response.json().catch(() => ({}))) as { detail?: unknown };
    return response.ok ? { ok: true, body: body as CodeType } : { ok: false, status: response.status, detail: body.detail };
  } catch {
    return { ok: false, status: 0, detail: undefined };
  }
}
