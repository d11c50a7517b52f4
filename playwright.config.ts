import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** The e2e server: its own port, and a fresh data folder so that its first start seeds the demo. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// Set once in the runner; its workers inherit the variable and so the same folder.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'care-console-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalTeardown: './e2e/support/globalTeardown.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // Screen Studio publishes and rolls back screens every other spec reads: it runs after them.
      testIgnore: /screenStudio\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          // A fake microphone (a beep) that needs no permission prompt: the voice calls' e2e records it.
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
          ],
        },
      },
    },
    {
      name: 'screen-studio',
      testMatch: /screenStudio\.spec\.ts$/,
      dependencies: ['chromium'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: 'npm start',
    url: `http://localhost:${PORT}/api/health`,
    // The first start builds the console and seeds the database.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    // The browser connects from this machine: trusting it as a proxy lets each test name its own
    // client address in X-Forwarded-For (e2e/support/test.ts), which the sign-in limit counts.
    // The suite signs the same demo accounts in from two workers, more often than the 10 tries a minute
    // an account has: a non-production server may raise it (config.ts, authAccountRateLimit; the server
    // tests keep 10 and check the 429).
    env: { PORT: String(PORT), DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn', TRUSTED_PROXIES: '127.0.0.1,::1', AUTH_ACCOUNT_RATE_LIMIT: '100' },
  },
});
