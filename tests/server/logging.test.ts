import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { createDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { DEMO_PASSWORD, seedDatabase } from '../../src/server/db/seed/seed';

/** Everything the server logged, as one string. */
class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    this.text += chunk.toString();
    callback();
  }
}

describe('structured logs', () => {
  const capture = new Capture();
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    database = await createDatabase({ databaseUrl: undefined });
    await migrate(database.db);
    await seedDatabase(database.db);
    app = await buildApp(testConfig({ databaseUrl: undefined, logLevel: 'info' }), database, { logStream: capture });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('carry a request id and never a password, a token, a cookie or patient data', async () => {
    const patient = await database.db
      .selectFrom('patients')
      .innerJoin('users', 'users.id', 'patients.user_id')
      .select(['users.last_name', 'users.email', 'patients.id'])
      .where('users.tenant_id', 'is not', null)
      .orderBy('patients.id')
      .executeTakeFirstOrThrow();

    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: new URLSearchParams({ username: 'internal.admin@demo.example', password: DEMO_PASSWORD, client_id: 'webapp' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(login.statusCode).toBe(200);
    const token = login.json<{ access_token: string }>().access_token;
    const refresh = login.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';
    expect(refresh).not.toBe('');
    const filter = encodeURIComponent(JSON.stringify({ q: { field: 'user.full_name', value: patient.last_name } }));
    const search = await app.inject({
      method: 'GET',
      url: `/api/patients?filter=${filter}`,
      headers: { authorization: `Bearer ${token}`, cookie: `refresh_token=${refresh}` },
    });
    expect(search.statusCode).toBe(200);
    const one = await app.inject({ method: 'GET', url: `/api/patients/${patient.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(one.statusCode).toBe(200);
    expect(one.body).toContain(patient.email);

    const logs = capture.text;
    const lines = logs
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string });
    expect(lines.filter((l) => l.reqId).length).toBeGreaterThanOrEqual(6);
    for (const secret of [DEMO_PASSWORD, token, refresh, patient.last_name, patient.email]) {
      expect(logs).not.toContain(secret);
    }
  });
});
