import type { FastifyInstance } from 'fastify';
import { patients, RESOURCES } from './definitions';
import { serveResource } from './engine';

/** The generic resource engine under /api: see README.md in this folder. */
export async function resourceRoutes(app: FastifyInstance) {
  for (const resource of RESOURCES) serveResource(app, resource, patients);
}
