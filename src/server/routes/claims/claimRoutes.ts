import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { claimBulkUpdateBody, claimExportQuery } from '../../../../schemas/payloads/claims';
import { callerFor } from '../../resources/caller';
import { claimItems } from '../../resources/definitions/claimItems';
import { withTransaction } from '../../resources/transaction';
import { exportClaims } from '../../services/claims/claimExport';
import { markClaimsSubmitted } from '../../services/claims/markClaimsSubmitted';
import { icd10Routes } from './icd10Routes';

/**
 * The claim calls beyond the engine's CRUD (spec 002 section 7 "Claims"): Bulk Mark Submitted
 * (`PUT /claim-items {ids, data: {submitted}}`, the console's updateMany), the export as a CSV or
 * PDF attachment, and the ICD-10 search (icd10Routes.ts). See README.md.
 */
export const claimRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.put('/claim-items', { schema: { tags: ['claim-items'], body: claimBulkUpdateBody } }, async (request) => {
    const caller = callerFor(request, claimItems, 'update');
    const { ids, data } = request.body;
    return withTransaction(app.db, (trx) => markClaimsSubmitted(trx, request, caller, ids, data.submitted), claimItems);
  });

  app.get('/claim-items/export', { schema: { tags: ['claim-items'], querystring: claimExportQuery } }, async (request, reply) => {
    const caller = callerFor(request, claimItems, 'list');
    const file = await exportClaims(app.db, request, caller, request.query);
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('access-control-expose-headers', 'Content-Disposition')
      .send(file.body);
  });

  await app.register(icd10Routes);
};
