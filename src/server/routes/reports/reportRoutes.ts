import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import * as s from '../../../../schemas/payloads/reports';
import { callerFor, callerWithPermission } from '../../resources/caller';
import { reports } from '../../resources/definitions/reports';
import { parsePathIds } from '../../resources/ids';
import { withTransaction } from '../../resources/transaction';
import { exportReport, linkedReportPdf, reportLink } from '../../services/reports/exportReport';
import { generateReport } from '../../services/reports/generateReport';

const tags = ['reports'];

/**
 * Reports beyond the engine's list and read (README.md in this folder): POST reports generates one
 * (reports.create), GET reports/{id}/export answers its PDF as an attachment and GET
 * reports/{id}/signed-link a 5-minute link for the PDF viewer (reports.read, a report the caller
 * reaches, else 404); GET reports/{id}/pdf is the PDF behind such a link, without the session.
 */
export const reportRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('preValidation', parsePathIds);

  app.post('/reports', { onRequest: app.authenticate, schema: { tags, body: s.reportCreateBody } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'reports.create');
    const report = await withTransaction(app.db, (trx) => generateReport(trx, request, caller, request.body), reports);
    return reply.code(201).send(report);
  });

  app.get('/reports/:id/export', { onRequest: app.authenticate, schema: { tags, params: s.reportIdParams } }, async (request, reply) => {
    const file = await exportReport(app.db, request, callerFor(request, reports, 'read'), request.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('access-control-expose-headers', 'Content-Disposition')
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });

  app.get(
    '/reports/:id/signed-link',
    { onRequest: app.authenticate, schema: { tags, params: s.reportIdParams, response: { 200: s.reportLinkResponse } } },
    (request) => reportLink(app, callerFor(request, reports, 'read'), request.params.id),
  );

  app.get('/reports/:id/pdf', { schema: { tags, params: s.reportIdParams, querystring: s.reportLinkQuery, security: [] } }, async (request, reply) => {
    const file = await linkedReportPdf(app, request, { id: request.params.id, ...request.query });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
};
