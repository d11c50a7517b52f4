import type { Page } from '@playwright/test';
import { openCollapsedGroups } from './openCollapsedGroups';

export type MenuGroups = [group: string, items: string[]][];

/** Opens the groups that start collapsed, then reads every group's label and link texts in order. */
export async function readSidebar(page: Page): Promise<MenuGroups> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await openCollapsedGroups(page);
  return nav.evaluate((element) =>
    [...element.querySelectorAll('ul[aria-labelledby]')].map((list): [string, string[]] => [
      document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent?.trim() ?? '',
      [...list.querySelectorAll('a')].map((link) => link.textContent?.trim() ?? ''),
    ]),
  );
}

/** Opens the account menu and reads its entries (screen-reader hints left out). */
export async function readAccountMenu(page: Page, fullName: string): Promise<string[]> {
  await page.getByRole('banner').getByRole('button', { name: fullName }).click();
  const texts = await page.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  return texts.map((text) => text.replace('(opens in a new tab)', '').trim());
}
