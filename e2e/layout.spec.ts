import type { Page } from '@playwright/test';
import { axeViolations } from './support/axe';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

// Each test signs in and walks several pages; the shared 2-core machine makes that slower than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const PHONE = { width: 390, height: 844 };

/**
 * How far the page reaches past the window: the document's width beyond the viewport's, and the
 * shell's main area's (it scrolls by itself, so an overflow inside it would not widen the document).
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return {
      document: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
}

/** Signs in (the menu it waits for is a closed drawer on a phone) and turns the window into a phone's. */
async function signInOnPhone(page: Page, email: string) {
  await signIn(page, email);
  await page.setViewportSize(PHONE);
}

/** A phone's shot of what the clinician sees (the shared `shoot` of a page widens the window to 1280 px). */
async function shootPhone(page: Page, name: string) {
  await shoot(page.locator('body'), name);
}

test('at 390 px the patient record, in every panel tab, is no wider than the screen', async ({ page }) => {
  await signInOnPhone(page, 'admin@northwind.demo.example');
  await page.goto('/patients');
  await page.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Demographics' })).toBeVisible();
  // The organisation's name is shown whole, not cut to nothing by the account menu.
  await expect(page.getByRole('banner').getByText('Northwind Clinic')).toBeVisible();
  expect(await overflow(page)).toEqual({ document: 0, main: 0 });
  await shootPhone(page, 'layout-390-record');

  const panel = page.getByRole('complementary', { name: 'Patient panel' });
  for (const tab of ['Activity', 'Monitoring', 'Tasks', 'Calls']) {
    await panel.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(panel.getByRole('tabpanel')).toBeVisible();
    expect(await overflow(page), tab).toEqual({ document: 0, main: 0 });
  }
});

test('at 390 px All Patients fits the screen: its filters wait in a panel and its table scrolls inside its frame', async ({ page }) => {
  await signInOnPhone(page, 'admin@northwind.demo.example');
  await page.goto('/patients');
  await expect(page.getByRole('heading', { level: 1, name: 'All Patients' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await overflow(page)).toEqual({ document: 0, main: 0 });

  // The table is wider than the phone: it scrolls in a named region that takes the keyboard's focus.
  const table = page.getByRole('region', { name: 'All Patients table' });
  await table.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  expect(await overflow(page)).toEqual({ document: 0, main: 0 });

  // The filters are behind a button until asked for.
  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(page.getByRole('combobox', { name: 'Care Team' })).toBeHidden();
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Care Team' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Include' })).toBeVisible();
  expect(await overflow(page)).toEqual({ document: 0, main: 0 });
  await shootPhone(page, 'layout-390-patients-filters');
  expect(await axeViolations(page)).toEqual([]);
});

test('at 390 px the Patient Queue shows its rows before its filters, and the Filters button counts those set', async ({ page }) => {
  await signInOnPhone(page, 'clinician@northwind.demo.example');
  await page.goto('/patient-queue');
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Queue' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await overflow(page)).toEqual({ document: 0, main: 0 });
  // The first row starts within the first screen: the filters no longer fill it.
  const firstRow = await page.getByRole('row').nth(1).boundingBox();
  expect(firstRow?.y).toBeLessThan(PHONE.height);
  await shootPhone(page, 'layout-390-patient-queue');

  const filters = page.getByRole('button', { name: /^Filters/ });
  await expect(filters).toHaveAccessibleName('Filters');
  await filters.click();
  await page.getByRole('button', { name: /^Care Setting/ }).click();
  await page.getByRole('option', { name: 'Home' }).click();
  await page.keyboard.press('Escape');
  await expect(filters).toHaveAccessibleName('Filters, 1 active');
  await expect(page.getByRole('button', { name: /^Primary Condition/ })).toBeVisible();
  expect(await overflow(page)).toEqual({ document: 0, main: 0 });
  await shootPhone(page, 'layout-390-patient-queue-filters');
  expect(await axeViolations(page)).toEqual([]);

  await filters.click();
  await expect(page.getByRole('button', { name: /^Primary Condition/ })).toBeHidden();
});

test('at 1440 px the Patient Queue’s Device column is reachable, with the patient’s name still in view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'clinician@northwind.demo.example');
  await page.goto('/patient-queue');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  expect(await overflow(page)).toEqual({ document: 0, main: 0 });
  const device = page.getByRole('columnheader', { name: 'Device', exact: true });
  const patient = page.getByRole('columnheader', { name: 'Patient', exact: true });
  const table = page.getByRole('region', { name: 'Patient Queue table' });
  // Wider than the page, the table scrolls in its own region; scrolled to its end, the name column stays pinned.
  if ((await table.count()) > 0) {
    await table.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect.poll(() => table.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  }
  await expect(device).toBeInViewport();
  await expect(patient).toBeInViewport();
  await expect(page.getByRole('row').nth(1).getByRole('cell').nth(1)).toBeInViewport();
  await shoot(page.locator('body'), 'layout-1440-patient-queue-scrolled');
  expect(await axeViolations(page)).toEqual([]);
});
