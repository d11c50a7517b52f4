import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { errorResponse, idParams, messageResponse } from '../../../../schemas/payloads/common';
import {
  emptyBody,
  roleItem,
  rolesQuery,
  tenantUserRoleBody,
  tenantUserRoleQuery,
  userLocationBody,
  userLocationQuery,
} from '../../../../schemas/payloads/users';
import { callerFor, callerWithPermission } from '../../resources/caller';
import { users } from '../../resources/definitions/users';
import { parsePathIds } from '../../resources/ids';
import { listRecords } from '../../resources/listRecords';
import { withTransaction } from '../../resources/transaction';
import {
  ACCESS_TEXTS,
  addTenantUserRole,
  addUserLocation,
  editedUser,
  internalUser,
  removeTenantUserRole,
  removeUserLocation,
  tenantUserRoles,
  userLocations,
} from './userAccess';
import { resetPassword, resetTwoFactor, rolesFor, sendEmailVerification, USER_ACTION_TEXTS } from './userActions';
import { sendAfterCommit } from './userMail';
import { userWriteRoutes } from './userWriteRoutes';

/**
 * The user calls of spec 002 section 7 "Users" beyond the engine's lists and reads (README.md):
 * create and update with their mails, roles, the admin actions, and an internal user's locations
 * and provider access. Reach, permissions and audit come from the resource engine.
 */
export const userRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  await app.register(userWriteRoutes);
  await app.register(userCallRoutes);
};

const userCallRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);
  const tags = ['users'];
  const answers = { 200: messageResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };

  app.get('/roles', { schema: { tags, querystring: rolesQuery, response: { 200: { type: 'array', items: roleItem } } } }, async (request, reply) => {
    const caller = callerFor(request, users, 'list');
    const roles = rolesFor(request.query.meta, caller.identity.is_internal);
    const span = roles.length ? `0-${roles.length - 1}` : '*';
    void reply.header('content-range', `roles ${span}/${roles.length}`).header('access-control-expose-headers', 'Content-Range');
    return roles;
  });

  app.post('/users/:id/reset-password', { schema: { tags, params: idParams, body: emptyBody, response: answers } }, async (request) => {
    const caller = callerFor(request, users, 'update');
    const mail = await withTransaction(app.db, (trx) => resetPassword(trx, request, caller, request.params.id, app.config.publicUrl), users);
    await sendAfterCommit(app.mailer, [mail], request.log);
    return { message: USER_ACTION_TEXTS.resetPassword };
  });

  // The three admin roles (spec 002 section 6), whatever else they may edit: the internal billing
  // admin reads users without updating them. The user is one the caller reads (users.read).
  app.post('/users/:id/reset-2fa', { schema: { tags, params: idParams, body: emptyBody, response: answers } }, async (request) => {
    const caller = callerFor(request, users, 'read');
    await withTransaction(app.db, (trx) => resetTwoFactor(trx, request, caller, request.params.id), users);
    return { message: USER_ACTION_TEXTS.reset2fa };
  });

  app.post('/users/:id/send-email-verification', { schema: { tags, params: idParams, body: emptyBody, response: answers } }, async (request) => {
    const caller = callerFor(request, users, 'update');
    const mail = await withTransaction(app.db, (trx) => sendEmailVerification(trx, request, caller, request.params.id, app.config.publicUrl), users);
    await sendAfterCommit(app.mailer, [mail], request.log);
    return { message: USER_ACTION_TEXTS.verificationSent };
  });

  // A user's locations (the Locations tab, shown to internal users): internal_users.update.
  app.get('/users/:id/locations', { schema: { tags, params: idParams } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'internal_users.update');
    await editedUser(app.db, caller, request.params.id);
    return listRecords(app, userLocations, request, reply, { ref: 't.user_id', id: request.params.id });
  });

  app.post('/users/:id/locations', { schema: { tags, params: idParams, body: userLocationBody } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'internal_users.update');
    const row = await withTransaction(app.db, (trx) => addUserLocation(trx, request, caller, request.params.id, request.body.location_id));
    if (!row) return reply.code(409).send({ detail: ACCESS_TEXTS.locationAlreadyAdded, message: ACCESS_TEXTS.locationAlreadyAdded });
    return reply.code(201).send(row);
  });

  app.delete('/users/:id/locations', { schema: { tags, params: idParams, querystring: userLocationQuery, response: answers } }, async (request) => {
    const caller = callerWithPermission(request, 'internal_users.update');
    await withTransaction(app.db, (trx) => removeUserLocation(trx, request, caller, request.params.id, request.query.location_id));
    return { message: ACCESS_TEXTS.locationRemoved };
  });

  // An internal user's provider access (the Roles tab, tenant_scoped): internal_users.update.
  app.get('/users/:id/tenant-user-roles', { schema: { tags, params: idParams } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'internal_users.update');
    await internalUser(app.db, caller, request.params.id);
    return listRecords(app, tenantUserRoles, request, reply, { ref: 't.user_id', id: request.params.id });
  });

  app.post('/users/:id/tenant-user-roles', { schema: { tags, params: idParams, body: tenantUserRoleBody } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'internal_users.update');
    const row = await withTransaction(app.db, (trx) => addTenantUserRole(trx, request, caller, request.params.id, request.body));
    if (!row) return reply.code(409).send({ detail: ACCESS_TEXTS.roleAlreadyAdded, message: ACCESS_TEXTS.roleAlreadyAdded });
    return reply.code(201).send(row);
  });

  app.delete('/users/:id/tenant-user-roles', { schema: { tags, params: idParams, querystring: tenantUserRoleQuery, response: answers } }, async (request) => {
    const caller = callerWithPermission(request, 'internal_users.update');
    await withTransaction(app.db, (trx) => removeTenantUserRole(trx, request, caller, request.params.id, request.query.tenant_id));
    return { message: ACCESS_TEXTS.roleRemoved };
  });
};
