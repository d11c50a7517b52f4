import type { FastifyInstance } from 'fastify';
import { assignToProviderSchema, type AssignToProvider } from '../../../../schemas/payloads/assignToProvider';
import { patients } from '../../resources/definitions';
import { inTransaction } from '../../resources/recordHandlers';
import { assignToProvider } from './assignToProvider';

/**
 * The patient record's calls that the engine does not serve (README.md in this folder): PUT users
 * {ids, data: {tenant_id}}, the All Patients list's Assign to Provider. The record's lists (tasks,
 * voice calls, clinical activity instances) are engine resources; shared devices are device routes.
 */
export async function patientRecordRoutes(app: FastifyInstance) {
  app.put('/users', { onRequest: app.authenticate, schema: { tags: ['users'], body: assignToProviderSchema } }, (request) =>
    inTransaction(app.db, patients, (trx) => assignToProvider(trx, request, request.body as AssignToProvider)),
  );
}
