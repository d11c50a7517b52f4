import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { isScreenFile } from '../../schemas/screenFormat';
import { loadScreenCatalog, screenProblems } from '../../src/server/screens/screenCatalog';
import { pullScreens } from '../../src/server/screens/screensPull';
import { createTestApp, type TestApp } from './helpers/testApp';

type Screen = { id: string; version: number; [key: string]: unknown };

const SCREENS = resolve('screens');
/** The files of screens/ as committed, by id (file name `{id}.json`). */
const texts = new Map(
  readdirSync(SCREENS)
    .filter(isScreenFile)
    .map((name) => [name.replace(/\.json$/, ''), readFileSync(join(SCREENS, name), 'utf8')]),
);
const fileOf = (id: string) => JSON.parse(texts.get(id) ?? '') as Screen;

/** Every file under a directory (fragments included), with its text and modification time. */
function snapshot(dir: string, under = ''): Map<string, { text: string; mtime: number }> {
  const found = new Map<string, { text: string; mtime: number }>();
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = join(under, entry.name);
    if (entry.isDirectory()) for (const [name, file] of snapshot(dir, path)) found.set(name, file);
    else found.set(path, { text: readFileSync(join(dir, path), 'utf8'), mtime: statSync(join(dir, path)).mtimeMs });
  }
  return found;
}

/** What Prettier makes of a text with the repository's settings for screens/. */
const prettier = async (text: string) => {
  const path = join(SCREENS, 'patients.list.json');
  return format(text, { ...(await resolveConfig(path)), filepath: path });
};

let t: TestApp;
let dir: string;
let publisher: { id: number; full_name: string };

beforeAll(async () => {
  t = await createTestApp();
  publisher = await t.app.db.selectFrom('users').select(['id', 'full_name']).where('email', '=', 'internal.admin@demo.example').executeTakeFirstOrThrow();
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.app.db.deleteFrom('screen_versions').execute();
  dir = mkdtempSync(join(tmpdir(), 'screens-pull-'));
  cpSync(SCREENS, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PUBLISHED_AT = new Date('2026-12-07T10:30:00Z');
const publish = (definition: Screen, extra: { published_by?: number | null; note?: string } = {}) =>
  t.app.db
    .insertInto('screen_versions')
    .values({ screen_id: definition.id, version: definition.version, definition: JSON.stringify(definition), published_at: PUBLISHED_AT, ...extra })
    .execute();

/** patients.list, one version on, its first column relabelled. */
function relabelledPatients() {
  const file = fileOf('patients.list');
  const [first, ...others] = file.columns as { label: string }[];
  if (!first) throw new Error('patients.list has no column');
  return { file, oldLabel: first.label, definition: { ...file, version: file.version + 1, columns: [{ ...first, label: 'Patient name' }, ...others] } };
}

describe('pullScreens', () => {
  test('writes a published version newer than its file as the file it replaces, and leaves every other file alone', async () => {
    const { file, oldLabel, definition } = relabelledPatients();
    // Published with its keys in another order than the file's (a row written before migration 0038 kept
    // jsonb's sorted keys; an analyst's JSON may order them as it likes): the file's order is kept.
    await publish(Object.fromEntries(Object.entries(definition).reverse()) as typeof definition, {
      published_by: publisher.id,
      note: 'Name column says Patient name',
    });
    const stored = await t.app.db.selectFrom('screen_versions').select('definition').where('screen_id', '=', 'patients.list').executeTakeFirstOrThrow();
    expect(Object.keys(stored.definition as object)).not.toEqual(Object.keys(file));
    const before = snapshot(dir);

    const result = await pullScreens(t.app.db, { dir });

    expect(result.behind).toEqual([
      {
        id: 'patients.list',
        file: 'patients.list.json',
        version: file.version + 1,
        fileVersion: file.version,
        publishedAt: PUBLISHED_AT,
        publishedBy: publisher.full_name,
        note: 'Name column says Patient name',
      },
    ]);
    expect(result.upToDate).toBe(texts.size - 1);
    expect(result.skipped).toEqual([]);
    const written = readFileSync(join(dir, 'patients.list.json'), 'utf8');
    // The diff is the publication's: the version and the label, nothing else (key order and line breaks kept).
    const original = texts.get('patients.list') ?? '';
    const columns = original.indexOf('"columns": [');
    const expected =
      original.slice(0, columns).replace(`\n  "version": ${file.version},\n`, `\n  "version": ${file.version + 1},\n`) +
      original.slice(columns).replace(`"label": ${JSON.stringify(oldLabel)}`, '"label": "Patient name"');
    expect(expected).not.toBe(original);
    expect(written).toBe(expected);
    expect(await prettier(written)).toBe(written);
    expect(written.endsWith('}\n')).toBe(true);
    expect(Object.keys(JSON.parse(written) as object)[0]).toBe('$schema');
    expect(JSON.parse(written)).toEqual(definition);

    const after = snapshot(dir);
    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...after].filter(([name, now]) => {
      const then = before.get(name);
      return now.text !== then?.text || now.mtime !== then.mtime;
    });
    expect(changed.map(([name]) => name)).toEqual(['patients.list.json']);
    expect(after.has(join('fragments', 'patient.form.json'))).toBe(true);

    // Pulled, the file is the version in force: a second pull writes nothing.
    const again = await pullScreens(t.app.db, { dir });
    expect(again.behind).toEqual([]);
    expect(again.upToDate).toBe(texts.size);
    expect(statSync(join(dir, 'patients.list.json')).mtimeMs).toBe(after.get('patients.list.json')?.mtime);
  });

  test('writes a screen only the database knows as a new file, "$schema" first', async () => {
    // A minimal show screen, stored with its keys scrambled and its "$schema" last.
    const definition = { resource: 'patients', title: 'Pulled', route: '/pulled', kind: 'show', formatVersion: 1, version: 1, id: 'pulled.show' };
    const stored = { ...definition, $schema: './screen.schema.json' };
    expect(screenProblems(stored, loadScreenCatalog().fragments)).toEqual([]);
    await publish(stored);

    const result = await pullScreens(t.app.db, { dir });

    expect(result.behind).toEqual([
      { id: 'pulled.show', file: 'pulled.show.json', version: 1, fileVersion: undefined, publishedAt: PUBLISHED_AT, publishedBy: null, note: '' },
    ]);
    expect(result.upToDate).toBe(texts.size);
    const written = readFileSync(join(dir, 'pulled.show.json'), 'utf8');
    expect(JSON.parse(written)).toEqual(stored);
    // The key order of the first show screen's file (account.show.json): the header as every file writes it.
    expect(Object.keys(JSON.parse(written) as object)).toEqual(['$schema', 'id', 'version', 'formatVersion', 'kind', 'route', 'title', 'resource']);
    expect(written).toBe(
      await prettier(
        JSON.stringify({
          $schema: './screen.schema.json',
          id: 'pulled.show',
          version: 1,
          formatVersion: 1,
          kind: 'show',
          route: '/pulled',
          title: 'Pulled',
          resource: 'patients',
        }),
      ),
    );
  });

  test('puts "$schema" first even where the file it replaces had it last', async () => {
    const { definition } = relabelledPatients();
    const { $schema, ...rest } = fileOf('patients.list');
    writeFileSync(join(dir, 'patients.list.json'), JSON.stringify({ ...rest, $schema }, null, 2));
    await publish(definition);

    await pullScreens(t.app.db, { dir });

    const written = readFileSync(join(dir, 'patients.list.json'), 'utf8');
    expect(Object.keys(JSON.parse(written) as object)).toEqual(['$schema', ...Object.keys(rest)]);
    expect(written.startsWith('{\n  "$schema": "./screen.schema.json",\n')).toBe(true);
    expect(await prettier(written)).toBe(written);
  });

  test('every file comes back byte for byte when its own definition is published one version on', async () => {
    for (const id of texts.keys()) {
      const file = fileOf(id);
      await publish({ ...file, version: file.version + 1 });
    }
    const result = await pullScreens(t.app.db, { dir });
    expect(result.behind.map((screen) => screen.id)).toEqual([...texts.keys()].sort());
    for (const [id, text] of texts) {
      const version = fileOf(id).version;
      expect(readFileSync(join(dir, `${id}.json`), 'utf8'), id).toBe(text.replace(`\n  "version": ${version},\n`, `\n  "version": ${version + 1},\n`));
    }
  });

  test('--check writes nothing and names the files behind the database', async () => {
    const { definition } = relabelledPatients();
    await publish(definition, { published_by: publisher.id });
    const before = snapshot(dir);

    const result = await pullScreens(t.app.db, { dir, check: true });

    expect(result.behind.map((screen) => [screen.file, screen.version, screen.publishedBy])).toEqual([
      ['patients.list.json', definition.version, publisher.full_name],
    ]);
    expect(snapshot(dir)).toEqual(before);
    await pullScreens(t.app.db, { dir });
    expect((await pullScreens(t.app.db, { dir, check: true })).behind).toEqual([]);
  });

  test('a published version not newer than its file is not written', async () => {
    const file = fileOf('locations.list');
    await publish({ ...file, title: 'Same version' });
    if (file.version > 1) await publish({ ...file, version: file.version - 1, title: 'Older version' });
    const before = snapshot(dir);

    const result = await pullScreens(t.app.db, { dir });

    expect(result.behind).toEqual([]);
    expect(result.upToDate).toBe(texts.size);
    expect(snapshot(dir)).toEqual(before);
  });

  test('a published version that fails the meta-schema is reported, and the valid one before it written', async () => {
    const file = fileOf('devices.list');
    await publish({ ...file, version: file.version + 1, title: 'Devices (good)' });
    await publish({ ...file, version: file.version + 2, kind: 'carousel' });

    const result = await pullScreens(t.app.db, { dir });

    expect(result.skipped).toEqual([expect.objectContaining({ id: 'devices.list', version: file.version + 2 })]);
    expect(result.behind.map((screen) => [screen.id, screen.version])).toEqual([['devices.list', file.version + 1]]);
    expect(JSON.parse(readFileSync(join(dir, 'devices.list.json'), 'utf8'))).toMatchObject({ version: file.version + 1, title: 'Devices (good)' });
  });
});
