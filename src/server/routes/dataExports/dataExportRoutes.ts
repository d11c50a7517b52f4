import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import * as s from '../../../../schemas/payloads/dataExports';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { DataExportJobs } from '../../services/dataExports/dataExportJobs';
import {
  exchangeDownloadToken,
  listDataExports,
  patientIdOfFilter,
  requestDataExport,
  revokeDataExport,
  validateDataExport,
} from '../../services/dataExports/dataExportRecords';

const tags = ['data exports'];
const errors = { 400: s.errorResponse, 403: s.errorResponse, 404: s.errorResponse, 409: s.errorResponse, 422: s.errorResponse };

/**
 * Patient data exports (README.md in this folder): the list, the request, the second person's
 * validation (which starts the archive's build in the background), the revocation, and the public
 * exchange of the mailed one-time download token for a signed link to the archive.
 */
export const dataExportRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('preValidation', parsePathIds);
  const jobs = new DataExportJobs(app);
  // Builds a stopped server left half-done start again: found while the server gets ready (one small
  // query, awaited, so that no query of this plugin runs after start unasked), built on later turns.
  app.addHook('onReady', async () => {
    await jobs.resume().catch((error: unknown) => app.log.error({ err: error }, 'resuming data export builds failed'));
  });
  app.addHook('onClose', async () => jobs.drain());

  app.get(
    '/data-exports',
    { onRequest: app.authenticate, schema: { tags, querystring: s.listQuery, response: { 200: s.dataExportListResponse, ...errors } } },
    async (request, reply) => {
      const caller = callerWithPermission(request, 'data_export.list');
      const patientId = patientIdOfFilter(request.query.filter);
      const skip = request.query.skip ?? 0;
      const { rows, total } = await listDataExports(app.db, caller, patientId, skip, request.query.limit ?? 5);
      const range = rows.length === 0 ? `data-exports */${String(total)}` : `data-exports ${String(skip)}-${String(skip + rows.length - 1)}/${String(total)}`;
      return reply.header('content-range', range).send(rows);
    },
  );

  app.post(
    '/data-exports',
    { onRequest: app.authenticate, schema: { tags, body: s.requestBody, response: { 201: s.dataExportResponse, ...errors } } },
    async (request, reply) => {
      const caller = callerWithPermission(request, 'patients.update');
      const created = await requestDataExport(app.db, request, caller, request.body.patient_id, request.body.consent_given);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/data-exports/validate',
    { onRequest: app.authenticate, schema: { tags, body: s.validateBody, response: { 200: s.dataExportResponse, ...errors } } },
    async (request) => {
      const caller = callerWithPermission(request, 'data_export.validate');
      const validated = await validateDataExport(app.db, request, caller, request.body.export_request_id);
      jobs.start(validated.id);
      return validated;
    },
  );

  app.delete(
    '/data-exports/:id',
    { onRequest: app.authenticate, schema: { tags, params: s.idParams, response: { 200: s.dataExportResponse, ...errors } } },
    (request) => revokeDataExport(app.db, request, callerWithPermission(request, 'data_export.delete'), request.params.id),
  );

  app.post(
    '/data-exports/exchange-download-token',
    { schema: { tags, security: [], body: s.exchangeBody, response: { 200: s.exchangeResponse, 400: s.errorResponse, 429: s.errorResponse } } },
    (request) => exchangeDownloadToken(app, request, request.body.token),
  );
};
