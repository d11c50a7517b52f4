import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors';
import { callerFor } from '../../resources/caller';
import { careTeamMembers, users } from '../../resources/definitions';
import { parseId } from '../../resources/ids';
import { listRecords } from '../../resources/listRecords';
import { findRecord } from '../../resources/recordQuery';

/**
 * GET users/{id}/care-teams (spec 001 section 7): the care team memberships of one staff member,
 * as the care-teams list (same filters, sorts and paging). The user must be one the caller may
 * read (404 otherwise), and the rows are only those the caller's care_teams.list reaches. The
 * patient-scoped paths are the engine's (`/patients/{id}/care-teams`, nestedWrites).
 */
export async function careTeamRoutes(app: FastifyInstance) {
  app.get('/users/:id/care-teams', { onRequest: app.authenticate, schema: { tags: ['care-teams'] } }, async (request, reply) => {
    const userId = parseId((request.params as { id: string }).id, 'id');
    if (!(await findRecord(app.db, users, callerFor(request, users, 'read').access, userId))) throw notFound();
    return listRecords(app, careTeamMembers, request, reply, { ref: 't.practitioner_id', id: userId });
  });
}
