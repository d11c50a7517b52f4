import type { FastifyPluginAsyncJsonSchemaToTs } from '@fastify/type-provider-json-schema-to-ts';
import { deviceActionRoute } from './deviceActionRoute';
import { deviceBulkRoutes } from './deviceBulkRoutes';
import { deviceCreateRoute } from './deviceCreateRoute';
import { deviceFeesRoute } from './deviceFeesRoute';
import { sharedDeviceRoutes } from './sharedDeviceRoutes';

/** The device calls the engine does not serve: creation, actions, bulk calls, fees, shared devices (README.md in this folder). */
export const deviceRoutes: FastifyPluginAsyncJsonSchemaToTs = async (app) => {
  await app.register(deviceCreateRoute);
  await app.register(deviceActionRoute);
  await app.register(deviceBulkRoutes);
  await app.register(deviceFeesRoute);
  await app.register(sharedDeviceRoutes);
};
