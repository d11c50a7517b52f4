import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import {
  checkBody,
  draftBody,
  draftRevision,
  releaseBody,
  releaseIdParams,
  releaseRollbackBody,
  screenIdParams,
  screenRollbackBody,
  screenVersionParams,
} from '../../../../schemas/payloads/screenStudio';
import { apiContract } from '../../../console/renderer/validation/contractChecks';
import { notFound } from '../../errors';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { loadScreenCatalog, type StoredScreen } from '../../screens/screenCatalog';
import { definitionCheck, definitionProblems, loadCheckRegistries, type DefinitionCheckInputs } from '../../services/screenStudio/definitionChecks';
import { discardDraft, readDrafts, saveDraft, submitDraft, type DraftRow } from '../../services/screenStudio/drafts';
import { publishRelease, rollbackRelease, rollbackScreen, type Publisher } from '../../services/screenStudio/publish';
import { listReleases } from '../../services/screenStudio/releases';
import { screenState, screenStates, versionDefinition, type ScreenState } from '../../services/screenStudio/screenStates';

const tags = ['screen-studio'];

/** The texts of a definition the list shows: its route, kind and title as written. */
const describe = (definition: StoredScreen) => ({
  route: typeof definition.route === 'string' ? definition.route : null,
  kind: typeof definition.kind === 'string' ? definition.kind : null,
  title: typeof definition.title === 'string' ? definition.title : null,
});

/** A screen as the studio's list shows it. */
function listItem(state: ScreenState, draft: DraftRow | undefined) {
  return {
    id: state.id,
    ...describe(state.inForce.definition),
    version: state.inForce.version,
    source: state.inForce.source,
    published_version: state.published?.version ?? null,
    published_at: state.published?.published_at ?? null,
    published_by_name: state.published?.published_by_name ?? null,
    file_version: state.file?.version ?? null,
    // A published version older than the file is not served: the file (a deploy) has overtaken it.
    file_newer: Boolean(state.published && state.file && state.file.version > state.published.version),
    has_draft: draft !== undefined,
    draft_revision: draft?.revision ?? null,
    draft_updated_at: draft?.updated_at ?? null,
    draft_updated_by_name: draft?.updated_by_name ?? null,
    draft_submitted_at: draft?.submitted_at ?? null,
    draft_stale: draft !== undefined && draft.base_version !== state.inForce.version,
  };
}

/**
 * Screen Studio (issue 21; README.md beside this file): every screen with its versions, its draft,
 * the checks, and the publications (releases and rollbacks). Reading and editing drafts needs
 * screens.edit; publishing and rolling back screens.publish. Every publication is audited.
 */
export const screenStudioRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  const catalog = loadScreenCatalog();
  const registries = loadCheckRegistries();
  let inputs: DefinitionCheckInputs | undefined;
  // The server's own routes are known once it is ready; read on first use.
  const checkInputs = (): DefinitionCheckInputs => (inputs ??= { registries, fragments: catalog.fragments, api: apiContract(app.swagger()) });
  const editor = (request: FastifyRequest) => callerWithPermission(request, 'screens.edit');
  const publisher = (request: FastifyRequest): Publisher => ({ request, identity: callerWithPermission(request, 'screens.publish').identity });

  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/screen-studio/screens', { schema: { tags } }, async (request) => {
    editor(request);
    const [states, drafts] = await Promise.all([screenStates(app.db, catalog), readDrafts(app.db)]);
    const draftOf = new Map(drafts.map((draft) => [draft.screen_id, draft]));
    return states.map((state) => listItem(state, draftOf.get(state.id)));
  });

  app.get('/screen-studio/screens/:id', { schema: { tags, params: screenIdParams } }, async (request) => {
    editor(request);
    const state = await screenState(app.db, catalog, request.params.id);
    const [draft] = await readDrafts(app.db, [state.id]);
    return {
      ...listItem(state, draft),
      definition: state.inForce.definition,
      draft: draft ? { ...draft, problems: definitionProblems(draft.definition, state.id, checkInputs()) } : null,
      versions: state.versions.map((version) => ({ ...version, in_force: state.inForce.source === 'published' && version.version === state.inForce.version })),
    };
  });

  app.get('/screen-studio/screens/:id/versions/:version', { schema: { tags, params: screenVersionParams } }, async (request) => {
    editor(request);
    const state = await screenState(app.db, catalog, request.params.id);
    const found = await versionDefinition(app.db, state, request.params.version);
    if (!found) throw notFound('Version not found');
    return { id: state.id, version: request.params.version, ...found };
  });

  app.put('/screen-studio/screens/:id/draft', { schema: { tags, params: screenIdParams, body: draftBody } }, async (request) => {
    const { identity } = editor(request);
    const { id } = request.params;
    await withTransaction(app.db, (trx) =>
      saveDraft(trx, catalog, { id, definition: request.body.definition, revision: request.body.revision, userId: identity.id }),
    );
    const [draft] = await readDrafts(app.db, [id]);
    return { ...draft, problems: definitionProblems(draft?.definition, id, checkInputs()) };
  });

  app.delete('/screen-studio/screens/:id/draft', { schema: { tags, params: screenIdParams, querystring: draftRevision } }, async (request, reply) => {
    editor(request);
    await withTransaction(app.db, (trx) => discardDraft(trx, request.params.id, request.query.revision));
    return reply.code(204).send();
  });

  app.post('/screen-studio/screens/:id/draft/submit', { schema: { tags, params: screenIdParams, body: draftRevision } }, async (request) => {
    const { identity } = editor(request);
    await withTransaction(app.db, (trx) => submitDraft(trx, request.params.id, request.body.revision, identity.id));
    const [draft] = await readDrafts(app.db, [request.params.id]);
    return draft;
  });

  // The providers a preview may read as (a provider role needs one): every provider, by name.
  app.get('/screen-studio/tenants', { schema: { tags } }, async (request) => {
    editor(request);
    return app.db.selectFrom('tenants').select(['id', 'name']).orderBy('name').orderBy('id').execute();
  });

  app.post('/screen-studio/check', { schema: { tags, body: checkBody } }, async (request) => {
    editor(request);
    return definitionCheck(request.body.definition, request.body.id, checkInputs());
  });

  app.get('/screen-studio/releases', { schema: { tags } }, async (request) => {
    editor(request);
    return listReleases(app.db);
  });

  app.post('/screen-studio/releases', { schema: { tags, body: releaseBody } }, async (request, reply) => {
    const who = publisher(request);
    const id = await withTransaction(app.db, (trx) => publishRelease(trx, catalog, checkInputs(), who, request.body));
    return reply.code(201).send({ id });
  });

  app.post('/screen-studio/releases/:id/rollback', { schema: { tags, params: releaseIdParams, body: releaseRollbackBody } }, async (request, reply) => {
    const who = publisher(request);
    const id = await withTransaction(app.db, (trx) => rollbackRelease(trx, catalog, checkInputs(), who, request.params.id, request.body.note ?? ''));
    return reply.code(201).send({ id });
  });

  app.post('/screen-studio/screens/:id/rollback', { schema: { tags, params: screenIdParams, body: screenRollbackBody } }, async (request, reply) => {
    const who = publisher(request);
    const id = await withTransaction(app.db, (trx) => rollbackScreen(trx, catalog, checkInputs(), who, request.params.id, request.body));
    return reply.code(201).send({ id });
  });
};
