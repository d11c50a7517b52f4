import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { exportOnboardingQuery } from '../../../../schemas/payloads/enrollmentExport';
import { callerWithPermission } from '../../resources/caller';
import { exportOnboarding } from '../../services/enrollmentExport/exportOnboarding';

/**
 * The queues' bespoke route: GET /patients/export-onboarding, the enrollment export as a PDF
 * attachment (needs patients.export_onboarding). The queues themselves are patients lists (resource engine).
 */
export const patientQueueRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/patients/export-onboarding', { schema: { tags: ['patients'], querystring: exportOnboardingQuery } }, async (request, reply) => {
    const caller = callerWithPermission(request, 'patients.export_onboarding');
    const { pdf, filename } = await exportOnboarding(app.db, request, caller, request.query);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('access-control-expose-headers', 'Content-Disposition')
      .send(pdf);
  });
};
