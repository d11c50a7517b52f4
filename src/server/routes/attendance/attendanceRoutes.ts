import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { attendancePlaces, checkInBody, checkOutBody } from '../../../../schemas/payloads/attendance';
import { idParams } from '../../../../schemas/payloads/common';
import { callerFor, callerWithPermission } from '../../resources/caller';
import { attendances } from '../../resources/definitions/attendances';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { attendancePlaces as placesOf } from '../../services/attendance/places';
import { checkIn, checkOut } from '../../services/attendance/checkInOut';

/**
 * Checking in and out (spec 001 section 7 "Staff attendance") and where a record happened (README.md).
 * The list, the record and the editors' writes are the engine's (definitions/attendances.ts);
 * GET attendances/ongoing is the session's (routes/session.ts).
 */
export const attendanceRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.post('/attendances/check-in', { schema: { tags: ['attendances'], body: checkInBody } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'attendances.use');
    const record = await withTransaction(app.db, (trx) => checkIn(trx, request, caller, request.body), attendances);
    return reply.code(201).send(record);
  });

  app.post('/attendances/check-out', { schema: { tags: ['attendances'], body: checkOutBody } }, async (request) => {
    const caller = callerWithPermission(request, 'attendances.use');
    return withTransaction(app.db, (trx) => checkOut(trx, request, caller, request.body ?? undefined), attendances);
  });

  app.get('/attendances/:id/places', { schema: { tags: ['attendances'], params: idParams, response: { 200: attendancePlaces } } }, async (request) => {
    const caller = callerFor(request, attendances, 'read');
    return placesOf(app.db, app.geolocation, caller.access, request.params.id);
  });
};
