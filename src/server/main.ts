import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/openDatabase';
import { DEMO_ACCOUNTS_TEXT } from './db/seed/accounts';
import { DEMO_PASSWORD, seedDatabase } from './db/seed/seed';
import { isDatabaseUnavailable } from './db/unavailable';

/** Starts the server: database, migrations, first-start demo seed, listen, graceful shutdown on SIGTERM. */
async function main() {
  const config = loadConfig();
  const built: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  // The server's logger exists once the app is built; a failure before that goes to the console.
  const database = await openDatabase(config, {
    warn: (details, message) => (built.app ? built.app.log.warn(details, message) : console.warn(message, details)),
  });
  const seeded = await database.db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (!seeded && config.isDemo) {
    console.log('First start: seeding demo data ...');
    await seedDatabase(database.db);
  }
  const server = await buildApp(config, database);
  built.app = server;
  // The last line of defence of issue 12's "the process never exits on a database error": a lost
  // connection that escapes its request (a promise nobody awaited) is logged, not fatal. Anything
  // else unhandled is a bug, and the process exits on it as Node's default would.
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) return server.log.warn({ err: reason }, 'the database was unavailable to work no request awaited');
    server.log.fatal({ err: reason }, 'unhandled rejection');
    process.exit(1);
  });
  const stop = async (signal: string) => {
    server.log.info({ signal }, 'shutting down: finishing in-flight requests');
    await server.shutdown({ drainMs: Number(process.env.SHUTDOWN_DRAIN_MS ?? 2000) });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await server.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\nCare console on http://localhost:${config.port}  (API http://localhost:${config.port}/api, docs /api/docs; data: ${where})`);
  if (config.isDemo) console.log(`\nDemo accounts (password ${DEMO_PASSWORD}):\n${DEMO_ACCOUNTS_TEXT}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
