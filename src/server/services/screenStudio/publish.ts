import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { conflict, HttpError, invalid, notFound, type ValidationIssue } from '../../errors';
import { clientAddress } from '../../plugins/clientAddress';
import type { Identity } from '../../plugins/identity';
import { actorOf } from '../../resources/audit';
import type { ScreenCatalog, StoredScreen } from '../../screens/screenCatalog';
import { definitionProblems, type DefinitionCheckInputs } from './definitionChecks';
import { lockScreens, screenStates, versionDefinition, type ScreenState } from './screenStates';

/** Who publishes, and the request that asked (for the audit rows). */
export interface Publisher {
  request: FastifyRequest;
  identity: Identity;
}

/** One screen of a publication: the definition to publish and the version it replaces. */
interface Change {
  state: ScreenState;
  definition: StoredScreen;
  restores?: number;
}

/** 422 naming each problem at its place: `loc` is the body's path to the definition, then the definition's JSON pointer. */
function refuse(problems: { at: (string | number)[]; path: string; message: string }[]): never {
  const detail: ValidationIssue[] = problems.map(({ at, path, message }) => ({
    loc: [...at, ...path.split('/').filter(Boolean)],
    msg: message,
    type: 'screen_definition',
  }));
  throw new HttpError(422, detail);
}

/**
 * Writes a release and one new version per change: each takes the next version number of its screen
 * (above its file's and every stored one, so that GET /api/screens serves it), names the version it
 * replaced, and is audited as a create of screen_versions. The caller holds the screens' locks.
 */
async function writeRelease(
  trx: Transaction<DB>,
  publisher: Publisher,
  release: { name: string; note: string; kind: 'release' | 'rollback'; rollsBack?: number },
  changes: Change[],
): Promise<number> {
  const { id } = await trx
    .insertInto('screen_releases')
    .values({
      name: release.name,
      note: release.note,
      kind: release.kind,
      rolls_back_release_id: release.rollsBack ?? null,
      published_by: publisher.identity.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const { state, definition, restores } of changes) {
    const version = state.highestVersion + 1;
    await trx
      .insertInto('screen_versions')
      .values({
        screen_id: state.id,
        version,
        definition: JSON.stringify({ ...definition, version }),
        published_by: publisher.identity.id,
        note: release.note,
        release_id: id,
        replaced_version: state.inForce.version,
        restores_version: restores ?? null,
      })
      .execute();
    await trx
      .insertInto('audit_logs')
      .values({
        ...actorOf(publisher.identity),
        tenant_id: null,
        action: 'create',
        resource: 'screen_versions',
        record_id: `${state.id}@${version}`,
        ...clientAddress(publisher.request),
        request_id: publisher.request.id,
      })
      .execute();
  }
  return id;
}

/** The problems of each change's definition, at `at(i)` in the request; a publication writes nothing while one remains. */
function checkChanges(changes: Change[], inputs: DefinitionCheckInputs, at: (i: number) => (string | number)[]): void {
  const problems = changes.flatMap((change, i) =>
    definitionProblems({ ...change.definition, version: change.state.highestVersion + 1 }, change.state.id, inputs).map((problem) => ({
      at: at(i),
      ...problem,
    })),
  );
  if (problems.length > 0) refuse(problems);
}

/**
 * Publishes the drafts of several screens as one named release, all or nothing. Each draft is named
 * with the revision the publisher reviewed, and must still be based on the version in force: when
 * another publication moved a screen on in between, this one is refused (409), never lost or merged.
 */
export async function publishRelease(
  trx: Transaction<DB>,
  catalog: ScreenCatalog,
  inputs: DefinitionCheckInputs,
  publisher: Publisher,
  body: { name: string; note?: string; screens: { id: string; revision: number }[] },
): Promise<number> {
  const ids = body.screens.map((screen) => screen.id);
  if (new Set(ids).size !== ids.length) throw invalid(['body', 'screens'], 'A screen may appear once in a release');
  await lockScreens(trx, ids);
  const states = new Map((await screenStates(trx, catalog, ids)).map((state) => [state.id, state]));
  const drafts = new Map((await trx.selectFrom('screen_drafts').selectAll().where('screen_id', 'in', ids).execute()).map((draft) => [draft.screen_id, draft]));
  const changes = body.screens.map(({ id, revision }): Change => {
    const state = states.get(id);
    if (!state) throw notFound(`Screen not found: ${id}`);
    const draft = drafts.get(id);
    if (!draft) throw conflict(`There is no draft of ${id} to publish: it was published or discarded since you opened it.`);
    if (draft.revision !== revision) {
      throw conflict(`The draft of ${id} changed since you reviewed it (revision ${draft.revision}, reviewed ${revision}). Review it again.`);
    }
    if (draft.base_version !== state.inForce.version) {
      throw conflict(
        `${id} changed since its draft was started: version ${state.inForce.version} is in force, the draft is based on version ${draft.base_version}. Start the draft again from the version in force.`,
      );
    }
    return { state, definition: draft.definition as StoredScreen };
  });
  checkChanges(changes, inputs, (i) => ['body', 'screens', i, 'definition']);
  const releaseId = await writeRelease(trx, publisher, { name: body.name, note: body.note ?? '', kind: 'release' }, changes);
  await trx.deleteFrom('screen_drafts').where('screen_id', 'in', ids).execute();
  return releaseId;
}

/**
 * Rolls a release back in one step: each of its screens gets, as a new version, the definition that
 * was in force before the release. Refused (409) when a screen has moved on since the release (roll
 * that back first, or roll the screen back on its own), and when the release was rolled back already.
 */
export async function rollbackRelease(
  trx: Transaction<DB>,
  catalog: ScreenCatalog,
  inputs: DefinitionCheckInputs,
  publisher: Publisher,
  releaseId: number,
  note: string,
): Promise<number> {
  const release = await trx.selectFrom('screen_releases').selectAll().where('id', '=', releaseId).executeTakeFirst();
  if (!release) throw notFound('Release not found');
  const versions = await trx
    .selectFrom('screen_versions')
    .select(['screen_id', 'version', 'replaced_version'])
    .where('release_id', '=', releaseId)
    .orderBy('screen_id')
    .execute();
  await lockScreens(
    trx,
    versions.map((row) => row.screen_id),
  );
  const undone = await trx.selectFrom('screen_releases').select('id').where('rolls_back_release_id', '=', releaseId).executeTakeFirst();
  if (undone) throw conflict(`This release was rolled back already (release ${undone.id}).`);
  const states = new Map(
    (
      await screenStates(
        trx,
        catalog,
        versions.map((row) => row.screen_id),
      )
    ).map((state) => [state.id, state]),
  );
  const changes: Change[] = [];
  for (const row of versions) {
    const state = states.get(row.screen_id);
    if (!state || state.inForce.version !== row.version) {
      throw conflict(
        `${row.screen_id} changed since this release: version ${state?.inForce.version ?? '?'} is in force, not the release's ${row.version}. Roll back the later change first.`,
      );
    }
    const before = row.replaced_version === null ? undefined : await versionDefinition(trx, state, row.replaced_version);
    if (!before) throw conflict(`The version of ${row.screen_id} that this release replaced (${String(row.replaced_version)}) is no longer available.`);
    changes.push({ state, definition: before.definition, restores: row.replaced_version ?? undefined });
  }
  checkChanges(changes, inputs, () => ['body']);
  return writeRelease(trx, publisher, { name: `Rollback of ${release.name}`.slice(0, 200), note, kind: 'rollback', rollsBack: releaseId }, changes);
}

/**
 * Publishes an earlier version of one screen (a stored one, or its file's) as a new version. The
 * caller names the version in force it saw (`base_version`): a publication in between refuses it.
 */
export async function rollbackScreen(
  trx: Transaction<DB>,
  catalog: ScreenCatalog,
  inputs: DefinitionCheckInputs,
  publisher: Publisher,
  id: string,
  body: { version: number; base_version: number; note?: string },
): Promise<number> {
  await lockScreens(trx, [id]);
  const [state] = await screenStates(trx, catalog, [id]);
  if (!state) throw notFound('Screen not found');
  if (state.inForce.version !== body.base_version) {
    throw conflict(`${id} changed since you opened it: version ${state.inForce.version} is in force, not ${body.base_version}.`);
  }
  if (body.version === state.inForce.version) throw invalid(['body', 'version'], `Version ${body.version} is the version in force`);
  const target = await versionDefinition(trx, state, body.version);
  if (!target) throw invalid(['body', 'version'], `${id} has no version ${body.version} to restore`);
  const changes = [{ state, definition: target.definition, restores: body.version }];
  checkChanges(changes, inputs, () => ['body']);
  return writeRelease(trx, publisher, { name: `Rollback of ${id} to version ${body.version}`, note: body.note ?? '', kind: 'rollback' }, changes);
}
