import type { Locator, Page } from '@playwright/test';
import { apiAs } from './support/api';
import { submitCredentials } from './support/signIn';
import { expect as baseExpect, test } from './support/test';
import { shoot } from './support/shots';

// Pages of a cold server on the shared 2-core machine sometimes take longer than the default 10 s to answer.
const expect = baseExpect.configure({ timeout: 25_000 });

// Each test walks many pages and writes; the shared 2-core machine makes that slower than the default 30 s.
test.describe.configure({ timeout: 180_000 });

/** The IMEIs of the list page as shown, 15-digit ones only (Tenovi gateways show 12 characters in groups). */
async function imeisOnPage(page: Page): Promise<string[]> {
  const texts = await page.getByRole('row').locator('td:nth-child(2)').allTextContents();
  return texts.map((text) => text.trim()).filter((text) => /^\d{15}$/.test(text));
}

/** Signs in through the page and waits for the shell's menu (with this file's patience). */
async function signIn(page: Page, email: string): Promise<void> {
  await submitCredentials(page, email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Picks an option of a record combobox by typing part of its label. */
async function pick(scope: Page | Locator, page: Page, label: RegExp, typed: string, option: string | RegExp) {
  const box = scope.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test('an internal admin creates devices in bulk, receives them, and takes one through assign, unassign and decommission', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Devices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const existing = (await imeisOnPage(page)).slice(0, 2);
  expect(existing).toHaveLength(2);
  const actions = page.getByRole('toolbar', { name: 'List actions' });
  await expect(actions.getByRole('link', { name: 'Create Device', exact: true })).toBeVisible();
  await expect(actions.getByRole('link', { name: 'Create Tenovi Device' })).toBeVisible();
  await shoot(page, 'devices-list');

  // Ten new IMEIs of 15 digits, unlike any in the seed (which start 86...), and the two in use among them.
  const stamp = String(Date.now()).slice(-8);
  const fresh = Array.from({ length: 10 }, (_, i) => `97${stamp}${String(i).padStart(5, '0')}`);
  const pasted = [...fresh.slice(0, 4), existing[0], ...fresh.slice(4, 8), existing[1], ...fresh.slice(8)];
  await actions.getByRole('link', { name: 'Bulk Create Devices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bulk Create Devices' })).toBeVisible();
  const imeis = page.getByLabel(/IMEIs/);
  await imeis.fill(pasted.join(';'));
  await imeis.blur();
  await expect(imeis).toHaveValue(pasted.join('\n'));
  await expect(page.getByText('12 IMEIs')).toBeVisible();
  await page.getByRole('button', { name: /Device Manufacturer/ }).click();
  await page.getByRole('option', { name: 'Transtek' }).click();
  await page.getByRole('button', { name: /Device Type/ }).click();
  await page.getByRole('option', { name: 'Blood Pressure' }).click();
  await pick(page, page, /Provider/, 'Northwind', 'Northwind Clinic');
  await shoot(page, 'devices-bulk-create');
  await page.getByRole('button', { name: 'Create Devices' }).click();
  await expect(
    page.getByText(`10 devices created successfully. The following IMEIs are already in use: ${existing.join(', ')}`, { exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/devices$/);

  // The new devices, found by what their IMEIs share, selected and marked received in bulk.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`97${stamp}`);
  await expect(page.getByText('1-10 of 10')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Pending', exact: true })).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await expect(page.getByText('10 selected')).toBeVisible();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Mark as Received' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Devices successfully marked as received', { exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Inactive', exact: true })).toHaveCount(10);

  // One of them: assign it to a consented patient of Northwind, see the event, then unassign and decommission it.
  await page.getByRole('cell', { name: fresh[0] }).click();
  await expect(page).toHaveURL(/\/devices\/\d+\/show$/);
  const toolbar = page.getByRole('toolbar', { name: 'Actions' });
  const events = page.getByRole('region', { name: 'Events' });
  await expect(events.getByRole('cell', { name: 'Mark Received' })).toBeVisible();
  const charges = page.getByRole('region', { name: 'Charges' });
  await expect(charges.getByText('$49.00')).toBeVisible();
  await shoot(page, 'device-page');
  await shoot(charges, 'device-charges');

  await toolbar.getByRole('button', { name: 'Assign to Patient' }).click();
  const assign = page.getByRole('dialog', { name: 'Assign to Patient' });
  await assign.getByRole('combobox', { name: /Patient/ }).click();
  await page.getByRole('option').first().click();
  await assign.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device assigned to patient.', { exact: true })).toBeVisible();
  await expect(events.getByRole('cell', { name: 'Assign to Patient' })).toBeVisible();
  await expect(page.getByText('With Patient')).toBeVisible();

  const changeExternalId = toolbar.getByRole('button', { name: 'Change External ID' });
  await expect(changeExternalId).toBeDisabled();
  await expect(changeExternalId).toHaveAccessibleDescription('Device is assigned to a patient');
  await shoot(page, 'device-page-assigned');

  await toolbar.getByRole('button', { name: 'Unassign from patient' }).click();
  const unassign = page.getByRole('dialog', { name: 'Unassign from patient' });
  await unassign.getByRole('button', { name: /Reason/ }).click();
  await page.getByRole('option', { name: 'Patient Unenrolled' }).click();
  await unassign.getByRole('checkbox', { name: /I confirm/ }).check();
  await shoot(page, 'device-unassign-dialog');
  await unassign.getByRole('button', { name: 'Unassign' }).click();
  await expect(page.getByText('Device unassigned from patient.', { exact: true })).toBeVisible();
  await expect(events.getByRole('cell', { name: 'Unassign Patient' })).toBeVisible();

  await toolbar.getByRole('button', { name: 'Decommission' }).click();
  const decommission = page.getByRole('dialog', { name: 'Decommission' });
  await decommission.getByRole('button', { name: /Reason/ }).click();
  await page.getByRole('option', { name: 'Decommission', exact: true }).click();
  await decommission.getByRole('button', { name: 'Decommission' }).click();
  await expect(page.getByText('Device decommissioned.', { exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toHaveText('This device is decommissioned and can no longer be managed.');
  await expect(page.getByRole('toolbar', { name: 'Actions' })).toHaveCount(0);
  await expect(events.getByRole('cell', { name: 'Decommission Device' })).toBeVisible();
  await shoot(page, 'device-page-decommissioned');
});

test('the Tenovi form checks the gateway id and saves it without dashes', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/devices/create/tenovi');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Tenovi Device' })).toBeVisible();
  await page.getByRole('button', { name: /Device Type/ }).click();
  await page.getByRole('option', { name: 'Tenovi Gateway' }).click();
  const gateway = page.getByLabel(/Gateway ID/);
  await gateway.fill('AB12-CD34');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Gateway ID must be 12 characters or 4 characters separated by dashes', { exact: true })).toBeVisible();
  const id = `${String(Date.now()).slice(-4)}-E2E0-TV01`;
  await gateway.fill(id);
  await pick(page, page, /Provider/, 'Northwind', 'Northwind Clinic');
  await shoot(page, 'devices-tenovi-create');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Device created.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/devices\/\d+\/show$/);
  const summary = (label: string) => page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
  await expect(summary('Gateway ID')).toHaveText(id);
  await expect(summary('IMEI')).toHaveText(id);
  await expect(summary('Status')).toHaveText('Pending');
});

test("Lakeside's admin sees none of Northwind's devices: not in the list, not by IMEI, not by address", async ({ page, request }) => {
  const { headers } = await apiAs(request, 'internal.admin@demo.example');
  const providers = await request.get(`/api/providers?filter=${encodeURIComponent(JSON.stringify({ q: { field: 'name', value: 'Northwind' } }))}`, { headers });
  const [northwind] = (await providers.json()) as { id: number }[];
  const listed = await request.get(`/api/devices?limit=10&filter=${encodeURIComponent(JSON.stringify({ 'tenant_id[eq]': northwind?.id }))}`, { headers });
  const theirs = ((await listed.json()) as { id: number; external_id: string }[]).filter((d) => /^\d{15}$/.test(d.external_id));
  const [one] = theirs;
  if (!one) throw new Error('the seed gives Northwind devices');

  await signIn(page, 'admin@lakeside.demo.example');
  await page.goto('/devices');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const shown = await imeisOnPage(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((imei) => theirs.some((d) => d.external_id === imei))).toEqual([]);

  await page.getByRole('searchbox', { name: 'Search' }).fill(one.external_id);
  await expect(page.getByText('No results found.', { exact: true })).toBeVisible();

  await page.goto(`/devices/${one.id}/show`);
  await expect(page.getByRole('alert')).toContainText('Not found');
  await expect(page.getByText(one.external_id)).toHaveCount(0);
});
