import { axeViolations } from './support/axe';
import { openCollapsedGroups } from './support/openCollapsedGroups';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

test('the sign-in page has no accessibility violation of any impact', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the shell, with its menus open, has no accessibility violation of any impact', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await openCollapsedGroups(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('banner').getByRole('button', { name: 'Ines Admin' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('a list screen (devices) has no accessibility violation of any impact', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('the shell works from the keyboard alone', async ({ page }) => {
  await signIn(page, 'admin@northwind.demo.example');
  // The skip link comes first, then the sidebar's links in order.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Patient Queue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/patient-queue$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Queue' })).toBeVisible();

  // Ctrl+B collapses the sidebar and opens it again.
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // The account menu opens, moves, follows and closes with keys (Headless UI keeps focus on the
  // menu and marks the active item with data-focus).
  const accountButton = page.getByRole('banner').getByRole('button', { name: 'Alex Northam' });
  await accountButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(accountButton).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'My Voice Calls' })).toHaveAttribute('data-focus', '');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/account\/voice-calls$/);
});
