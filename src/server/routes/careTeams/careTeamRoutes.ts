import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { idParams } from '../../../../schemas/payloads/common';
import { notFound } from '../../errors';
import { callerFor } from '../../resources/caller';
import { careTeamMembers, users } from '../../resources/definitions';
import { parsePathIds } from '../../resources/ids';
import { listRecords } from '../../resources/listRecords';
import { findRecord } from '../../resources/recordQuery';

/**
 * GET users/{id}/care-teams (spec 001 section 7): the care team memberships of one staff member,
 * as the care-teams list (same filters, sorts and paging). The user must be one the caller may
 * read (404 otherwise), and the rows are only those the caller's care_teams.list reaches. The
 * patient-scoped paths are the engine's (`/patients/{id}/care-teams`, nestedWrites).
 */
export const careTeamRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/users/:id/care-teams', { schema: { tags: ['care-teams'], params: idParams } }, async (request, reply) => {
    const userId = request.params.id;
    if (!(await findRecord(app.db, users, callerFor(request, users, 'read').access, userId))) throw notFound();
    return listRecords(app, careTeamMembers, request, reply, { ref: 't.practitioner_id', id: userId });
  });
};
