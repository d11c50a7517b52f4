import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { metricsQuery, userMetricsParams, userMetricsQuery } from '../../../../schemas/payloads/metrics';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { metricsChart } from '../../services/metrics/metricsChart';
import { metricsTenant } from '../../services/metrics/metricsTenant';
import { readUserMetrics } from '../../services/metrics/readUserMetrics';

/**
 * The metrics calls (spec 001 section 7, spec 002 section 7; README.md in this folder):
 * GET metrics/user (a user's own figures, by identity id in the query or the path) and
 * GET metrics?id=... (a provider's figures and charts, for metrics.provider).
 */
export const metricsRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get('/metrics/user', { schema: { tags: ['metrics'], querystring: userMetricsQuery } }, (request) => readUserMetrics(app.db, request, request.query.id));
  app.get('/metrics/user/:id', { schema: { tags: ['metrics'], params: userMetricsParams } }, (request) => readUserMetrics(app.db, request, request.params.id));

  app.get('/metrics', { schema: { tags: ['metrics'], querystring: metricsQuery } }, async (request) => {
    const caller = callerWithPermission(request, 'metrics.provider');
    const tenant = await metricsTenant(app.db, caller, request.query.tenant_id);
    return metricsChart(app.db, tenant, { ...request.query, months: request.query.months ?? 6, freq: request.query.freq ?? 'week' });
  });
};
