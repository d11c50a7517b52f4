import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD, nextAddress } from './helpers/testApp';

export { nextAddress };

/** POST /api/auth/login with the console's form fields. */
export function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'vitest' },
    payload: new URLSearchParams({ username, password, client_id: 'webapp', ...extra }).toString(),
    remoteAddress: nextAddress(),
  });
}

/** The bearer header and refresh cookie a session answer carries. */
export function sessionOf(response: LightMyRequestResponse) {
  const body = response.json<{ access_token: string; token_type: string }>();
  const cookie = response.cookies.find((c) => c.name === 'refresh_token');
  return {
    body,
    authorization: `Bearer ${body.access_token}`,
    cookie: cookie ? `refresh_token=${cookie.value}` : undefined,
    refreshToken: cookie?.value,
  };
}

/** Signs in a demo account that has no second factor and returns its session. */
export async function signedIn(app: FastifyInstance, username: string) {
  const response = await login(app, username);
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username}: ${response.statusCode} ${response.body}`);
  return sessionOf(response);
}

/** The auth-log event types of one user, oldest first. */
export async function authEvents(app: FastifyInstance, email: string): Promise<string[]> {
  const rows = await app.db
    .selectFrom('auth_logs as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select('l.event_type')
    .where('u.email', '=', email)
    .orderBy('l.id')
    .execute();
  return rows.map((r) => r.event_type);
}

/**
 * Calls `attempt` until it answers 429 (at most `max` times) and returns that answer with the
 * statuses before it. The limit's window is fixed to the clock minute, so a run that crosses a
 * minute starts counting again: at least 10 calls pass before the first 429, maybe more.
 */
export async function untilLimited(attempt: () => Promise<LightMyRequestResponse>, max = 25) {
  const before: number[] = [];
  for (let i = 0; i < max; i++) {
    const response = await attempt();
    if (response.statusCode === 429) return { before, limited: response };
    before.push(response.statusCode);
  }
  throw new Error(`no 429 after ${max} calls: ${before.join(' ')}`);
}
