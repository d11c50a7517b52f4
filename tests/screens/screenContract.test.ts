import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { isScreenFile } from '../../schemas/screenFormat';
import { fragmentsById, resolveFormFragment, type FormFragment } from '../../schemas/screenFragments';
import { testConfig } from '../../src/server/config';
import { createDatabase, type Database } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { apiContract, contractProblems, definitionCalls, type ApiContract } from '../../src/console/renderer/validation/contractChecks';
import { screenRegistries } from '../../src/console/features';

const SCREENS = join(import.meta.dirname, '../../screens');
const jsonFiles = (dir: string, prefix: string) =>
  readdirSync(dir)
    .filter(isScreenFile)
    .sort()
    .map((name) => `${prefix}${name}`);
const files = [...jsonFiles(SCREENS, ''), ...jsonFiles(join(SCREENS, 'fragments'), 'fragments/')];
const read = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(SCREENS, name), 'utf8')) as Record<string, unknown>;
const fragments = fragmentsById(files.filter((name) => name.startsWith('fragments/')).map((name) => read(name) as unknown as FormFragment));
/** A file as the console and the server check it: a form's fragment merged in (a fragment file itself as written). */
const load = (name: string): Record<string, unknown> => resolveFormFragment(read(name), fragments, (message) => new Error(message));

/** The screens and the server agree: every call a definition makes is a route of the built server, with its update_action. */
describe('screen definitions call only what the server answers', () => {
  let database: Database;
  let app: FastifyInstance;
  let api: ApiContract;

  beforeAll(async () => {
    database = await createDatabase({ databaseUrl: undefined });
    await migrate(database.db);
    app = await buildApp(testConfig({}), database);
    await app.ready();
    api = apiContract(app.swagger());
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it.each(files)('screens/%s', (name) => {
    expect(contractProblems(load(name), `screens/${name}`, api, screenRegistries.fieldRules)).toEqual([]);
  });

  it('reads the calls of sending actions, loads, downloads and record paths', () => {
    const calls = files.flatMap((name) =>
      definitionCalls(load(name), screenRegistries.fieldRules).map((call) => `${call.method} ${call.path}${call.updateAction ? ` ${call.updateAction}` : ''}`),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'PUT /devices/{} assign_to_patient',
        'PUT /devices bulk_update',
        'POST /patients/{}/status',
        'GET /patients/{}/can-be-consented',
        'GET /locations/{}/details',
        'GET /patients/export-onboarding',
      ]),
    );
  });

  it('fails a definition with an unknown update_action, with its file and JSON path', () => {
    const broken = load('devices.show.json') as { actions: Record<string, unknown>[] };
    const index = broken.actions.findIndex((action) => action.updateAction === 'assign_to_patient');
    broken.actions[index] = { ...broken.actions[index], updateAction: 'fly_to_the_moon' };
    expect(contractProblems(broken, 'screens/devices.show.json', api, screenRegistries.fieldRules)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^screens/devices.show.json: /actions/${index}: PUT /devices/\\{\\} does not accept update_action "fly_to_the_moon"; it accepts: .*assign_to_patient`,
        ),
      ),
    ]);
  });

  it('fails a definition calling a path the server lacks, or a method its route lacks', () => {
    const broken = load('patients.show.json');
    const text = JSON.stringify(broken).replace('/patients/{id}/unenroll', '/patients/{id}/teleport');
    expect(contractProblems(JSON.parse(text), 'screens/patients.show.json', api, screenRegistries.fieldRules)).toEqual([
      expect.stringMatching(/^screens\/patients.show.json: \/.*: no route \/patients\/\{\}\/teleport on the server$/),
    ]);
    const wrongMethod = {
      id: 'x',
      kind: 'show',
      resource: 'locations',
      actions: [{ type: 'confirm', name: 'move', label: 'Move', message: 'Sure?', path: '/locations/{id}/set-owner', method: 'delete' }],
    };
    expect(contractProblems(wrongMethod, 'screens/x.json', api, screenRegistries.fieldRules)).toEqual([
      expect.stringMatching(/^screens\/x.json: \/actions\/0: \/locations\/\{\}\/set-owner answers .*, not DELETE$/),
    ]);
  });

  it('fails a create form that hides or drops a field the server requires, at the form', () => {
    const field = 'user.first_name';
    const create = load('patients.create.json') as { form: { uiSchema?: Record<string, unknown> } };
    const hidden = { ...create, form: { ...create.form, uiSchema: { ...create.form.uiSchema, [field]: { 'ui:widget': 'hidden' } } } };
    expect(contractProblems(hidden, 'screens/patients.create.json', api, screenRegistries.fieldRules)).toEqual([
      `screens/patients.create.json: /form: POST /patients requires "${field}", which the form does not send`,
    ]);
    const dialog = {
      id: 'x',
      kind: 'show',
      resource: 'locations',
      actions: [{ type: 'dialog_form', name: 'add', label: 'Add', method: 'create', resource: 'locations', form: { fields: ['name'] } }],
    };
    expect(contractProblems(dialog, 'screens/x.json', api, screenRegistries.fieldRules)).toEqual([
      expect.stringMatching(/^screens\/x.json: \/actions\/0: POST \/locations requires .*, which the form does not send$/),
    ]);
  });
});
