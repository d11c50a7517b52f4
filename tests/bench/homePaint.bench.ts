// `npm run bench:home`: Home's first paint in Chromium (issue 19: "Home's first paint in Chromium
// (largest contentful paint) under 1.0 s on a local server"). Builds the console when dist/console is
// missing, starts the real server as a process of its own on a fresh embedded database (the demo
// seed), signs each account in once through /login, then opens / in a new page five times per
// account (a hard navigation: the refresh cookie signs the page in, as a reload does) and reads the
// largest-contentful-paint entry the page itself records. Prints the median and the worst per account.
// Debian's Chromium (/usr/bin/chromium), headless; the machine should be otherwise idle.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/db/seed/seed';

const PORT = Number(process.env.BENCH_PORT ?? 3392);
const base = `http://127.0.0.1:${PORT}`;
const RUNS = 5;
const ACCOUNTS = ['internal.clinician@demo.example', 'internal.admin@demo.example', 'admin@northwind.demo.example', 'staff@lakeside.demo.example'];

if (!existsSync('dist/console/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const dataDir = await mkdtemp(join(tmpdir(), 'bench-home-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    APP_ENV: 'demo',
    DEMO: 'true',
    CONSOLE_DIR: 'dist/console',
  },
  stdio: 'ignore',
});

async function healthy(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet (the first start migrates and seeds)
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not start');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
  await healthy();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  console.log(`| account | LCP median (ms) | LCP worst (ms) | runs |\n|---|---|---|---|`);
  for (const email of ACCOUNTS) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
    const signIn = await context.newPage();
    await signIn.goto('/login');
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(DEMO_PASSWORD);
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    await signIn.getByRole('navigation', { name: 'Main' }).waitFor();
    await signIn.close();
    const paints: number[] = [];
    for (let run = 0; run < RUNS + 1; run++) {
      const page = await context.newPage();
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1, name: 'Home' }).waitFor();
      const lcp = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            new PerformanceObserver((list) => {
              const entries = list.getEntries();
              resolve(entries[entries.length - 1]?.startTime ?? NaN);
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      // The first load warms the server's and the browser's caches, as a user's first visit of the day did.
      if (run > 0) paints.push(lcp);
      await page.close();
    }
    await context.close();
    console.log(`| ${email} | ${median(paints).toFixed(0)} | ${Math.max(...paints).toFixed(0)} | ${RUNS} |`);
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
