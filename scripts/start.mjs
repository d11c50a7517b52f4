// `npm start`: build the console when its sources are newer than the build, then run the server
// from its TypeScript sources in this same process (so SIGTERM reaches the server directly).
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
