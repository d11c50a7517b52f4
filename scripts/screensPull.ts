/**
 * Brings screens/ up to the database the server uses (DATABASE_URL, or PGlite under DATA_DIR: its
 * folder only while the server is stopped): every screen whose version in force is a version
 * published in Screen Studio, newer than its file, is written to `screens/{id}.json`, and a screen
 * only the database knows becomes a new file. Files already up to date and form fragments are left
 * alone. The work is src/server/screens/screensPull.ts's.
 *
 *   npm run screens:pull                     write the files behind the database
 *   npm run screens:pull -- --check          write nothing; exit 1 when a file is behind the database
 *   npm run screens:pull -- --dir <path>     write into another directory (a copy of screens/)
 */
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/openDatabase';
import { pullScreens, type PulledScreen } from '../src/server/screens/screensPull';

const USAGE = 'usage: npm run screens:pull -- [--check] [--dir <a copy of screens/>]';
const args = (() => {
  try {
    return parseArgs({ options: { check: { type: 'boolean', default: false }, dir: { type: 'string' } } }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return process.exit(2);
  }
})();
// npm runs a script in the package's folder: paths are the caller's, from where npm was started.
const cwd = process.env.INIT_CWD ?? process.cwd();
const dir = args.dir === undefined ? fileURLToPath(new URL('../screens/', import.meta.url)) : resolve(cwd, args.dir);
if (!existsSync(join(dir, 'fragments'))) {
  console.error(`${dir} is no copy of screens/: it has no fragments/ folder\n${USAGE}`);
  process.exit(2);
}

const config = loadConfig();
if (!config.databaseUrl && !existsSync(join(config.dataDir ?? './data', 'pglite'))) {
  console.error(
    `No database: set DATABASE_URL, or DATA_DIR to the folder of the server's PGlite (${join(config.dataDir ?? './data', 'pglite')} does not exist).`,
  );
  process.exit(1);
}
const database = await openDatabase(config);
const result = await pullScreens(database.db, { dir, check: args.check }).finally(() => database.close());

for (const { id, version, problems } of result.skipped) {
  console.warn(`${id} version ${version} is skipped, as GET /api/screens skips it: it fails the meta-schema (${problems.join('; ')})`);
}
const describe = (screen: PulledScreen) => {
  const by = screen.publishedBy ? ` by ${screen.publishedBy}` : '';
  const note = screen.note.trim() ? `: ${screen.note.replace(/\s+/g, ' ').trim()}` : '';
  return `${relative(cwd, join(dir, screen.file))}: version ${screen.version} (published ${screen.publishedAt.toISOString().slice(0, 10)}${by}${note})`;
};
for (const screen of result.behind) console.log(describe(screen));

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
const created = result.behind.filter((screen) => screen.fileVersion === undefined).length;
const news = created ? ` (${count(created, 'new file')})` : '';
if (args.check) {
  console.log(
    result.behind.length
      ? `${count(result.behind.length, 'file')} behind the database${news}, ${result.upToDate} up to date: run npm run screens:pull`
      : `All ${count(result.upToDate, 'screen')} up to date with the database.`,
  );
  if (result.behind.length) process.exit(1);
} else {
  console.log(`Wrote ${count(result.behind.length, 'file')}${news}; ${result.upToDate} up to date.`);
}
