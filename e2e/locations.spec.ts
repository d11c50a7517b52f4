import type { Locator, Page } from '@playwright/test';
import { submitCredentials } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

// Each test walks several pages and writes; the shared 2-core machine makes that slower than the default 30 s.
test.describe.configure({ timeout: 180_000 });

/** Picks an option of a record combobox by typing part of its label. */
async function pick(scope: Page | Locator, page: Page, label: RegExp, typed: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

/** Signs in through the page; the shared machine may take longer than the default wait to show the shell. */
async function signIn(page: Page, email: string) {
  await submitCredentials(page, email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 60_000 });
}

/** The value under a summary label. */
const summary = (page: Page, label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test('an internal admin creates a location, finds it in the list, opens it, edits it and gives it to another provider', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Locations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Locations' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Northwind Clinic Main Campus' })).toBeVisible();
  await shoot(page, 'locations-list', { height: 1400 });

  await page.getByRole('link', { name: 'Create Location' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Location' })).toBeVisible();
  const name = `Riverside Clinic ${String(Date.now()).slice(-6)}`;
  await page.getByLabel(/^Name/).fill(name);
  await pick(page, page, /Provider/, 'North', 'Northwind Clinic');
  await page.getByLabel(/^Street/).fill('12 Lake Ave');
  await page.getByLabel(/^City/).fill('Duluth');
  await page.getByRole('button', { name: /^State/ }).click();
  await page.getByRole('option', { name: 'Minnesota' }).click();
  await page.getByLabel(/^ZIP Code/).fill('5580');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('ZIP code must be 5 digits or ZIP+4 (12345 or 12345-6789)')).toBeVisible();
  await shoot(page, 'locations-create', { height: 1400 });
  await page.getByLabel(/^ZIP Code/).fill('55802');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Location created')).toBeVisible();
  await expect(page).toHaveURL(/\/locations\/\d+\/show$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(summary(page, 'Total Devices')).toHaveText('0');
  await expect(page.getByText('No devices at this location')).toBeVisible();
  const created = page.url();

  await page.getByRole('link', { name: 'Locations' }).first().click();
  await page.getByRole('searchbox', { name: 'Search' }).fill(name);
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await page.getByRole('cell', { name }).click();
  await expect(page).toHaveURL(created);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel(/^Street/)).toHaveValue('12 Lake Ave');
  await page.getByLabel(/^Description/).fill('Second floor, east wing');
  await shoot(page, 'locations-edit', { height: 1400 });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Location saved')).toBeVisible();
  await expect(summary(page, 'Description')).toHaveText('Second floor, east wing');

  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: 'Set Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set Provider' });
  await pick(dialog, page, /Provider/, 'Lake', 'Lakeside Health');
  await shoot(page, 'locations-set-owner', { height: 1400 });
  await dialog.getByRole('button', { name: 'Set Provider' }).click();
  await expect(page.getByText('Provider updated')).toBeVisible();
  await expect(summary(page, 'Provider')).toHaveText('Lakeside Health');
});

test('a seeded location shows its devices counted by type, manufacturer and model', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/locations');
  await page.getByRole('cell', { name: 'Northwind Clinic Main Campus' }).click();
  const table = page.getByRole('region', { name: 'Devices by Type' }).getByRole('table');
  await expect(table).toBeVisible();
  const total = Number(await summary(page, 'Total Devices').textContent());
  const counts = (await table.locator('tbody tr td:last-child').allTextContents()).map(Number);
  expect(total).toBeGreaterThan(0);
  expect(counts.reduce((sum, n) => sum + n, 0)).toBe(total);
  await shoot(page, 'locations-show', { height: 1400 });

  await page.getByRole('tab', { name: 'All Devices' }).click();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await shoot(page, 'locations-all-devices', { height: 1400 });
});

test('a superadmin adds a blood pressure reading for a test account and sees it on the device', async ({ page }) => {
  await signIn(page, 'superadmin@demo.example');
  await page.goto('/testing');
  await expect(page.getByRole('heading', { level: 1, name: 'Testing' })).toBeVisible();
  await shoot(page, 'testing', { height: 1400 });

  await page.getByRole('button', { name: 'Add Device Measurement', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Device Measurement', exact: true });
  await dialog.getByRole('button', { name: /Test Account/ }).click();
  await page.getByRole('option', { name: 'CHF: test.chf@demo.example' }).click();
  await dialog.getByRole('button', { name: /Device Type/ }).click();
  await page.getByRole('option', { name: 'Blood Pressure' }).click();
  await dialog.getByLabel(/Systolic/).fill('141');
  await dialog.getByLabel(/Diastolic/).fill('92');
  await dialog.getByLabel(/Pulse/).fill('77');
  await shoot(page, 'testing-add-measurement', { height: 1400 });
  await dialog.getByRole('button', { name: 'Add Measurement' }).click();
  await expect(page.getByText('Measurement added.')).toBeVisible();

  await page.getByRole('button', { name: 'Add Device', exact: true }).click();
  // The dialog element itself has no box of its own (its panel is fixed), so its heading is what shows.
  await expect(page.getByRole('dialog', { name: 'Add Device', exact: true }).getByRole('heading', { name: 'Add Device' })).toBeVisible();
  await shoot(page, 'testing-add-device', { height: 1400 });
  await page.getByRole('dialog', { name: 'Add Device', exact: true }).getByRole('button', { name: 'Cancel' }).click();

  // The CHF test account's cuff (seeded with IMEI 980000000000040) shows the reading on top of its Measurements card.
  await page.goto('/devices');
  await page.getByRole('searchbox', { name: 'Search' }).fill('980000000000040');
  await page.getByRole('cell', { name: '980000000000040' }).click();
  const measurements = page.getByRole('region', { name: 'Measurements' });
  await expect(measurements.getByRole('row').nth(1)).toContainText('141/92 mmHg');
  await shoot(page, 'testing-device-measurement', { height: 1400 });

  await page.goto('/testing');
  await page.getByRole('button', { name: 'Throw an Error' }).click();
  await expect(page.getByText('Deliberate error from the Testing page')).toBeVisible();
});
