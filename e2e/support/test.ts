import { createHash } from 'node:crypto';
import { test as base } from '@playwright/test';

/**
 * Each test is its own client address: the server counts sign-in tries per address, and one suite
 * signs in far more often than one person would. The e2e server trusts this machine as a proxy
 * (TRUSTED_PROXIES in playwright.config.ts), so it takes the address from X-Forwarded-For.
 */
export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's first parameter to learn which fixtures it uses: it must be an object pattern, empty when it uses none.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const [a = 0, b = 0, c = 0] = createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}`).digest();
    await use({ 'x-forwarded-for': `10.${a}.${b}.${c}` });
  },
});

export { expect } from '@playwright/test';
