import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeError } from '../../src/server/logErrors';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, tableFingerprint, type Client } from './resources.helpers';

/**
 * Issue 12, "inputs reach the database un-typed": a JSON body is validated as sent, without type
 * coercion (`true` is not the id 1, `"5"` is not 5, `5` is not the text "5", `null` is not false);
 * a NUL in a sign-in form is a 422 like a NUL in JSON (form bodies were not walked); and a database
 * error is logged without what the request sent.
 */
let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await createTestApp();
  admin = await clientFor(t.app, 'admin@northwind.demo.example');
});
afterAll(async () => t.close());

const issueAt = (body: unknown) => (body as { detail: { loc: (string | number)[] }[] }).detail[0]?.loc;

describe('a JSON body of the wrong types', () => {
  it.each([
    ['a boolean for an integer id', [true], ['body', 'patient_ids', 0]],
    ['a text for an integer id', ['7'], ['body', 'patient_ids', 0]],
    ['null for an integer id', [null], ['body', 'patient_ids', 0]],
    ['a lone id where a list is typed', 7, ['body', 'patient_ids']],
  ])('is a 422, not coerced: %s', async (_case, patientIds, loc) => {
    const group = await admin.send('POST', '/api/patient-groups', { name: `Typed ${String(loc.length)} ${JSON.stringify(patientIds)}` });
    expect(group.status).toBe(201);
    const id = (group.body as { id: number }).id;
    const before = await tableFingerprint(t.app, 'patient_group_members');
    const answer = await admin.send('POST', `/api/patient-groups/${id}/patients`, { patient_ids: patientIds });
    expect(answer.status).toBe(422);
    expect(issueAt(answer.body)).toEqual(loc);
    expect(await tableFingerprint(t.app, 'patient_group_members')).toBe(before);
  });

  it('is a 422 for a number where a text is typed', async () => {
    const before = await tableFingerprint(t.app, 'patient_groups');
    const answer = await admin.send('POST', '/api/patient-groups', { name: 12345 });
    expect(answer.status).toBe(422);
    expect(issueAt(answer.body)).toEqual(['body', 'name']);
    expect(await tableFingerprint(t.app, 'patient_groups')).toBe(before);
  });
});

describe('a sign-in form holding the NUL character', () => {
  it.each(['username', 'password'])('is a 422 naming the %s field', async (field) => {
    const form = new URLSearchParams({ username: 'internal.admin@demo.example', password: 'Demo!2026pass', client_id: 'webapp' });
    form.set(field, `${form.get(field)}\u0000`);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ detail: [{ loc: ['body', field], msg: 'Text cannot contain the NUL character', type: 'string_nul' }] });
  });
});

describe('a database error in the logs', () => {
  it('names its kind and never the values the request sent', async () => {
    const typed = 'jane.typed-this@example.com';
    const error = await sql`select ${typed}::integer`.execute(t.app.db).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeDefined();
    const logged = serializeError(error);
    expect(logged).toMatchObject({ type: 'DatabaseError', code: '22P02', message: 'database error 22P02' });
    expect(JSON.stringify(logged)).not.toContain(typed);
  });
});

describe('an address Fastify refuses before any route', () => {
  it.each([
    ['/api/devices/%C0', 400, 'The address is not valid'],
    [`/api/devices/${'9'.repeat(300)}`, 414, 'A path parameter is too long'],
  ])('%s answers %i in the spec shape, with the request id', async (url, status, detail) => {
    const answer = await t.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual({ detail });
    expect(answer.headers['x-request-id']).toEqual(expect.any(String));
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });
});
