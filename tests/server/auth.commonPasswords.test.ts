import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_TEXT } from '../../src/server/auth/newPassword';
import { issueUserToken } from '../../src/server/auth/userTokens';
import { nextAddress, signedIn } from './auth.helpers';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './helpers/testApp';

/** ASVS 2.1.7: wherever a password is set, a common one is refused; the spec's length and match rules keep their texts. */
let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
});
afterAll(() => testApp.close());

const COMMON = { loc: ['body', 'new_password'], msg: COMMON_PASSWORD_TEXT, type: 'value_error' };

/** Sets a password with a fresh one-time code of the account. */
async function setWithCode(email: string, password: string, confirmation = password) {
  const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const token = await issueUserToken(app.db, user.id, 'reset_password', 3600);
  return app.inject({
    method: 'POST',
    url: '/api/auth/otp-set-password',
    payload: { token, new_password: password, new_password_2: confirmation },
    remoteAddress: nextAddress(),
  });
}

describe('a common password', () => {
  it.each(['password', '12345678', 'qwerty123', 'iloveyou', 'Password1', 'PASSWORD123'])('%s is refused with a code, whatever its case', async (password) => {
    const response = await setWithCode('clinician@lakeside.demo.example', password);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: [COMMON] });
  });

  it('is refused on a change of password, and the old one still signs in', async () => {
    const { authorization } = await signedIn(app, 'staff@northwind.demo.example');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization },
      payload: { old_password: DEMO_PASSWORD, new_password: 'football1', new_password_2: 'football1' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ detail: [COMMON] });
    await expect(signedIn(app, 'staff@northwind.demo.example')).resolves.toBeDefined();
  });

  it('says so beside a confirmation that does not match', async () => {
    const response = await setWithCode('clinician@lakeside.demo.example', 'sunshine1', 'sunshine2');
    expect(response.json()).toEqual({ detail: [COMMON, { loc: ['body', 'new_password_2'], msg: 'Passwords must match', type: 'value_error' }] });
  });

  it('too short to pass the length rule answers only the spec text of that rule', async () => {
    const response = await setWithCode('clinician@lakeside.demo.example', '123456');
    expect(response.json()).toEqual({ detail: [{ loc: ['body', 'new_password'], msg: 'Password should be between 8-64 characters', type: 'value_error' }] });
  });
});

describe('an uncommon password', () => {
  it('is accepted with a code and on a change', async () => {
    expect((await setWithCode('clinician@northwind.demo.example', 'Heron-lantern-47')).statusCode).toBe(200);
    const { authorization } = await signedIn(app, 'admin@lakeside.demo.example');
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { authorization },
      payload: { old_password: DEMO_PASSWORD, new_password: 'Quiet-otter-2031', new_password_2: 'Quiet-otter-2031' },
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(200);
  });
});
