import type { Page } from '@playwright/test';

/** Opens the sidebar groups that start collapsed (Administrative Tools, Customer Service). */
export async function openCollapsedGroups(page: Page): Promise<void> {
  const closed = page.getByRole('navigation', { name: 'Main' }).locator('button[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
}
