import { signIn } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

// Each test signs in and walks several pages; the shared 2-core machine makes that slower than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test('All Patients keeps its status tab in the address: a link, a click and Back', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/patients?status=consented');
  await expect(page.getByRole('heading', { level: 1, name: 'All Patients' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Consented' })).toHaveAttribute('aria-selected', 'true');
  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  // Every status badge on the page says Consented.
  await expect(page.getByRole('cell', { name: 'Consented', exact: true })).toHaveCount((await rows.count()) - 1);
  await shoot(page, 'patients-consented');

  await page.getByRole('tab', { name: 'Unenrolled' }).click();
  await expect(page).toHaveURL(/\/patients\?status=disabled$/);
  await expect(page.getByRole('cell', { name: 'Unenrolled', exact: true }).first()).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/patients\?status=consented$/);
  await expect(page.getByRole('tab', { name: 'Consented' })).toHaveAttribute('aria-selected', 'true');

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Consented' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await shoot(page, 'patients-all');
});

test('Providers: the list opens a provider’s general form, which saves', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/providers');
  await expect(page.getByRole('link', { name: 'Create Provider' })).toBeVisible();
  await shoot(page, 'providers-list');
  await page.getByRole('cell', { name: 'Northwind Clinic' }).click();
  await expect(page).toHaveURL(/\/providers\/\d+\/edit$/);
  const name = page.getByLabel(/^Name/);
  await expect(name).toHaveValue('Northwind Clinic');
  await expect(page.getByLabel(/Client Since/)).not.toHaveValue('');
  await shoot(page, 'providers-edit');
  await page.getByLabel(/Customer Size/).click();
  await page.getByRole('option', { name: 'Large' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  await page.goto('/providers/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add organization' })).toBeVisible();
  await shoot(page, 'providers-create');
});

test('Users: the list opens a user’s Account form; Disable User and Enable User turn the account', async ({ page }) => {
  await signIn(page, 'admin@northwind.demo.example');
  await page.goto('/users');
  await expect(page.getByRole('tab', { name: 'Active', exact: true })).toHaveAttribute('aria-selected', 'true');
  await shoot(page, 'users-list');
  await page.getByRole('cell', { name: 'Wei Chen' }).click();
  await expect(page).toHaveURL(/\/users\/\d+\/edit$/);
  await expect(page.getByLabel(/First Name/)).toHaveValue('Wei');
  await shoot(page, 'users-edit');

  await page.getByRole('button', { name: 'Disable User' }).click();
  await page.getByRole('dialog', { name: 'Disable User' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('User disabled')).toBeVisible();
  await page.getByRole('button', { name: 'Enable User' }).click();
  await page.getByRole('dialog', { name: 'Enable User' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('User enabled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable User' })).toBeVisible();

  await page.getByRole('link', { name: 'Users' }).first().click();
  await page.getByRole('button', { name: 'Create User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create User' });
  await expect(dialog.getByLabel(/First Name/)).toBeVisible();
  await dialog.getByRole('switch', { name: /Clinician/ }).click();
  await expect(dialog.getByLabel(/NPI Number/)).toBeVisible();
  await shoot(page, 'users-create');
});
