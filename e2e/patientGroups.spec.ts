import type { Page } from '@playwright/test';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

/** Picks a record in a reference field of a dialog by typing part of its label. */
async function pick(page: Page, field: string, text: string, option: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: field }).fill(text);
  await page.getByRole('option', { name: option }).click();
}

test('a provider admin groups two patients, gives them a clinician, and takes one out of the group again', async ({ page }) => {
  // Eleven page loads on a 2-core machine shared with other suites.
  test.setTimeout(120_000);
  const name = `E2E Rounds ${Date.now().toString(36)}`;
  await signIn(page, 'admin@northwind.demo.example');

  await page.goto('/patient-groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Groups' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'COPD Follow-up' })).toBeVisible();
  await shoot(page, 'groups-list');
  await page.getByRole('button', { name: 'Create Group' }).click();
  await page.getByRole('dialog').getByLabel('Group Name').fill(name);
  await shoot(page, 'groups-create-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Patient group created.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('0');

  await page.goto('/patients?status=active');
  const rows = page.getByRole('row');
  await expect(rows.nth(2)).toBeVisible();
  const first = (await rows.nth(1).getByRole('cell').nth(1).textContent()) ?? '';
  const second = (await rows.nth(2).getByRole('cell').nth(1).textContent()) ?? '';
  await rows.nth(1).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  await expect(page.getByText('2 selected')).toBeVisible();

  await page.getByRole('button', { name: 'Add to group' }).click();
  await pick(page, 'Patient Group', 'E2E Rounds', name);
  await shoot(page, 'patients-add-to-group');
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Successfully added patients to group.')).toBeVisible();

  await rows.nth(1).getByRole('checkbox').check();
  await rows.nth(2).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Add to care team' }).click();
  await pick(page, 'Clinician', 'Reyes', 'Elena Reyes');
  await page.getByRole('dialog').getByRole('button', { name: /Role/ }).click();
  await page.getByRole('option', { name: 'PCM Clinician' }).click();
  await shoot(page, 'patients-add-to-care-team');
  await page.getByRole('dialog').getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Successfully added clinician to care team.')).toBeVisible();

  await page.goto('/patient-groups');
  await page.getByRole('cell', { name }).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(`Patient Management/Patient Groups/${name}`);
  await expect(page.getByRole('cell', { name: first, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: second, exact: true })).toBeVisible();
  await shoot(page, 'group-show');
  await page
    .getByRole('row', { name: new RegExp(first) })
    .getByRole('button', { name: 'Remove' })
    .click();
  await shoot(page, 'group-remove-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Patient removed from group')).toBeVisible();
  await expect(page.getByRole('cell', { name: first, exact: true })).toHaveCount(0);
  await expect(page.getByRole('cell', { name: second, exact: true })).toBeVisible();
  await shoot(page, 'group-show-after-removal');
});
