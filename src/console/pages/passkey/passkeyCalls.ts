import { apiUrl } from '../../api/session';
import { call, json, type AuthResult } from '../login/authCalls';
import type { LoginAnswer } from '../login/loginFlow';
import type { CreationOptionsJson, RequestOptionsJson } from '../login/webauthnCeremony';

/** GET / of the API: where the console runs (`production`, `development` ...), no session needed. */
export async function siteEnvironment(): Promise<string | undefined> {
  try {
    const response = await fetch(apiUrl('/'), { headers: { Accept: 'application/json' } });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { environment?: unknown };
    return typeof body.environment === 'string' ? body.environment : undefined;
  } catch {
    return undefined;
  }
}

/** The /passkey page's calls (spec 002 section 7, "Testing and public pages"); none needs a session. */
export const passkeyCalls = {
  loginOptions: (): Promise<AuthResult<RequestOptionsJson>> => call<RequestOptionsJson>('/auth/login/passkey', { method: 'GET' }),
  login: (credential: unknown): Promise<AuthResult<LoginAnswer>> => call<LoginAnswer>('/auth/login/passkey', json(credential)),
  registrationStart: (token: string, birthdate: string): Promise<AuthResult<CreationOptionsJson>> =>
    call<CreationOptionsJson>('/auth/webauthn/register/patient/start', json({ token, birthdate })),
  registrationComplete: (credential: unknown): Promise<AuthResult<{ message: string }>> =>
    call<{ message: string }>('/auth/webauthn/register/patient/complete', json(credential)),
};
