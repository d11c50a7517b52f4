import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Drain, then stop: new requests get 503 (so a load balancer moves on) while in-flight ones
     * finish; after at least `drainMs` and once nothing is in flight (or `maxWaitMs` passed),
     * the server and then the database close.
     */
    shutdown: (options?: { drainMs?: number; maxWaitMs?: number }) => Promise<void>;
  }
}

export const shutdownPlugin = fp(async (app: FastifyInstance) => {
  let closing: Promise<void> | undefined;
  let inFlight = 0;
  let settled: (() => void) | undefined;

  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      return reply.code(503).header('connection', 'close').header('retry-after', '5').send({ detail: 'Server is shutting down' });
    }
    inFlight++;
  });
  const done = async () => {
    inFlight = Math.max(0, inFlight - 1);
    if (inFlight === 0) settled?.();
  };
  app.addHook('onResponse', async (_request, reply) => {
    if (reply.statusCode !== 503 || !closing) await done();
  });
  app.addHook('onRequestAbort', async (_request) => done());

  app.decorate('shutdown', (options: { drainMs?: number; maxWaitMs?: number } = {}) => {
    closing ??= (async () => {
      const idle = inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => (settled = resolve));
      await Promise.all([Promise.race([idle, sleep(options.maxWaitMs ?? 25_000)]), sleep(options.drainMs ?? 0)]);
      await app.close();
      await app.database.close();
    })();
    return closing;
  });
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
