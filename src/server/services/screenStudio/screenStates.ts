import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { inForce, screenProblems, type ScreenCatalog, type StoredScreen } from '../../screens/screenCatalog';

type Db = Kysely<DB> | Transaction<DB>;

/** A published version as the studio lists it (its definition only where asked). */
export interface VersionRow {
  version: number;
  published_at: Date;
  published_by: number | null;
  published_by_name: string | null;
  note: string;
  release_id: number | null;
  release_name: string | null;
  replaced_version: number | null;
  restores_version: number | null;
}

/** What the studio knows of one screen: its file, its published versions, and which is in force. */
export interface ScreenState {
  id: string;
  file: StoredScreen | undefined;
  /** The newest published version that passes the meta-schema (a failing one is never served). */
  published: (VersionRow & { definition: StoredScreen }) | undefined;
  inForce: { version: number; source: 'file' | 'published'; definition: StoredScreen };
  /** Every published version, newest first. */
  versions: VersionRow[];
  /** The highest version number the file or any stored version holds: a publication takes the next. */
  highestVersion: number;
}

const versionColumns = [
  'v.screen_id',
  'v.version',
  'v.definition',
  'v.published_at',
  'v.published_by',
  'u.full_name as published_by_name',
  'v.note',
  'v.release_id',
  'r.name as release_name',
  'v.replaced_version',
  'v.restores_version',
] as const;

/**
 * The state of every screen (or of the ones named), from the files of screens/ and the table
 * screen_versions, chosen as GET /api/screens chooses (screenCatalog.ts `inForce`). Screens that only
 * the database knows are included; a screen neither knows is absent.
 */
export async function screenStates(db: Db, catalog: ScreenCatalog, ids?: readonly string[]): Promise<ScreenState[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('screen_versions as v')
    .leftJoin('users as u', 'u.id', 'v.published_by')
    .leftJoin('screen_releases as r', 'r.id', 'v.release_id')
    .select(versionColumns)
    .orderBy('v.screen_id')
    .orderBy('v.version', 'desc');
  if (ids) query = query.where('v.screen_id', 'in', ids);
  const rows = await query.execute();
  const byId = new Map<string, typeof rows>();
  for (const row of rows) byId.set(row.screen_id, [...(byId.get(row.screen_id) ?? []), row]);
  const known = ids ?? [...new Set([...catalog.files.keys(), ...byId.keys()])].sort();
  return known.flatMap((id) => {
    const stored = byId.get(id) ?? [];
    const file = catalog.files.get(id);
    const valid = stored.find((row) => {
      const definition = row.definition as StoredScreen;
      return definition?.id === id && definition.version === row.version && screenProblems(definition, catalog.fragments).length === 0;
    });
    const published = valid ? { ...versionRow(valid), definition: valid.definition as StoredScreen } : undefined;
    const chosen = inForce(published?.definition, file);
    if (!chosen) return [];
    return [
      {
        id,
        file,
        published,
        inForce: { version: chosen.definition.version, source: chosen.source, definition: chosen.definition },
        versions: stored.map(versionRow),
        highestVersion: Math.max(file?.version ?? 0, ...stored.map((row) => row.version)),
      },
    ];
  });
}

function versionRow(row: Omit<VersionRow, never> & { definition: unknown; screen_id: string }): VersionRow {
  const { definition: _definition, screen_id: _id, ...rest } = row;
  return rest;
}

/** One screen's state, or 404 when neither screens/ nor the database knows the id. */
export async function screenState(db: Db, catalog: ScreenCatalog, id: string): Promise<ScreenState> {
  const [state] = await screenStates(db, catalog, [id]);
  if (!state) throw notFound('Screen not found');
  return state;
}

/**
 * A version's definition: a stored one, or the file's when the file holds that version; undefined
 * when neither does (a file's older versions are in git, not here).
 */
export async function versionDefinition(
  db: Db,
  state: ScreenState,
  version: number,
): Promise<{ source: 'file' | 'published'; definition: StoredScreen } | undefined> {
  const row = await db.selectFrom('screen_versions').select('definition').where('screen_id', '=', state.id).where('version', '=', version).executeTakeFirst();
  if (row) return { source: 'published', definition: row.definition as StoredScreen };
  return state.file?.version === version ? { source: 'file', definition: state.file } : undefined;
}

/** Takes the studio's lock on the screens a publication changes, in a stable order: two publications of one screen run one after the other. */
export async function lockScreens(trx: Transaction<DB>, ids: readonly string[]): Promise<void> {
  for (const id of [...new Set(ids)].sort()) await sql`select pg_advisory_xact_lock(hashtext(${`screen-studio:${id}`}))`.execute(trx);
}
