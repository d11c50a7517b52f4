import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stop taking new requests (503), let in-flight ones finish, then close the server and the database. */
    shutdown: () => Promise<void>;
  }
}

export const shutdownPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      return reply.code(503).header('connection', 'close').header('retry-after', '5').send({ detail: 'Server is shutting down' });
    }
  });
  app.decorate('shutdown', async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await app.database.close();
  });
});
