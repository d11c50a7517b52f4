import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { assignToProviderSchema } from '../../../../schemas/payloads/assignToProvider';
import { patients } from '../../resources/definitions';
import { withTransaction } from '../../resources/transaction';
import { assignToProvider } from '../../services/assignToProvider';

/**
 * The patient record's calls that the engine does not serve (README.md in this folder): PUT users
 * {ids, data: {tenant_id}}, the All Patients list's Assign to Provider. The record's lists (tasks,
 * voice calls, clinical activity instances) are engine resources; shared devices are device routes.
 */
export const patientRecordRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.put('/users', { schema: { tags: ['users'], body: assignToProviderSchema } }, (request) =>
    withTransaction(app.db, (trx) => assignToProvider(trx, request, request.body), patients),
  );
};
