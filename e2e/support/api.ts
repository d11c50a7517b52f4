import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts';

type Row = Record<string, unknown>;

/**
 * The API as one demo account, for what a scenario sets up or checks behind the pages: GET with
 * list parameters (objects sent as JSON: `filter`), PUT a body; each fails the test on a non-2xx.
 */
export async function apiAs(request: APIRequestContext, email: string) {
  const login = await request.post('/api/auth/login', { form: { username: email, password: DEMO_PASSWORD, client_id: 'webapp' } });
  expect(login.ok(), `sign-in of ${email}: ${await login.text()}`).toBe(true);
  const { access_token: token } = (await login.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const get = async (path: string, query: Row = {}) => {
    const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    const answer = await request.get(`/api${path}`, { headers, params });
    expect(answer.ok(), `GET ${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Row & Row[];
  };
  const put = async (path: string, data: Row) => {
    const answer = await request.put(`/api${path}`, { headers, data });
    expect(answer.ok(), `PUT ${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as Row;
  };
  return { token, headers, get, put };
}
