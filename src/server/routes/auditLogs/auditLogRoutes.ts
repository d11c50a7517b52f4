import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { verifyAuditChain } from '../../db/verifyAuditChain';
import { callerWithPermission } from '../../resources/caller';

/**
 * The audit trail's check (issue 12): GET /audit-logs/verify recomputes the hash chain and names the
 * first broken row. The rows themselves are the engine's (`/audit-logs`, read only).
 */
export const auditLogRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/audit-logs/verify', { schema: { tags: ['audit-logs'] } }, async (request) => {
    callerWithPermission(request, 'audit_logs.verify', { reach: 'all' });
    return verifyAuditChain(app.db);
  });
};
