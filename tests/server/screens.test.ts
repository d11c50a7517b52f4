import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { isScreenFile } from '../../schemas/screenFormat';
import { createTestApp, type TestApp } from './helpers/testApp';
import { clientFor, type Client } from './resources.helpers';

type Screen = { id: string; version: number; title?: string; [key: string]: unknown };

/** The files of screens/, read here on their own (not through the server's catalog). */
const files: Screen[] = readdirSync('screens')
  .filter(isScreenFile)
  .map((name) => JSON.parse(readFileSync(`screens/${name}`, 'utf8')) as Screen);
const fileOf = (id: string) => files.find((f) => f.id === id) as Screen;

let t: TestApp;
let clinician: Client;

beforeAll(async () => {
  t = await createTestApp();
  clinician = await clientFor(t.app, 'clinician@northwind.demo.example');
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('screen_versions').execute();
});

const publish = (definition: Screen, screenId = definition.id, version = definition.version) =>
  t.app.db
    .insertInto('screen_versions')
    .values({ screen_id: screenId, version, definition: JSON.stringify(definition) })
    .execute();

async function served(): Promise<Screen[]> {
  const answer = await clinician.get('/api/screens');
  expect(answer.status).toBe(200);
  return answer.body as Screen[];
}

describe('GET /api/screens', () => {
  test('needs a session', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/screens' });
    expect(answer.statusCode).toBe(401);
  });

  test('serves every file of screens/ as written when nothing is published', async () => {
    const screens = await served();
    expect(screens.map((s) => s.id)).toEqual(files.map((f) => f.id).sort());
    expect(screens.find((s) => s.id === 'patients.create')).toEqual(fileOf('patients.create'));
  });

  test('serves the newest published version when it is newer than the file', async () => {
    const file = fileOf('devices.list');
    await publish({ ...file, version: file.version + 1, title: 'Devices (second)' });
    await publish({ ...file, version: file.version + 2, title: 'Devices (third)' });
    const screen = (await served()).find((s) => s.id === 'devices.list');
    expect(screen).toMatchObject({ version: file.version + 2, title: 'Devices (third)' });
  });

  test('keeps the file when what was published is not newer than it', async () => {
    const file = fileOf('locations.list');
    await t.app.db
      .insertInto('screen_versions')
      .values({ screen_id: file.id, version: file.version, definition: JSON.stringify({ ...file, title: 'Old' }) })
      .execute();
    expect((await served()).find((s) => s.id === 'locations.list')).toEqual(file);
  });

  test('skips a published version that fails the meta-schema and serves the one before it', async () => {
    const file = fileOf('devices.list');
    await publish({ ...file, version: file.version + 1, title: 'Devices (good)' });
    await publish({ ...file, version: file.version + 2, kind: 'carousel' });
    await publish({ ...file, id: 'devices.show', version: file.version + 3 }, file.id, file.version + 3);
    const screen = (await served()).find((s) => s.id === 'devices.list');
    expect(screen).toMatchObject({ version: file.version + 1, title: 'Devices (good)' });
  });

  test('checks a published form with its fragment merged in, as the console reads it', async () => {
    const file = fileOf('patients.create');
    await publish({ ...file, version: file.version + 1, form: { ...(file.form as object), fragment: 'no.such.fragment' } });
    expect((await served()).find((s) => s.id === 'patients.create')).toEqual(file);
    await publish({ ...file, version: file.version + 2, title: 'Enrol a patient' });
    expect((await served()).find((s) => s.id === 'patients.create')).toMatchObject({ version: file.version + 2, title: 'Enrol a patient' });
  });
});
