import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, signIn, type TestApp } from './helpers/testApp';
import { clientFor, isValidationError, tableFingerprint, tenantIds, type ApiAnswer, type Client } from './resources.helpers';

type Row = Record<string, unknown>;
type Column = { field: string; label?: string; cell?: string };
type Definition = Row & { id: string; version: number };

let t: TestApp;
let admin: Client;
let superadmin: Client;
let analyst: Client;
let clinician: Client;
const others: [string, Client][] = [];

const SCREENS = join(import.meta.dirname, '../../screens');
const file = (id: string) => JSON.parse(readFileSync(join(SCREENS, `${id}.json`), 'utf8')) as Definition;
const STUDIO = '/api/screen-studio';
const FORBIDDEN = { status: 403, body: { detail: 'Not enough permissions' } };

const ok = (answer: ApiAnswer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as Row;
};
const fingerprints = () => Promise.all(['screen_versions', 'screen_releases', 'screen_drafts', 'audit_logs'].map((table) => tableFingerprint(t.app, table)));

/** What a clinician's console is served for one screen (GET /api/screens). */
async function served(id: string): Promise<Definition> {
  const all = ok(await clinician.get('/api/screens')) as unknown as Definition[];
  const found = all.find((definition) => definition.id === id);
  if (!found) throw new Error(`${id} is not served`);
  return found;
}
const columnsOf = (definition: Definition) => definition.columns as Column[];

/** A list with its first column relabelled (All Patients: Name). */
function relabelled(definition: Definition, label: string): Definition {
  return { ...definition, columns: columnsOf(definition).map((column, i) => (i === 0 ? { ...column, label } : column)) };
}

async function draftOf(client: Client, id: string, definition: unknown, revision: number | null) {
  return client.send('PUT', `${STUDIO}/screens/${id}/draft`, { definition, revision });
}

/** The screen as the studio shows it now. */
const studioScreen = async (id: string) => ok(await admin.get(`${STUDIO}/screens/${id}`));

beforeAll(async () => {
  t = await createTestApp();
  [admin, superadmin, analyst, clinician] = await Promise.all([
    clientFor(t.app, 'internal.admin@demo.example'),
    clientFor(t.app, 'superadmin@demo.example'),
    clientFor(t.app, 'analyst@demo.example'),
    clientFor(t.app, 'clinician@northwind.demo.example'),
  ]);
  for (const email of [
    'internal.billing@demo.example',
    'internal.clinician@demo.example',
    'admin@northwind.demo.example',
    'clinician@northwind.demo.example',
    'staff@lakeside.demo.example',
  ]) {
    others.push([email, await clientFor(t.app, email)]);
  }
});
afterAll(async () => t?.close());

describe('who may use the studio', () => {
  test('the roles without screens.edit are refused every call, and nothing changes', async () => {
    const before = await fingerprints();
    for (const [email, client] of others) {
      const answers = [
        await client.get(`${STUDIO}/screens`),
        await client.get(`${STUDIO}/screens/patients.list`),
        await client.get(`${STUDIO}/screens/patients.list/versions/1`),
        await client.get(`${STUDIO}/releases`),
        await draftOf(client, 'patients.list', file('patients.list'), null),
        await client.send('POST', `${STUDIO}/check`, { id: 'patients.list', definition: file('patients.list') }),
        await client.send('DELETE', `${STUDIO}/screens/patients.list/draft?revision=1`),
        await client.send('POST', `${STUDIO}/screens/patients.list/draft/submit`, { revision: 1 }),
        await client.send('POST', `${STUDIO}/releases`, { name: 'x', screens: [{ id: 'patients.list', revision: 1 }] }),
        await client.send('POST', `${STUDIO}/releases/1/rollback`, {}),
        await client.send('POST', `${STUDIO}/screens/patients.list/rollback`, { version: 1, base_version: 1 }),
      ];
      for (const answer of answers) expect({ email, status: answer.status, body: answer.body }).toEqual({ email, ...FORBIDDEN });
    }
    const anonymous = await t.app.inject({ method: 'GET', url: `${STUDIO}/screens` });
    expect(anonymous.statusCode).toBe(401);
    expect(await fingerprints()).toEqual(before);
  });

  test('a product analyst reads, drafts and submits, but cannot publish or roll back', async () => {
    expect(ok(await analyst.get(`${STUDIO}/screens`))).toBeInstanceOf(Array);
    const permissions = ok(await analyst.get('/api/permissions'));
    expect(permissions).toMatchObject({ 'screens.edit': 'all', role: 'product_analyst', is_internal: true });
    expect(permissions['screens.publish']).toBeUndefined();
    // No patient data: the analyst holds no patient permission.
    expect((await analyst.get('/api/patients')).status).toBe(403);

    const draft = ok(await draftOf(analyst, 'locations.list', file('locations.list'), null));
    expect(draft).toMatchObject({ revision: 1, problems: [] });
    const submitted = ok(await analyst.send('POST', `${STUDIO}/screens/locations.list/draft/submit`, { revision: 1 }));
    expect(submitted.submitted_by_name).toBe('Priya Analyst');
    const before = await fingerprints();
    expect(await analyst.send('POST', `${STUDIO}/releases`, { name: 'Mine', screens: [{ id: 'locations.list', revision: 1 }] })).toMatchObject(FORBIDDEN);
    expect(await analyst.send('POST', `${STUDIO}/screens/locations.list/rollback`, { version: 1, base_version: 1 })).toMatchObject(FORBIDDEN);
    expect(await fingerprints()).toEqual(before);
    expect((await analyst.send('DELETE', `${STUDIO}/screens/locations.list/draft?revision=1`)).status).toBe(204);
  });
});

describe('the screen list', () => {
  test('every file of screens/ with its version in force, its source and no draft', async () => {
    const list = ok(await admin.get(`${STUDIO}/screens`)) as unknown as Row[];
    const devices = file('devices.list');
    expect(list.find((screen) => screen.id === 'devices.list')).toMatchObject({
      id: 'devices.list',
      route: devices.route,
      kind: 'list',
      version: devices.version,
      source: 'file',
      file_version: devices.version,
      published_version: null,
      file_newer: false,
      has_draft: false,
    });
    const ids = list.map((screen) => screen.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['patients.list', 'patients.create', 'home.dashboard', 'clinical-activities.step']));
  });

  test('a published version older than the file is not served, and the studio says the file is newer', async () => {
    const show = file('patients.show');
    expect(show.version).toBeGreaterThan(2);
    await t.app.db
      .insertInto('screen_versions')
      .values({ screen_id: 'patients.show', version: 2, definition: JSON.stringify({ ...show, version: 2, title: 'Old' }) })
      .execute();
    const screen = await studioScreen('patients.show');
    expect(screen).toMatchObject({ version: show.version, source: 'file', published_version: 2, file_newer: true });
    expect((await served('patients.show')).version).toBe(show.version);
  });

  test('an unknown screen is a 404, a malformed id a 422', async () => {
    expect(await admin.get(`${STUDIO}/screens/no.such-screen`)).toMatchObject({ status: 404 });
    const malformed = await admin.get(`${STUDIO}/screens/Patients.List`);
    expect(isValidationError(malformed, ['path', 'id']), JSON.stringify(malformed.body)).toBe(true);
    expect(await admin.get(`${STUDIO}/screens/patients.list/versions/999`)).toMatchObject({ status: 404 });
  });
});

describe('drafts', () => {
  test('saves name the revision they edit: a stale save is refused and changes nothing', async () => {
    const start = relabelled(file('users.list'), 'Full name');
    const first = ok(await draftOf(admin, 'users.list', start, null));
    expect(first).toMatchObject({ revision: 1, base_version: file('users.list').version, problems: [], updated_by_name: 'Ines Admin' });
    const second = ok(await draftOf(analyst, 'users.list', relabelled(start, 'Staff member'), 1));
    expect(second.revision).toBe(2);

    const before = await fingerprints();
    const stale = await draftOf(admin, 'users.list', relabelled(start, 'Mine wins'), 1);
    expect(stale.status).toBe(409);
    expect((stale.body as { detail: string }).detail).toMatch(/changed by someone else/);
    const again = await draftOf(admin, 'users.list', start, null);
    expect(again.status).toBe(409);
    expect(await fingerprints()).toEqual(before);

    const screen = await studioScreen('users.list');
    expect(screen).toMatchObject({ has_draft: true, draft_revision: 2, draft_stale: false });
    expect(columnsOf((screen.draft as { definition: Definition }).definition)[0]?.label).toBe('Staff member');
    // The draft is nobody's screen until it is published.
    expect(columnsOf(await served('users.list'))[0]?.label).toBe(columnsOf(file('users.list'))[0]?.label);
    expect((await admin.send('DELETE', `${STUDIO}/screens/users.list/draft?revision=1`)).status).toBe(409);
    expect((await admin.send('DELETE', `${STUDIO}/screens/users.list/draft?revision=2`)).status).toBe(204);
    expect(isValidationError(await admin.send('DELETE', `${STUDIO}/screens/users.list/draft`), ['query', 'revision'])).toBe(true);
  });

  test('a draft keeps its keys in the order they were written', async () => {
    const written = file('locations.list');
    const reordered = Object.fromEntries(Object.entries(written).reverse()) as Definition;
    ok(await draftOf(analyst, 'locations.list', reordered, null));
    const draft = (await studioScreen('locations.list')).draft as { definition: Row; revision: number };
    expect(Object.keys(draft.definition)).toEqual(Object.keys(reordered));
    expect(Object.keys(draft.definition)).not.toEqual(Object.keys(written));
    expect((await analyst.send('DELETE', `${STUDIO}/screens/locations.list/draft?revision=${draft.revision}`)).status).toBe(204);
  });

  test('an invalid draft is saved with its problems at their places', async () => {
    const list = file('locations.list');
    const columns = columnsOf(list);
    const broken = { ...list, columns: columns.map((column, i) => (i === 1 ? { ...column, cell: 'hologram' } : column)) };
    const draft = ok(await draftOf(analyst, 'locations.list', broken, null));
    expect(draft.problems).toEqual([{ path: '/columns/1/cell', message: expect.stringMatching(/unknown cell "hologram"/) as string }]);
    ok(await draftOf(analyst, 'locations.list', { ...broken, id: 'devices.list' }, 1));
    const renamed = await studioScreen('locations.list');
    expect((renamed.draft as { problems: unknown }).problems).toEqual([{ path: '/id', message: 'must be "locations.list", the screen it is a version of' }]);
    expect((await analyst.send('DELETE', `${STUDIO}/screens/locations.list/draft?revision=2`)).status).toBe(204);
  });

  test('check: a definition judged as publishing would, without saving it', async () => {
    const before = await fingerprints();
    const created = ok(await analyst.send('POST', `${STUDIO}/check`, { id: 'patients.create', definition: file('patients.create') }));
    expect(created.problems).toEqual([]);
    // What the server requires of Add Patient's POST, which the editor keeps required.
    expect(created.required_by_server).toEqual(expect.arrayContaining(['user', 'user.first_name', 'user.last_name', 'birthdate']));
    expect(created.required_by_server).not.toContain('user.middle_name');
    expect(ok(await analyst.send('POST', `${STUDIO}/check`, { id: 'locations.list', definition: file('locations.list') }))).toEqual({
      problems: [],
      required_by_server: [],
    });
    const create = file('patients.create') as Definition & { form: Row };
    const hidden = { ...create, form: { ...create.form, uiSchema: { 'user.first_name': { 'ui:widget': 'hidden' } } } };
    expect(ok(await analyst.send('POST', `${STUDIO}/check`, { id: 'patients.create', definition: hidden }))).toEqual({
      problems: [{ path: '/form', message: 'POST /patients requires "user.first_name", which the form does not send' }],
      required_by_server: created.required_by_server,
    });
    const noMeta = ok(await analyst.send('POST', `${STUDIO}/check`, { id: 'patients.create', definition: { ...create, kind: 'spreadsheet' } }));
    expect((noMeta.problems as unknown[]).length).toBeGreaterThan(0);
    expect(isValidationError(await analyst.send('POST', `${STUDIO}/check`, { id: 'patients.create', definition: [] }), ['body', 'definition'])).toBe(true);
    expect(await fingerprints()).toEqual(before);
  });
});

describe('publishing, releases and rollback', () => {
  test('two screens published as one release: served to every console, audited, the drafts gone; then rolled back as one', async () => {
    const listFile = file('patients.list');
    const createFile = file('patients.create') as Definition & { form: Row };
    ok(await draftOf(analyst, 'patients.list', relabelled(listFile, 'Patient'), null));
    // Add Patient: the middle name moved after the last name (the form's own sections replace the fragment's).
    const fragment = JSON.parse(readFileSync(join(SCREENS, 'fragments/patient.form.json'), 'utf8')) as { form: { sections: { fields: string[] }[] } };
    const sections = fragment.form.sections.map((section, i) =>
      i === 0 ? { ...section, fields: section.fields.filter((f) => f !== 'user.middle_name').toSpliced(2, 0, 'user.middle_name') } : section,
    );
    ok(await draftOf(analyst, 'patients.create', { ...createFile, form: { ...createFile.form, sections } }, null));

    const release = ok(
      await admin.send('POST', `${STUDIO}/releases`, {
        name: 'Shorter patient labels',
        note: 'Asked by the clinics',
        screens: [
          { id: 'patients.list', revision: 1 },
          { id: 'patients.create', revision: 1 },
        ],
      }),
      201,
    );
    const list = await served('patients.list');
    expect(list.version).toBe(listFile.version + 1);
    expect(columnsOf(list)[0]?.label).toBe('Patient');
    const create = await served('patients.create');
    expect(create.version).toBe(createFile.version + 1);
    expect((create.form as { sections: { fields: string[] }[] }).sections[0]?.fields.slice(0, 3)).toEqual([
      'user.first_name',
      'user.last_name',
      'user.middle_name',
    ]);

    const screen = await studioScreen('patients.list');
    expect(screen).toMatchObject({ source: 'published', version: listFile.version + 1, has_draft: false, published_by_name: 'Ines Admin' });
    expect((screen.versions as Row[])[0]).toMatchObject({
      version: listFile.version + 1,
      note: 'Asked by the clinics',
      release_name: 'Shorter patient labels',
      replaced_version: listFile.version,
      in_force: true,
    });
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select(['action', 'record_id', 'actor_role', 'tenant_id'])
      .where('resource', '=', 'screen_versions')
      .orderBy('id')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'create', record_id: `patients.list@${listFile.version + 1}`, actor_role: 'internal_admin', tenant_id: null },
        { action: 'create', record_id: `patients.create@${createFile.version + 1}`, actor_role: 'internal_admin', tenant_id: null },
      ]),
    );
    const releases = ok(await analyst.get(`${STUDIO}/releases`)) as unknown as Row[];
    expect(releases[0]).toMatchObject({
      id: release.id,
      name: 'Shorter patient labels',
      kind: 'release',
      rolled_back_by_release_id: null,
      published_by_name: 'Ines Admin',
    });
    expect(releases[0]?.screens).toEqual([
      { screen_id: 'patients.create', version: createFile.version + 1, replaced_version: createFile.version, restores_version: null },
      { screen_id: 'patients.list', version: listFile.version + 1, replaced_version: listFile.version, restores_version: null },
    ]);

    // Publishing the same drafts again: they are gone, refused, nothing written.
    const before = await fingerprints();
    const twice = await admin.send('POST', `${STUDIO}/releases`, { name: 'Again', screens: [{ id: 'patients.list', revision: 1 }] });
    expect(twice.status).toBe(409);
    expect(await fingerprints()).toEqual(before);

    // The rollback publishes the state before the release as new versions; history only grows.
    const rollback = ok(await superadmin.send('POST', `${STUDIO}/releases/${String(release.id)}/rollback`, { note: 'Clinics preferred the old labels' }), 201);
    const restored = await served('patients.list');
    expect(restored.version).toBe(listFile.version + 2);
    expect(columnsOf(restored)[0]?.label).toBe(columnsOf(listFile)[0]?.label);
    expect((await served('patients.create')).version).toBe(createFile.version + 2);
    expect(((await served('patients.create')).form as Row).sections).toBeUndefined();
    const after = ok(await admin.get(`${STUDIO}/releases`)) as unknown as Row[];
    expect(after[0]).toMatchObject({ id: rollback.id, kind: 'rollback', name: 'Rollback of Shorter patient labels', rolls_back_release_id: release.id });
    expect(after[1]).toMatchObject({ id: release.id, rolled_back_by_release_id: rollback.id });
    expect(after[0]?.screens).toEqual([
      { screen_id: 'patients.create', version: createFile.version + 2, replaced_version: createFile.version + 1, restores_version: createFile.version },
      { screen_id: 'patients.list', version: listFile.version + 2, replaced_version: listFile.version + 1, restores_version: listFile.version },
    ]);
    expect(
      (await t.app.db.selectFrom('screen_versions').select('version').where('screen_id', '=', 'patients.list').execute()).map((row) => row.version).sort(),
    ).toEqual([listFile.version + 1, listFile.version + 2]);
    const again = await superadmin.send('POST', `${STUDIO}/releases/${String(release.id)}/rollback`, {});
    expect(again.status).toBe(409);
    expect((await admin.send('POST', `${STUDIO}/releases/999999/rollback`, {})).status).toBe(404);
  });

  test('the server refuses to publish a definition that fails the checks, at its place, and writes nothing', async () => {
    const list = file('devices.list');
    const broken = { ...list, columns: columnsOf(list).map((column, i) => (i === 0 ? { ...column, cell: 'hologram' } : column)) };
    ok(await draftOf(analyst, 'devices.list', broken, null));
    const before = await fingerprints();
    const refused = await admin.send('POST', `${STUDIO}/releases`, { name: 'Broken', screens: [{ id: 'devices.list', revision: 1 }] });
    expect(isValidationError(refused, ['body', 'screens', 0, 'definition', 'columns', '0', 'cell'])).toBe(true);
    expect(await fingerprints()).toEqual(before);
    expect((await served('devices.list')).version).toBe(list.version);
    expect((await admin.send('DELETE', `${STUDIO}/screens/devices.list/draft?revision=1`)).status).toBe(204);
  });

  test('two publishers at once: the second is refused, not lost or merged', async () => {
    const list = file('locations.list');
    ok(await draftOf(analyst, 'locations.list', { ...list, title: 'Clinic Locations' }, null));
    const body = { name: 'Locations title', screens: [{ id: 'locations.list', revision: 1 }] };
    const answers = await Promise.all([admin.send('POST', `${STUDIO}/releases`, body), superadmin.send('POST', `${STUDIO}/releases`, body)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect((await served('locations.list')).version).toBe(list.version + 1);

    // A draft started before another publication moved the screen on is stale: refused until started again.
    ok(await draftOf(analyst, 'locations.list', { ...list, version: list.version + 1, title: 'Sites' }, null));
    ok(
      await admin.send('POST', `${STUDIO}/screens/locations.list/rollback`, {
        version: list.version,
        base_version: list.version + 1,
        note: 'Back to the file',
      }),
      201,
    );
    expect((await studioScreen('locations.list')).draft_stale).toBe(true);
    const before = await fingerprints();
    const stale = await admin.send('POST', `${STUDIO}/releases`, { name: 'Sites', screens: [{ id: 'locations.list', revision: 1 }] });
    expect(stale.status).toBe(409);
    expect((stale.body as { detail: string }).detail).toMatch(/changed since its draft was started/);
    expect(await fingerprints()).toEqual(before);
    expect((await served('locations.list')).title).toBe(list.title);
  });

  test('rolling one screen back to a version: the version in force the caller saw, a real version, not the one in force', async () => {
    const screen = await studioScreen('locations.list');
    const inForce = screen.version as number;
    const before = await fingerprints();
    expect((await admin.send('POST', `${STUDIO}/screens/locations.list/rollback`, { version: 1, base_version: inForce - 1 })).status).toBe(409);
    expect(
      isValidationError(await admin.send('POST', `${STUDIO}/screens/locations.list/rollback`, { version: inForce, base_version: inForce }), [
        'body',
        'version',
      ]),
    ).toBe(true);
    expect(
      isValidationError(await admin.send('POST', `${STUDIO}/screens/locations.list/rollback`, { version: 777, base_version: inForce }), ['body', 'version']),
    ).toBe(true);
    expect(await fingerprints()).toEqual(before);
    ok(await admin.send('POST', `${STUDIO}/screens/locations.list/rollback`, { version: inForce - 1, base_version: inForce }), 201);
    expect((await served('locations.list')).title).toBe('Clinic Locations');
  });

  test('bad bodies are 422s that change nothing', async () => {
    const before = await fingerprints();
    const cases: [unknown, (string | number)[]][] = [
      [{ name: ' ', screens: [{ id: 'patients.list', revision: 1 }] }, ['body', 'name']],
      [{ name: 'x', screens: [] }, ['body', 'screens']],
      [{ name: 'x', screens: [{ id: '../etc', revision: 1 }] }, ['body', 'screens', 0, 'id']],
      [{ name: 'x', screens: [{ id: 'patients.list', revision: 0 }] }, ['body', 'screens', 0, 'revision']],
    ];
    for (const [body, loc] of cases) expect(isValidationError(await admin.send('POST', `${STUDIO}/releases`, body), loc), JSON.stringify(body)).toBe(true);
    const twice = await admin.send('POST', `${STUDIO}/releases`, {
      name: 'x',
      screens: [
        { id: 'users.list', revision: 1 },
        { id: 'users.list', revision: 1 },
      ],
    });
    expect(isValidationError(twice, ['body', 'screens'])).toBe(true);
    expect(isValidationError(await draftOf(admin, 'patients.list', 'text', null), ['body', 'definition'])).toBe(true);
    expect(await fingerprints()).toEqual(before);
  });
});

describe('the preview: reading as another role, never writing', () => {
  const asClinician = async (client: 'analyst' | 'clinician', headers: Record<string, string>) => {
    const { authorization } = await signIn(t.app, client === 'analyst' ? 'analyst@demo.example' : 'clinician@northwind.demo.example');
    return (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { authorization, ...headers }, ...(payload ? { payload } : {}) });
  };

  test('an analyst reads patients as a clinician of one provider, audited in their own name', async () => {
    const tenants = await tenantIds(t.app);
    const send = await asClinician('analyst', { 'x-screen-preview-role': 'clinician', 'x-screen-preview-tenant': String(tenants.northwind) });
    const answer = await send('GET', '/api/patients?limit=20');
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = JSON.parse(answer.body) as { id: number; tenant_id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.tenant_id))).toEqual(new Set([tenants.northwind]));
    const audit = await t.app.db
      .selectFrom('audit_logs')
      .select(['actor_role', 'actor_name', 'tenant_id', 'action'])
      .where('resource', '=', 'patients')
      .where('request_id', '=', String(answer.headers['x-request-id']))
      .execute();
    expect(audit).toEqual([{ actor_role: 'product_analyst', actor_name: 'Priya Analyst', tenant_id: tenants.northwind, action: 'list' }]);
    // As an internal clinician: every provider's patients, no provider named.
    const internal = await asClinician('analyst', { 'x-screen-preview-role': 'internal_clinician' });
    const all = JSON.parse((await internal('GET', '/api/patients?limit=200')).body) as { tenant_id: number }[];
    expect(new Set(all.map((row) => row.tenant_id)).size).toBeGreaterThan(1);
  });

  test('writes, callers without screens.edit and bad roles or providers are refused, and nothing changes', async () => {
    const tenants = await tenantIds(t.app);
    const before = await Promise.all(['patients', 'audit_logs', 'tasks'].map((table) => tableFingerprint(t.app, table)));
    const preview = { 'x-screen-preview-role': 'clinician', 'x-screen-preview-tenant': String(tenants.northwind) };
    const write = await (await asClinician('analyst', preview))('POST', '/api/tasks', { title: 'x' });
    expect([write.statusCode, JSON.parse(write.body)]).toEqual([403, { detail: 'Nothing is written in a preview' }]);
    const notAnEditor = await (await asClinician('clinician', preview))('GET', '/api/patients');
    expect([notAnEditor.statusCode, JSON.parse(notAnEditor.body)]).toEqual([403, { detail: 'Not enough permissions' }]);
    const cases: [Record<string, string>, string][] = [
      [{ 'x-screen-preview-role': 'patient', 'x-screen-preview-tenant': String(tenants.northwind) }, 'x-screen-preview-role'],
      [{ 'x-screen-preview-role': 'wizard' }, 'x-screen-preview-role'],
      [{ 'x-screen-preview-role': 'clinician' }, 'x-screen-preview-tenant'],
      [{ 'x-screen-preview-role': 'clinician', 'x-screen-preview-tenant': '999999' }, 'x-screen-preview-tenant'],
      [{ 'x-screen-preview-role': 'clinician', 'x-screen-preview-tenant': '1e3' }, 'x-screen-preview-tenant'],
      [{ 'x-screen-preview-role': 'internal_admin', 'x-screen-preview-tenant': String(tenants.northwind) }, 'x-screen-preview-tenant'],
    ];
    for (const [headers, name] of cases) {
      const answer = await (await asClinician('analyst', headers))('GET', '/api/patients');
      expect(
        isValidationError({ status: answer.statusCode, body: JSON.parse(answer.body) as unknown, headers: {} }, ['header', name]),
        JSON.stringify(headers),
      ).toBe(true);
    }
    expect(await Promise.all(['patients', 'tasks'].map((table) => tableFingerprint(t.app, table)))).toEqual([before[0], before[2]]);
  });
});

describe('an operator’s grant of publishing to one analyst', () => {
  const userIdOf = async (email: string) => (await t.app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const grant = (client: Client, id: number, value: boolean) => client.send('PATCH', `/api/users/${id}`, { may_publish_screens: value });

  test('granted by who may publish, to a product analyst only: they then publish alone, until it is taken back', async () => {
    const analystId = await userIdOf('analyst@demo.example');
    const before = await tableFingerprint(t.app, 'users');
    // Nobody else grants it: a role that may edit users but not publish screens, and no other role than an analyst's.
    const billing = others.find(([email]) => email === 'internal.billing@demo.example')?.[1];
    expect((await grant(billing!, analystId, true)).status).toBe(403);
    const toClinician = await grant(admin, await userIdOf('internal.clinician@demo.example'), true);
    expect(isValidationError(toClinician, ['body', 'may_publish_screens'])).toBe(true);
    expect(JSON.stringify(toClinician.body)).toContain('Publishing screens can be granted only to a product analyst.');
    expect(await tableFingerprint(t.app, 'users')).toEqual(before);

    expect(ok(await grant(admin, analystId, true)).may_publish_screens).toBe(true);
    // The analyst's session already signed in holds it (within the session cache's seconds, SESSION_CACHE_MS; none in tests).
    const granted = analyst;
    expect(ok(await granted.get('/api/permissions'))['screens.publish']).toBe('all');
    const definition = relabelled(file('providers.list'), 'Clinic');
    ok(await draftOf(granted, 'providers.list', definition, null));
    const published = ok(await granted.send('POST', `${STUDIO}/releases`, { name: 'Analyst alone', screens: [{ id: 'providers.list', revision: 1 }] }), 201);
    expect(published.id).toEqual(expect.any(Number));
    expect(columnsOf(await served('providers.list'))[0]?.label).toBe('Clinic');
    // Kept as written: its keys in the file's order (json, not jsonb, which sorts them).
    expect(Object.keys(await served('providers.list'))).toEqual(Object.keys(file('providers.list')));

    ok(await grant(admin, analystId, false));
    const taken = analyst;
    expect(ok(await taken.get('/api/permissions'))['screens.publish']).toBeUndefined();
    ok(await draftOf(taken, 'providers.list', relabelled(file('providers.list'), 'Clinics'), null));
    expect(await taken.send('POST', `${STUDIO}/releases`, { name: 'Again', screens: [{ id: 'providers.list', revision: 1 }] })).toMatchObject(FORBIDDEN);
  });
});
