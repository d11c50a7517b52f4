import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The newest 200 releases and rollbacks, each with the rollback that undid it (if any) and its screens' versions. */
export async function listReleases(db: Kysely<DB>) {
  const releases = await db
    .selectFrom('screen_releases as r')
    .leftJoin('users as u', 'u.id', 'r.published_by')
    .leftJoin('screen_releases as undo', 'undo.rolls_back_release_id', 'r.id')
    .select([
      'r.id',
      'r.name',
      'r.note',
      'r.kind',
      'r.rolls_back_release_id',
      'undo.id as rolled_back_by_release_id',
      'r.published_at',
      'u.full_name as published_by_name',
    ])
    .orderBy('r.id', 'desc')
    .limit(200)
    .execute();
  const versions = releases.length
    ? await db
        .selectFrom('screen_versions')
        .select(['release_id', 'screen_id', 'version', 'replaced_version', 'restores_version'])
        .where(
          'release_id',
          'in',
          releases.map((release) => release.id),
        )
        .orderBy('screen_id')
        .execute()
    : [];
  return releases.map((release) => ({
    ...release,
    screens: versions.filter((version) => version.release_id === release.id).map(({ release_id: _release, ...version }) => version),
  }));
}
