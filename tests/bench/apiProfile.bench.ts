// `npm run bench:api-profile`: where the API's time goes for one list request. Starts the real server as a
// process of its own with `--cpu-prof` on the scale database that `BENCH_REUSE=1 npm run bench:api` keeps
// (`bench_scale`, PostgreSQL: DATABASE_URL names the server), sends one device's activities
// (`BENCH_REQUESTS`, 3,000 by default) from 4 loops, stops the server and prints the profile's heaviest
// functions by self time during the load and the same time by package or source folder. The .cpuprofile stays in the
// printed folder, for Chrome's DevTools (Performance, Load profile) as a flame graph.
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchHeaders, startServerProcess } from './benchSetup';
import { runLoad } from './loadgen';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) throw new Error('DATABASE_URL must name the PostgreSQL server that holds bench_scale (npm run bench:api with BENCH_REUSE=1)');
const url = new URL(adminUrl);
url.pathname = '/bench_scale';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3000);
const PORT = Number(process.env.BENCH_PORT ?? 3395);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const busy = await client.query<{ device_id: number }>('select device_id from device_activities where tenant_id is not null order by id desc limit 1');
await client.end();
const deviceId = busy.rows[0]?.device_id;
if (deviceId === undefined) throw new Error('bench_scale holds no device activity: run BENCH_REUSE=1 npm run bench:api first');

const profileDir = await mkdtemp(join(tmpdir(), 'api-profile-'));
const server = await startServerProcess(
  PORT,
  {
    DATABASE_URL: url.toString(),
    APP_ENV: 'demo',
    DEMO: 'true',
    // Exit at once on SIGTERM: the profile ends with the process, and the load's window is counted back from that end.
    SHUTDOWN_DRAIN_MS: '0',
  },
  { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] },
);
// The load's window on this clock; the profile keeps only its samples (not the server's start).
const clock = { loadStarted: 0, loadEnded: 0, stopped: 0 };
try {
  const headers = await benchHeaders(server.base, 'internal.admin@demo.example');
  const filter = encodeURIComponent(JSON.stringify({ 'device_id[eq]': deviceId }));
  const path = `${server.base}/api/device-activities?sort=created_on&order=desc&skip=0&limit=20&filter=${filter}`;
  await runLoad(path, headers, 200, 4);
  clock.loadStarted = Date.now();
  const result = await runLoad(path, headers, REQUESTS, 4);
  clock.loadEnded = Date.now();
  console.log(`device activities of one device, 4 in flight: ${result.rps.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms`);
} finally {
  clock.stopped = Date.now();
  await server.stop();
}

const file = (await readdir(profileDir)).find((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`no profile in ${profileDir}`);
const profile = JSON.parse(await readFile(join(profileDir, file), 'utf8')) as Profile;
const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
// Sample times count from the profile's start; the profile ends when the server exits, just after `clock.stopped`.
const windowStart = profile.endTime - (clock.stopped - clock.loadStarted) * 1000;
const windowEnd = profile.endTime - (clock.stopped - clock.loadEnded) * 1000;
const selfMs = new Map<number, number>();
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0;
  if (at >= windowStart && at <= windowEnd) selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
});
const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);
const where = (frameUrl: string) =>
  frameUrl === ''
    ? '(native)'
    : frameUrl.includes('node_modules/')
      ? (/node_modules\/((@[^/]+\/)?[^/]+)/.exec(frameUrl)?.[1] ?? frameUrl)
      : frameUrl.startsWith('node:')
        ? frameUrl
        : frameUrl.replace(/^.*\/src\//, 'src/').replace(/\/[^/]+$/, '/');
const tally = (key: (node: ProfileNode) => string) => {
  const sums = new Map<string, number>();
  for (const [id, ms] of selfMs) {
    const node = byNode.get(id);
    if (node) sums.set(key(node), (sums.get(key(node)) ?? 0) + ms);
  }
  return [...sums].sort((a, b) => b[1] - a[1]);
};
const row = ([name, ms]: [string, number]) => `| ${name} | ${ms.toFixed(0)} | ${((100 * ms) / total).toFixed(1)} |`;
console.log(`\nProfile: ${join(profileDir, file)} (the load's ${(total / 1000).toFixed(1)} s, idle included; the server's start left out)`);
console.log('\n| function (self time) | ms | % |\n|---|---|---|');
console.log(
  tally(({ callFrame }) => `${callFrame.functionName || '(anonymous)'} ${where(callFrame.url)}${callFrame.url ? `:${callFrame.lineNumber + 1}` : ''}`)
    .slice(0, 20)
    .map(row)
    .join('\n'),
);
console.log('\n| package or folder (self time) | ms | % |\n|---|---|---|');
console.log(
  tally(({ callFrame }) => (['(idle)', '(program)', '(garbage collector)'].includes(callFrame.functionName) ? callFrame.functionName : where(callFrame.url)))
    .slice(0, 20)
    .map(row)
    .join('\n'),
);
