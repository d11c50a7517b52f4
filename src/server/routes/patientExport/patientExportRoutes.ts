import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import * as s from '../../../../schemas/payloads/patientExport';
import { callerWithPermission } from '../../resources/caller';
import { parsePathIds } from '../../resources/ids';
import { exportPatientMonth } from '../../services/patientExport/patientExport';

/**
 * GET /patients/:patient_id/export?start_date=yyyy-mm-01 (spec 001 section 7; README.md in this
 * folder): the patient's monthly report as a PDF attachment, for patients.queue (the clinical
 * route's), on a patient the caller reaches (else 404), audited for the patient.
 */
export const patientExportRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('preValidation', parsePathIds);

  app.get(
    '/patients/:patient_id/export',
    { schema: { tags: ['clinical record'], params: s.patientExportParams, querystring: s.patientExportQuery } },
    async (request, reply) => {
      const caller = callerWithPermission(request, 'patients.queue');
      const { pdf, filename } = await exportPatientMonth(app.db, request, caller, request.params.patient_id, request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('access-control-expose-headers', 'Content-Disposition')
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
