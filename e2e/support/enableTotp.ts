import type { APIRequestContext } from '@playwright/test';
import { generate } from 'otplib';
import { DEMO_PASSWORD } from './accounts';

/**
 * Turns on the authenticator app of an account through the API, as the account page would, and
 * returns its secret. The enabling code is the previous 30-second step's, so that the current
 * step's code stays unused for the sign-in under test (a code is accepted once).
 */
export async function enableTotp(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/auth/login', { form: { username: email, password: DEMO_PASSWORD, client_id: 'webapp' } });
  const { access_token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}` };
  const generated = await request.post('/api/auth/generate-2fa', { headers });
  const { secret_key } = (await generated.json()) as { secret_key: string };
  const code = await generate({ secret: secret_key, epoch: Math.floor(Date.now() / 1000) - 30 });
  const enabled = await request.post('/api/auth/enable-2fa', { headers, data: { code } });
  if (!enabled.ok()) throw new Error(`enable-2fa answered ${enabled.status()}: ${await enabled.text()}`);
  return secret_key;
}
