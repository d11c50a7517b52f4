import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  activityTemplateCreateBody,
  activityTemplateUpdateBody,
  previewNotesBody,
  stepTemplateCreateBody,
  stepTemplateUpdateBody,
} from '../../../../schemas/payloads/clinicalActivityTemplates';
import { idParams } from '../../../../schemas/payloads/common';
import type { ActivityData } from '../../../domain/clinicalActivities';
import { scopeOf, type PermissionKey } from '../../../domain/permissions';
import { forbidden } from '../../errors';
import { identityOf } from '../../plugins/identity';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import {
  listActivityTemplates,
  listStepTemplates,
  listTriggerCues,
  previewTemplateNotes,
  readActivityTemplate,
  readStepTemplate,
  type ListPage,
  type TemplateReader,
} from '../../services/clinicalActivities/templateLists';
import {
  cloneActivityTemplate,
  cloneStepTemplate,
  createActivityTemplate,
  createStepTemplate,
  deleteActivityTemplate,
  deleteStepTemplate,
  promoteActivityTemplate,
  promoteStepTemplate,
  updateActivityTemplate,
  updateStepTemplate,
  type TemplateWriter,
} from '../../services/clinicalActivities/templates';

const activityTags = ['activity-templates'];
const stepTags = ['step-templates'];

/** A page as the resource engine answers it: the records, and `Content-Range: {name} 0-9/123` (the console's data provider reads the total there). */
function sendPage<R>(reply: FastifyReply, name: string, { records, total, skip }: ListPage<R>) {
  const span = records.length ? `${skip}-${skip + records.length - 1}` : '*';
  return reply.header('content-range', `${name} ${span}/${total}`).header('access-control-expose-headers', 'Content-Range').send(records);
}

/**
 * The caller of a template write. Templates are the operator's and every provider runs them, so a
 * builder's key must reach every tenant (`all`; only the operator's admins hold these keys).
 */
const writer = (request: FastifyRequest, key: PermissionKey): TemplateWriter => ({ request, caller: callerWithPermission(request, key, { reach: 'all' }) });

/** Who reads one template: a builder any version, a clinician who runs activities published ones only (else 403). */
function readerOf(request: FastifyRequest): TemplateReader {
  const { role } = identityOf(request);
  if (scopeOf(role, 'clinical_activity_templates.list')) return 'builder';
  if (scopeOf(role, 'clinical_activities.list')) return 'runner';
  throw forbidden();
}

/**
 * activity-templates and step-templates (spec 002 section 7 "Templates"; README.md beside this
 * file): the builders' lists, reads and versioned writes, preview-notes and the trigger cues.
 * `activity-templates/trigger-cues` is a static path, which Fastify's router matches before the
 * parametric `activity-templates/:id`, whatever the order of registration.
 */
export const templateRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  // ---- activity-templates
  app.get('/activity-templates', { schema: { tags: activityTags } }, async (request, reply) => {
    callerWithPermission(request, 'clinical_activity_templates.list');
    return sendPage(reply, 'activity-templates', await listActivityTemplates(app.db, request));
  });

  app.get('/activity-templates/trigger-cues', { schema: { tags: activityTags } }, (request, reply) => {
    callerWithPermission(request, 'clinical_activity_templates.list');
    return sendPage(reply, 'trigger-cues', listTriggerCues(request));
  });

  app.get('/activity-templates/:id', { schema: { tags: activityTags, params: idParams } }, (request) =>
    readActivityTemplate(app.db, readerOf(request), request.params.id),
  );

  app.post('/activity-templates', { schema: { tags: activityTags, body: activityTemplateCreateBody } }, async (request, reply) => {
    const by = writer(request, 'clinical_activity_templates.create');
    return reply.code(201).send(await withTransaction(app.db, (trx) => createActivityTemplate(trx, by, request.body)));
  });

  app.put('/activity-templates/:id', { schema: { tags: activityTags, params: idParams, body: activityTemplateUpdateBody } }, (request) => {
    const by = writer(request, 'clinical_activity_templates.update');
    return withTransaction(app.db, (trx) => updateActivityTemplate(trx, by, request.params.id, request.body));
  });

  app.delete('/activity-templates/:id', { schema: { tags: activityTags, params: idParams } }, (request) => {
    const by = writer(request, 'clinical_activity_templates.delete');
    return withTransaction(app.db, (trx) => deleteActivityTemplate(trx, by, request.params.id));
  });

  app.post('/activity-templates/:id/clone', { schema: { tags: activityTags, params: idParams } }, async (request, reply) => {
    const by = writer(request, 'clinical_activity_templates.create');
    return reply.code(201).send(await withTransaction(app.db, (trx) => cloneActivityTemplate(trx, by, request.params.id)));
  });

  app.post('/activity-templates/:id/promote', { schema: { tags: activityTags, params: idParams } }, (request) => {
    const by = writer(request, 'clinical_activity_templates.update');
    return withTransaction(app.db, (trx) => promoteActivityTemplate(trx, by, request.params.id));
  });

  app.post('/activity-templates/:id/preview-notes', { schema: { tags: activityTags, params: idParams, body: previewNotesBody } }, async (request) => {
    callerWithPermission(request, 'clinical_activity_templates.list');
    return { data: await previewTemplateNotes(app.db, request.params.id, request.body.data_json as Partial<ActivityData>) };
  });

  // ---- step-templates
  app.get('/step-templates', { schema: { tags: stepTags } }, async (request, reply) => {
    callerWithPermission(request, 'clinical_activity_templates.list');
    return sendPage(reply, 'step-templates', await listStepTemplates(app.db, request));
  });

  app.get('/step-templates/:id', { schema: { tags: stepTags, params: idParams } }, (request) => readStepTemplate(app.db, readerOf(request), request.params.id));

  app.post('/step-templates', { schema: { tags: stepTags, body: stepTemplateCreateBody } }, async (request, reply) => {
    const by = writer(request, 'clinical_activity_templates.create');
    return reply.code(201).send(await withTransaction(app.db, (trx) => createStepTemplate(trx, by, request.body)));
  });

  app.put('/step-templates/:id', { schema: { tags: stepTags, params: idParams, body: stepTemplateUpdateBody } }, (request) => {
    const by = writer(request, 'clinical_activity_templates.update');
    return withTransaction(app.db, (trx) => updateStepTemplate(trx, by, request.params.id, request.body));
  });

  app.delete('/step-templates/:id', { schema: { tags: stepTags, params: idParams } }, (request) => {
    const by = writer(request, 'clinical_activity_templates.delete');
    return withTransaction(app.db, (trx) => deleteStepTemplate(trx, by, request.params.id));
  });

  app.post('/step-templates/:id/clone', { schema: { tags: stepTags, params: idParams } }, async (request, reply) => {
    const by = writer(request, 'clinical_activity_templates.create');
    return reply.code(201).send(await withTransaction(app.db, (trx) => cloneStepTemplate(trx, by, request.params.id)));
  });

  app.post('/step-templates/:id/promote', { schema: { tags: stepTags, params: idParams } }, (request) => {
    const by = writer(request, 'clinical_activity_templates.update');
    return withTransaction(app.db, (trx) => promoteStepTemplate(trx, by, request.params.id));
  });
};
