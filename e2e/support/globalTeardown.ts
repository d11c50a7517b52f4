import { rmSync } from 'node:fs';

/** Removes the e2e server's data folder (created by playwright.config.ts). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
