import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';

/** clinical-activities/available and the runs' actions (spec 001 section 7; 002 section 7 "Clinical activity instances"). */
export const instanceRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  app.addHook('onRequest', app.authenticate);
};
