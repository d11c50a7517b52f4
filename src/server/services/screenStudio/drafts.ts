import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import type { ScreenCatalog } from '../../screens/screenCatalog';
import { screenState } from './screenStates';

type Db = Kysely<DB> | Transaction<DB>;

/** A screen's draft as the studio shows it. */
export interface DraftRow {
  screen_id: string;
  base_version: number;
  definition: unknown;
  revision: number;
  created_at: Date;
  updated_at: Date;
  updated_by: number | null;
  updated_by_name: string | null;
  submitted_at: Date | null;
  submitted_by: number | null;
  submitted_by_name: string | null;
}

/** The drafts of the screens named (every draft without `ids`). */
export async function readDrafts(db: Db, ids?: readonly string[]): Promise<DraftRow[]> {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('screen_drafts as d')
    .leftJoin('users as e', 'e.id', 'd.updated_by')
    .leftJoin('users as s', 's.id', 'd.submitted_by')
    .select([
      'd.screen_id',
      'd.base_version',
      'd.definition',
      'd.revision',
      'd.created_at',
      'd.updated_at',
      'd.updated_by',
      'e.full_name as updated_by_name',
      'd.submitted_at',
      'd.submitted_by',
      's.full_name as submitted_by_name',
    ])
    .orderBy('d.screen_id');
  if (ids) query = query.where('d.screen_id', 'in', ids);
  return query.execute();
}

/** The draft's revision the caller saw, against the one stored: a mismatch means someone else saved or published in between. */
function assertRevision(id: string, stored: { revision: number } | undefined, seen: number | null): void {
  if (!stored && seen !== null) throw conflict(`The draft of ${id} was published or discarded since you opened it. Reload to see the screen as it is now.`);
  if (stored && seen === null) throw conflict(`A draft of ${id} exists already. Open it to go on with it.`);
  if (stored && stored.revision !== seen) {
    throw conflict(
      `The draft of ${id} was changed by someone else since you opened it (revision ${stored.revision}, yours ${String(seen)}). Reload it before saving.`,
    );
  }
}

/**
 * Saves a screen's draft: the first save (revision null) starts it from the version in force; each
 * later one names the revision it edited, so that two editors never overwrite each other unseen. A
 * draft may be invalid while it is worked on: only a publication refuses one.
 */
export async function saveDraft(
  trx: Transaction<DB>,
  catalog: ScreenCatalog,
  { id, definition, revision, userId }: { id: string; definition: unknown; revision: number | null; userId: number },
): Promise<void> {
  const state = await screenState(trx, catalog, id);
  const stored = await trx.selectFrom('screen_drafts').select('revision').where('screen_id', '=', id).forUpdate().executeTakeFirst();
  assertRevision(id, stored, revision);
  const json = JSON.stringify(definition);
  if (!stored) {
    await trx.insertInto('screen_drafts').values({ screen_id: id, base_version: state.inForce.version, definition: json, updated_by: userId }).execute();
    return;
  }
  await trx
    .updateTable('screen_drafts')
    .set((eb) => ({
      definition: json,
      revision: eb('revision', '+', 1),
      updated_at: new Date(),
      updated_by: userId,
      // A changed draft is reviewed again.
      submitted_at: null,
      submitted_by: null,
    }))
    .where('screen_id', '=', id)
    .execute();
}

/** Discards a screen's draft (the revision the caller saw, as for a save). */
export async function discardDraft(trx: Transaction<DB>, id: string, revision: number): Promise<void> {
  const stored = await trx.selectFrom('screen_drafts').select('revision').where('screen_id', '=', id).forUpdate().executeTakeFirst();
  if (!stored) throw notFound('No draft of this screen');
  assertRevision(id, stored, revision);
  await trx.deleteFrom('screen_drafts').where('screen_id', '=', id).execute();
}

/** Asks an admin to publish the draft (an analyst's way to publish: the review). */
export async function submitDraft(trx: Transaction<DB>, id: string, revision: number, userId: number): Promise<void> {
  const stored = await trx.selectFrom('screen_drafts').select('revision').where('screen_id', '=', id).forUpdate().executeTakeFirst();
  if (!stored) throw notFound('No draft of this screen');
  assertRevision(id, stored, revision);
  await trx.updateTable('screen_drafts').set({ submitted_at: new Date(), submitted_by: userId }).where('screen_id', '=', id).execute();
}
