import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../../src/server/db/database';
import { migrate } from '../../../src/server/db/migrate';
import { seedDatabase } from '../../../src/server/db/seed/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The seeded template every server test file starts from (see createTestApp). */
    seededTemplate: { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; database: string };
  }
}

/**
 * Vitest global setup of the server suite: migrate and seed ONE database with the real demo
 * generator, then let every test file start from a copy of it instead of migrating and seeding its
 * own. On PGlite the copy is a dump loaded into a new in-memory database; on PostgreSQL
 * (DATABASE_URL) it is `create database ... template ...`. Dropped when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await createDatabase({ databaseUrl: undefined });
    await migrate(database.db);
    await seedDatabase(database.db);
    const dir = mkdtempSync(join(tmpdir(), 'care-console-template-'));
    const dumpFile = join(dir, 'seeded.tar');
    writeFileSync(dumpFile, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    project.provide('seededTemplate', { kind: 'pglite', dumpFile });
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await createDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  await migrate(database.db);
  await seedDatabase(database.db);
  // A template must have no open connection while a copy is made of it.
  await database.close();
  project.provide('seededTemplate', { kind: 'postgres', database: name });
  return async () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
