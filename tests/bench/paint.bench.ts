// `npm run bench:paint`: first paint in Chromium on a local server (issue 19: Home's largest
// contentful paint under 1.0 s; issue 20: All Patients, Patient Queue, Home and a patient record each
// under 800 ms). Builds the console when dist/console is missing, starts the real server as a process
// of its own on a fresh embedded database (the demo seed), signs each account in once through
// /login, then opens each page in a new page six times (a hard navigation: the refresh cookie signs
// the page in, as a reload does); the first load warms the caches and is also where the JavaScript
// the page fetched is weighed (gzip level 9 of each script's body, the size a compressing server
// sends); the other five give the largest-contentful-paint entry the page itself records. Prints the
// median and the worst per page and account. Debian's Chromium (/usr/bin/chromium), headless; the
// machine should be otherwise idle.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from '../../src/server/db/seed/seed';
import { startServerProcess } from './benchSetup';

const PORT = Number(process.env.BENCH_PORT ?? 3392);
const base = `http://127.0.0.1:${PORT}`;
const RUNS = 5;
const HOME = { name: 'Home', path: '/', heading: 'Home' };
/** The pages of issue 20, as the tracked internal clinician sees them (a patient record of Northwind's: the first of All Patients). */
const PAGES = [
  HOME,
  { name: 'All Patients', path: '/patients', heading: 'All Patients' },
  { name: 'Patient Queue', path: '/patient-queue', heading: 'Patient Queue' },
];
/** Home as each kind of user sees it (issue 19). */
const HOME_ACCOUNTS = ['internal.admin@demo.example', 'admin@northwind.demo.example', 'staff@lakeside.demo.example'];

if (!existsSync('dist/console/index.html')) spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
const dataDir = await mkdtemp(join(tmpdir(), 'bench-paint-'));
// The first start on the empty folder migrates and seeds the demo: a few minutes on a slow machine.
const server = await startServerProcess(PORT, { DATA_DIR: dataDir, APP_ENV: 'demo', DEMO: 'true', CONSOLE_DIR: 'dist/console' }, { startupSeconds: 300 }).catch(
  async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  },
);

type Target = { name: string; path: string; heading: string };

async function signedIn(browser: Browser, email: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1440, height: 900 } });
  const signIn = await context.newPage();
  await signIn.goto('/login');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill(DEMO_PASSWORD);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.getByRole('navigation', { name: 'Main' }).waitFor();
  await signIn.close();
  return context;
}

/** The record page of the first active patient the account sees (by id), headed by the patient's name. */
async function firstPatientRecord(email: string): Promise<Target> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: DEMO_PASSWORD, client_id: 'webapp' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const query = new URLSearchParams({ filter: JSON.stringify({ 'patient_status[eq]': 'active' }), sort: 'id', order: 'asc', limit: '1' });
  const answer = await fetch(`${base}/api/patients?${query.toString()}`, { headers: { Authorization: `Bearer ${token}` } });
  const [patient] = (await answer.json()) as { id: number; user: { full_name: string } }[];
  if (!patient) throw new Error(`${email} sees no active patient`);
  return { name: 'Patient record', path: `/patients/${patient.id}/show`, heading: patient.user.full_name };
}

const largestPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]?.startTime ?? NaN);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

async function measure(context: BrowserContext, email: string, target: Target): Promise<void> {
  const paints: number[] = [];
  let scriptBytes = 0;
  for (let run = 0; run < RUNS + 1; run++) {
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    if (run === 0) {
      // The first load: nothing cached yet in this page's context for a page of its kind.
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script')
          scripts.push(
            response.body().then(
              (body) => gzipSync(body, { level: 9 }).length,
              () => 0,
            ),
          );
      });
    }
    await page.goto(target.path, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: target.heading }).waitFor();
    const lcp = await largestPaint(page);
    if (run === 0) scriptBytes = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
    else paints.push(lcp);
    await page.close();
  }
  console.log(
    `| ${target.name} | ${email} | ${median(paints).toFixed(0)} | ${Math.max(...paints).toFixed(0)} | ${(scriptBytes / 1024).toFixed(0)} | ${RUNS} |`,
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

try {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  console.log('| page | account | LCP median (ms) | LCP worst (ms) | JavaScript (KB gzip) | runs |\n|---|---|---|---|---|---|');
  const clinician = await signedIn(browser, 'internal.clinician@demo.example');
  const record = await firstPatientRecord('internal.clinician@demo.example');
  for (const target of [...PAGES, record]) await measure(clinician, 'internal.clinician@demo.example', target);
  await clinician.close();
  for (const email of HOME_ACCOUNTS) {
    const context = await signedIn(browser, email);
    await measure(context, email, HOME);
    await context.close();
  }
  await browser.close();
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
