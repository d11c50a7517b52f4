import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { instanceRoutes } from './instanceRoutes';
import { templateRoutes } from './templateRoutes';

/** Clinical activities (issue 23): the template builders' calls and the runs' (README.md). */
export const clinicalActivityRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  await app.register(templateRoutes);
  await app.register(instanceRoutes);
};
