import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { isScreenFile } from '../../../schemas/screenFormat';
import { describeAjvError, validateMetaSchema } from '../../../schemas/screenMetaSchema';
import { fragmentsById, resolveFormFragment, type FormFragment } from '../../../schemas/screenFragments';
import type { DB } from '../db/schema';

const SCREENS_DIR = fileURLToPath(new URL('../../../screens/', import.meta.url));

/** A definition as stored: the meta-schema checks the rest. */
export interface StoredScreen {
  id: string;
  version: number;
  [key: string]: unknown;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (dir: string) => readdirSync(dir).filter(isScreenFile).sort();

/**
 * The problems of a definition against the meta-schema (the console checks a served definition
 * again, deeper, and keeps its bundled file when that fails), with its form fragment merged in
 * first, as the console reads it; none means it may be served.
 */
export function screenProblems(definition: unknown, fragments: ReadonlyMap<string, Record<string, unknown>>): string[] {
  let resolved: unknown;
  try {
    resolved = resolveFormFragment(definition, fragments, (message) => new Error(message));
  } catch (error) {
    return [`/form/fragment: ${(error as Error).message}`];
  }
  if (validateMetaSchema(resolved)) return [];
  return (validateMetaSchema.errors ?? []).map((error) => {
    const { path, message } = describeAjvError(error, '');
    return `${path || '/'}: ${message}`;
  });
}

export interface ScreenCatalog {
  /** The files of screens/ by id, as written (a form's fragment is not merged: the console does that). */
  files: ReadonlyMap<string, StoredScreen>;
  fragments: ReadonlyMap<string, Record<string, unknown>>;
}

/** Reads screens/*.json and screens/fragments/*.json once, at start-up (like the console's build). */
export function loadScreenCatalog(dir = SCREENS_DIR): ScreenCatalog {
  const fragments = fragmentsById(jsonFiles(join(dir, 'fragments')).map((name) => readJson(join(dir, 'fragments', name)) as FormFragment));
  const files = new Map<string, StoredScreen>();
  for (const name of jsonFiles(dir)) {
    const definition = readJson(join(dir, name)) as StoredScreen;
    files.set(definition.id, definition);
  }
  return { files, fragments };
}

/**
 * The effective definitions (docs/DESIGN.md section 3): for each id, the newest published version in
 * screen_versions that passes the meta-schema when it is newer than the file, or else the file. A
 * stored version that fails is skipped and reported through `skipped`, so that one bad publication
 * never takes a screen away.
 */
export async function effectiveScreens(
  db: Kysely<DB>,
  catalog: ScreenCatalog,
  skipped: (screenId: string, version: number, problems: string[]) => void,
): Promise<StoredScreen[]> {
  return (await screensInForce(db, catalog, skipped)).map((screen) => screen.definition);
}

/** `effectiveScreens` saying where each definition comes from (`npm run screens:pull` writes the published ones to their files). */
export async function screensInForce(
  db: Kysely<DB>,
  catalog: ScreenCatalog,
  skipped: (screenId: string, version: number, problems: string[]) => void,
): Promise<{ id: string; source: 'published' | 'file'; definition: StoredScreen }[]> {
  const rows = await db.selectFrom('screen_versions').select(['screen_id', 'version', 'definition']).orderBy('screen_id').orderBy('version', 'desc').execute();
  const published = new Map<string, StoredScreen>();
  for (const row of rows) {
    if (published.has(row.screen_id)) continue;
    const definition = row.definition as StoredScreen;
    const problems = [
      ...(definition?.id === row.screen_id && definition.version === row.version ? [] : [`/: id and version must be ${row.screen_id} and ${row.version}`]),
      ...screenProblems(definition, catalog.fragments),
    ];
    if (problems.length === 0) published.set(row.screen_id, definition);
    else skipped(row.screen_id, row.version, problems);
  }
  const ids = [...new Set([...catalog.files.keys(), ...published.keys()])].sort();
  return ids.flatMap((id) => {
    const chosen = inForce(published.get(id), catalog.files.get(id));
    return chosen ? [{ id, ...chosen }] : [];
  });
}

/**
 * Which of a screen's newest valid published version and its file is in force: a release may ship a
 * file newer than what was published before it, and the higher version wins (Screen Studio says so).
 */
export function inForce<S extends { version: number }>(
  published: S | undefined,
  file: S | undefined,
): { source: 'published' | 'file'; definition: S } | undefined {
  if (published && (!file || published.version > file.version)) return { source: 'published', definition: published };
  return file ? { source: 'file', definition: file } : undefined;
}
