import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { idParams } from '../../../../schemas/payloads/common';
import type { DB } from '../../db/schema';
import { notFound } from '../../errors';
import { BODY_LIMITS } from '../../plugins/requestBounds';
import { auditTenantRecord } from '../../resources/audit';
import { callerFor, type Caller } from '../../resources/caller';
import type { Values } from '../../resources/defineResource';
import { emailChanged, users } from '../../resources/definitions/users';
import { parsePathIds } from '../../resources/ids';
import { prepareWrite } from '../../resources/prepareWrite';
import { findRecord } from '../../resources/recordQuery';
import { withTransaction } from '../../resources/transaction';
import { withoutReadOnly, writeSchemaOf, type WriteMode } from '../../resources/writeSchema';
import type { OutgoingMail } from '../../services/mailer';
import { resetMailFor, sendAfterCommit, verificationMailFor } from './userMail';

/**
 * POST users, PUT and PATCH users/{id}: the engine's create and update (prepareWrite with the
 * resource's rules, the store, the record as the caller reads it) plus what a user write sends
 * once committed: a verification code on a create and on an e-mail change, and the set-password
 * link for an internal user created with send_email_invite (README.md).
 */
export const userWriteRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  const body = (mode: WriteMode) => writeSchemaOf(users.schema, mode, mode === 'create' ? ['tenant_id'] : ['tenant_id', ...users.optionalOnUpdate]);
  // The internal-user create sends is_internal: true; the role decides it whatever it says.
  const createBody = (() => {
    const schema = body('create');
    return { ...schema, properties: { ...schema.properties, is_internal: { type: 'boolean' } } };
  })();
  const tags = ['users'];

  app.post('/users', { bodyLimit: BODY_LIMITS.record, schema: { tags, body: createBody } }, async (request, reply) => {
    const caller = callerFor(request, users, 'create');
    const { is_internal: _ignored, ...values } = request.body as Values;
    const { record, mails } = await withTransaction(app.db, (trx) => createUser(trx, request, caller, values, app.config.publicUrl), users);
    await sendAfterCommit(app.mailer, mails, request.log);
    return reply.code(201).send(record);
  });

  const update = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const caller = callerFor(request, users, 'update');
    const values = withoutReadOnly(users.schema, request.body as Values);
    const { record, mails } = await withTransaction(app.db, (trx) => updateUser(trx, request, caller, request.params.id, values, app.config.publicUrl), users);
    await sendAfterCommit(app.mailer, mails, request.log);
    return record;
  };
  app.put('/users/:id', { bodyLimit: BODY_LIMITS.record, schema: { tags, params: idParams, body: body('replace') } }, update);
  app.patch('/users/:id', { bodyLimit: BODY_LIMITS.record, schema: { tags, params: idParams, body: body('patch') } }, update);
};

type Written = { record: Values; mails: OutgoingMail[] };

const noOtherRows = async () => {};

async function createUser(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, values: Values, publicUrl: string): Promise<Written> {
  const prepared = await prepareWrite({ trx, resource: users, caller, values, existing: null, audit: noOtherRows });
  const id = await users.store.insert(trx, prepared);
  const record = (await findRecord(trx, users, caller.access, id)) as Values;
  await auditTenantRecord(trx, {
    request,
    identity: caller.identity,
    resource: 'users',
    action: 'create',
    tenantId: record.tenant_id as number | null,
    recordId: String(id),
  });
  const account = { id, email: record.email as string };
  const mails = [await verificationMailFor(trx, publicUrl, account)];
  if (values.send_email_invite === true && record.is_internal === true) mails.push(await resetMailFor(trx, publicUrl, account));
  return { record, mails };
}

async function updateUser(trx: Transaction<DB>, request: FastifyRequest, caller: Caller, id: number, values: Values, publicUrl: string): Promise<Written> {
  const existing = await findRecord(trx, users, caller.access, id);
  if (!existing) throw notFound();
  const prepared = await prepareWrite({ trx, resource: users, caller, values, existing, audit: noOtherRows });
  await users.store.update(trx, id, prepared);
  const record = (await findRecord(trx, users, caller.access, id)) as Values;
  await auditTenantRecord(trx, {
    request,
    identity: caller.identity,
    resource: 'users',
    action: 'update',
    tenantId: record.tenant_id as number | null,
    recordId: String(id),
  });
  const mails = emailChanged(existing, record) ? [await verificationMailFor(trx, publicUrl, { id, email: record.email as string })] : [];
  return { record, mails };
}
