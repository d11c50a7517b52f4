// `npm start`: build the console when its sources are newer than the build, then run the server
// from its TypeScript sources in this same process, whose SIGTERM and SIGINT handlers
// (src/server/main.ts) shut it down. npm forwards those signals to the shell it runs the script
// in; a shell that waits for its command (dash, /bin/sh of Debian) dies of them and leaves the
// server running. So package.json's script is `exec node scripts/start.mjs`: the shell becomes
// this process, and the signals npm forwards reach the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const BUILT = 'dist/console/index.html';
const SOURCES = ['index.html', 'vite.config.ts', 'src/console', 'src/domain', 'schemas', 'screens'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

if (!existsSync(BUILT) || Math.max(...SOURCES.map(newestMtime)) > statSync(BUILT).mtimeMs) {
  console.log('Building the console ...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../src/server/main.ts');
