import type { Dialog } from '@playwright/test';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

const ADMIN = 'admin@northwind.demo.example';

// Signs in and walks several pages; the shared 2-core machine makes that slower than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test('leaving Add Patient with a change asks first, by a sidebar link or Back; the draft comes back with the form', async ({ page }) => {
  await signIn(page, ADMIN);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const question = page.getByRole('alertdialog', { name: 'Leave this page?' });
  const firstName = page.getByLabel(/^First Name/);

  // In the app from the list, so that Back stays in the page (the console's own history).
  await nav.getByRole('link', { name: 'All Patients' }).click();
  await page.getByRole('link', { name: 'Add Patient' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
  await firstName.fill('Wilhelmina');

  await nav.getByRole('link', { name: 'All Patients' }).click();
  await expect(question).toBeVisible();
  await expect(question).toContainText('You have unsaved changes.');
  await expect(question.getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/patients\/create$/);
  await expect(firstName).toHaveValue('Wilhelmina');

  await page.goBack();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(/\/patients\/create$/);
  await expect(firstName).toHaveValue('Wilhelmina');

  await nav.getByRole('link', { name: 'All Patients' }).click();
  await question.getByRole('button', { name: 'Leave this page' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Patients' })).toBeVisible();

  // Spec 001 section 5: the draft is kept in the tab's session storage, and the form shows it again.
  await page.getByRole('link', { name: 'Add Patient' }).click();
  await expect(firstName).toHaveValue('Wilhelmina');

  // Reloading asks in the browser's own words; the draft outlives the reload.
  const asked: Dialog[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog);
    void dialog.accept();
  });
  await firstName.click();
  await page.reload();
  expect(asked.map((dialog) => dialog.type())).toEqual(['beforeunload']);
  await expect(firstName).toHaveValue('Wilhelmina');
});

test('Back on the form leaves without asking and drops the draft', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto('/patients/create');
  const firstName = page.getByLabel(/^First Name/);
  await firstName.fill('Wilhelmina');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('link', { name: 'Add Patient' }).click();
  await expect(firstName).toHaveValue('');
});
