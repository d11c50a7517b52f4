/**
 * `npm run screens:pull` (scripts/screensPull.ts): brings screens/ up to the database, writing each
 * screen whose version in force (screenCatalog.ts `screensInForce`, what GET /api/screens serves) is a
 * published version newer than its file, or a screen only the database knows, to `screens/{id}.json`.
 * A tool of the repository, never imported by the server (Prettier is a dev dependency).
 *
 * The file written is the one Prettier leaves alone, with the repository's Prettier settings, and
 * reads as the file it replaces: `"$schema"` first, then the keys in the file's order (a version is
 * stored as written since migration 0038, but an analyst's JSON, or a row stored as jsonb before,
 * which sorted an object's keys shortest first, may order them otherwise), and the objects the file spreads over
 * several lines spread again (Prettier keeps an object expanded when its text breaks after the `{`),
 * so that the diff is the publication's changes and nothing else. Keys the file lacks follow its own
 * in the stored order; a screen new to screens/ takes its key order from the first file of its kind.
 * Form fragments (screens/fragments/) are read, never written.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { format, resolveConfig } from 'prettier';
import { SCREEN_SCHEMA_FILE } from '../../../schemas/screenFormat';
import type { DB } from '../db/schema';
import { loadScreenCatalog, screensInForce, type StoredScreen } from './screenCatalog';

/** The repository's screens/, whose Prettier settings every written file takes, wherever it is written. */
const REPOSITORY_SCREENS_DIR = fileURLToPath(new URL('../../../screens/', import.meta.url));

/** A screen whose file is behind the database: the published version in force and who published it. */
export interface PulledScreen {
  id: string;
  /** The file's path under the directory pulled into: `patients.list.json`. */
  file: string;
  version: number;
  /** The file's version before the pull; undefined for a screen new to the directory. */
  fileVersion: number | undefined;
  publishedAt: Date;
  publishedBy: string | null;
  note: string;
}

export interface PullResult {
  /** The screens whose file is behind the database, by id: written, unless `check`. */
  behind: PulledScreen[];
  /** The screens whose file is the version in force, left untouched. */
  upToDate: number;
  /** Published versions that fail the meta-schema, which nothing serves and nothing writes. */
  skipped: { id: string; version: number; problems: string[] }[];
}

/**
 * Writes into `dir` (default: the repository's screens/) every screen whose version in force is a
 * published one; with `check`, writes nothing and only says which files are behind.
 */
export async function pullScreens(db: Kysely<DB>, options: { dir?: string; check?: boolean } = {}): Promise<PullResult> {
  const dir = options.dir ?? REPOSITORY_SCREENS_DIR;
  const catalog = loadScreenCatalog(dir);
  const skipped: PullResult['skipped'] = [];
  const screens = await screensInForce(db, catalog, (id, version, problems) => skipped.push({ id, version, problems }));
  const published = screens.filter((screen) => screen.source === 'published');
  const rows = published.length
    ? await db
        .selectFrom('screen_versions as v')
        .leftJoin('users as u', 'u.id', 'v.published_by')
        .select(['v.screen_id', 'v.version', 'v.published_at', 'u.full_name as published_by_name', 'v.note'])
        .where((eb) => eb.or(published.map(({ id, definition }) => eb.and([eb('v.screen_id', '=', id), eb('v.version', '=', definition.version)]))))
        .execute()
    : [];
  const behind: PulledScreen[] = [];
  for (const { id, definition } of published) {
    const row = rows.find((each) => each.screen_id === id && each.version === definition.version);
    if (!row) throw new Error(`screen_versions lost ${id} version ${definition.version} while it was read`);
    const file = `${id}.json`;
    const path = join(dir, file);
    const fileVersion = catalog.files.get(id)?.version;
    behind.push({ id, file, version: definition.version, fileVersion, publishedAt: row.published_at, publishedBy: row.published_by_name, note: row.note });
    if (options.check) continue;
    const template = fileVersion !== undefined ? { path, keepLayout: true } : templateOfKind(dir, catalog.files, definition);
    const layout = template && existsSync(template.path) ? layoutOf(readFileSync(template.path, 'utf8')) : undefined;
    writeFileSync(path, await screenFileText(definition, layout, template?.keepLayout ?? false, file));
  }
  return { behind, upToDate: screens.length - published.length, skipped };
}

/** A screen new to the directory takes the key order (not the line breaks) of the first file of its kind. */
function templateOfKind(dir: string, files: ReadonlyMap<string, StoredScreen>, definition: StoredScreen) {
  const id = [...files.keys()].sort().find((each) => files.get(each)?.kind === definition.kind);
  return id === undefined ? undefined : { path: join(dir, `${id}.json`), keepLayout: false };
}

/** The text of a screen's file: `"$schema"` first, the keys and line breaks of `layout`, formatted as the repository formats screens/. */
async function screenFileText(definition: StoredScreen, layout: Layout | undefined, keepLayout: boolean, file: string): Promise<string> {
  const { $schema: _schema, ...rest } = definition;
  const path = join(REPOSITORY_SCREENS_DIR, file);
  return format(jsonText({ $schema: SCREEN_SCHEMA_FILE, ...rest }, layout, keepLayout, '$schema'), { ...(await resolveConfig(path)), filepath: path });
}

/**
 * What a JSON text says beyond its values: each object's key order and whether its text breaks after
 * the `{` (which Prettier keeps), each array's items, and the scalars (which identify array items).
 */
type Layout = { kind: 'object'; expanded: boolean; entries: Map<string, Layout> } | { kind: 'array'; items: Layout[] } | { kind: 'scalar'; value: unknown };

/** Compact JSON of `value`, its keys ordered (but for `first`, which leads) and its objects broken as `layout`'s where it has them. */
function jsonText(value: unknown, layout: Layout | undefined, keepLayout: boolean, first?: string): string {
  if (Array.isArray(value)) {
    const items = layout?.kind === 'array' ? layout.items : [];
    const unused = new Set(items);
    const texts = value.map((item: unknown, index) => {
      const match = itemLayout(item, index, items, unused);
      if (match) unused.delete(match);
      return jsonText(item, match, keepLayout);
    });
    return `[${texts.join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = layout?.kind === 'object' ? layout.entries : new Map<string, Layout>();
    const keys = [...[...entries.keys()].filter((key) => Object.hasOwn(record, key)), ...Object.keys(record).filter((key) => !entries.has(key))].sort(
      (a, b) => Number(b === first) - Number(a === first),
    );
    const body = keys.map((key) => `${JSON.stringify(key)}:${jsonText(record[key], entries.get(key), keepLayout)}`).join(',');
    const expanded = keepLayout && layout?.kind === 'object' && layout.expanded && keys.length > 0;
    return `{${expanded ? '\n' : ''}${body}}`;
  }
  return JSON.stringify(value);
}

/** The keys that name an item of a list (a tab, an action, a column, a field): an item keeps its layout when it moves. */
const ITEM_NAMES = ['key', 'name', 'field', 'id', 'type'] as const;

function itemName(item: unknown): string | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const values = ITEM_NAMES.map((key) => (item as Record<string, unknown>)[key]);
  return values.some((each) => typeof each === 'string') ? JSON.stringify(values.map((each) => (typeof each === 'string' ? each : null))) : undefined;
}

function layoutName(layout: Layout): string | undefined {
  if (layout.kind !== 'object') return undefined;
  const scalar = (key: string) => {
    const entry = layout.entries.get(key);
    return entry?.kind === 'scalar' ? entry.value : undefined;
  };
  return itemName(Object.fromEntries(ITEM_NAMES.map((key) => [key, scalar(key)])));
}

/** An array item's layout: the unused item of the same name, else the item at the same place. */
function itemLayout(item: unknown, index: number, items: readonly Layout[], unused: ReadonlySet<Layout>): Layout | undefined {
  const name = itemName(item);
  const named = name === undefined ? undefined : items.find((each) => unused.has(each) && layoutName(each) === name);
  return named ?? items[index];
}

/** The layout of a JSON text (a screen file, which is valid JSON: JSON.parse read it before). */
function layoutOf(text: string): Layout {
  let at = 0;
  const space = () => {
    const start = at;
    while (/\s/.test(text.charAt(at))) at++;
    return text.slice(start, at);
  };
  const expect = (char: string) => {
    if (text.charAt(at) !== char) throw new Error(`expected ${char} at ${at}`);
    at++;
  };
  const string = (): string => {
    const start = at;
    expect('"');
    while (text.charAt(at) !== '"') at += text.charAt(at) === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (): Layout => {
    space();
    const char = text.charAt(at);
    if (char === '{') {
      at++;
      const expanded = space().includes('\n');
      const entries = new Map<string, Layout>();
      while (text.charAt(at) !== '}') {
        const key = string();
        space();
        expect(':');
        entries.set(key, value());
        space();
        if (text.charAt(at) === ',') at++;
        space();
      }
      at++;
      return { kind: 'object', expanded, entries };
    }
    if (char === '[') {
      at++;
      const items: Layout[] = [];
      space();
      while (text.charAt(at) !== ']') {
        items.push(value());
        space();
        if (text.charAt(at) === ',') at++;
        space();
      }
      at++;
      return { kind: 'array', items };
    }
    if (char === '"') return { kind: 'scalar', value: string() };
    const start = at;
    while (at < text.length && !/[\s,\]}]/.test(text.charAt(at))) at++;
    return { kind: 'scalar', value: JSON.parse(text.slice(start, at)) as unknown };
  };
  return value();
}
