// `npm test`: every check CI runs, in order, stopping at the first failure, with the time of each
// stage printed as it ends and once more as a table at the end (the README keeps the latest).
// `npm test -- vitest e2e` runs only the named stages.
import { spawnSync } from 'node:child_process';

const STAGES = [
  ['typecheck', 'tsc --noEmit -p tsconfig.json'],
  ['lint', 'eslint --max-warnings 0 .'],
  ['format', 'prettier --check --log-level warn .'],
  ['knip', 'knip'],
  ['generated', 'tsx scripts/generate.ts --check'],
  ['vitest', 'vitest run'],
  ['e2e', 'playwright test'],
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !STAGES.some(([stage]) => stage === name));
if (unknown.length > 0) {
  console.error(`unknown stage ${unknown.join(', ')}; stages: ${STAGES.map(([stage]) => stage).join(', ')}`);
  process.exit(2);
}
const times = [];
for (const [stage, command] of STAGES.filter(([name]) => only.length === 0 || only.includes(name))) {
  console.log(`\n== ${stage}: ${command}`);
  const started = Date.now();
  const { status, signal } = spawnSync(command, { shell: true, stdio: 'inherit', env: { ...process.env, PATH: `node_modules/.bin:${process.env.PATH}` } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  times.push([stage, seconds, status === 0 ? 'passed' : 'FAILED']);
  console.log(`== ${stage}: ${status === 0 ? 'passed' : `FAILED (${signal ?? `exit ${status}`})`} in ${seconds} s`);
  if (status !== 0) break;
}
console.log('\n| stage | seconds | result |\n|---|---|---|');
for (const [stage, seconds, result] of times) console.log(`| ${stage} | ${seconds} | ${result} |`);
process.exit(times.every(([, , result]) => result === 'passed') ? 0 : 1);
