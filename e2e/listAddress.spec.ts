import type { Page } from '@playwright/test';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

// Each test signs in and reloads lists several times; the shared 2-core machine is slower than the default 30 s.
test.describe.configure({ timeout: 90_000 });

const pagination = (page: Page) => page.getByRole('navigation', { name: /Pagination/ }).first();
/** What a person sees of a list: its rows' text and its range. */
async function shownList(page: Page) {
  // The rows of the list's current address, not the previous ones kept while it loads.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  // A referenced record (the device's patient) shows as #id until its name has loaded.
  await expect(page.getByRole('cell', { name: /^#\d+$/ })).toHaveCount(0);
  return { rows: await page.getByRole('row').allInnerTexts(), range: await pagination(page).innerText() };
}

test('Devices: a search, a sort, a filter, a page and a page size survive a reload, and Back and Forward move through them', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('searchbox', { name: /Search/ }).fill('860');
  await expect(page).toHaveURL(/[?&]q=860(&|$)/);
  await page.getByRole('columnheader', { name: /IMEI/ }).getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=external_id(&|$)/);
  await page.getByRole('button', { name: /^Device Status/ }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await expect(page).toHaveURL(/[?&]status=active(&|$)/);
  await pagination(page).getByRole('combobox', { name: 'Rows per page' }).selectOption('5');
  await expect(page).toHaveURL(/[?&]perPage=5(&|$)/);
  const beforePage = await shownList(page);
  await pagination(page).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(pagination(page)).toContainText('6-10 of');
  const chosen = await shownList(page);
  const address = page.url();

  await page.reload();
  await expect(page.getByRole('searchbox', { name: /Search/ })).toHaveValue('860');
  await expect(page.getByRole('columnheader', { name: /IMEI/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('button', { name: /^Device Status/ })).toContainText('Active');
  await expect(pagination(page).getByRole('combobox', { name: 'Rows per page' })).toHaveValue('5');
  expect(await shownList(page)).toEqual(chosen);
  expect(page.url()).toBe(address);

  // Back: the page before; Forward: page 2 again, each as it was.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=2/);
  await expect(pagination(page)).toContainText('1-5 of');
  expect(await shownList(page)).toEqual(beforePage);
  await page.goForward();
  await expect(pagination(page)).toContainText('6-10 of');
  expect(await shownList(page)).toEqual(chosen);
});

test('All Patients: a search by another field, a sort and a page size survive a reload; the breadcrumb back returns to them', async ({ page }) => {
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/patients');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  await page
    .getByRole('columnheader', { name: /Date of Birth/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/[?&]sort=birthdate(&|$)/);
  await page
    .getByRole('columnheader', { name: /Date of Birth/ })
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/[?&]order=desc(&|$)/);
  await pagination(page).getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  await expect(page).toHaveURL(/[?&]perPage=25(&|$)/);
  await page.getByRole('tab', { name: 'Active' }).click();
  await expect(page).toHaveURL(/[?&]status=active(&|$)/);
  const chosen = await shownList(page);
  const address = page.url();

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Active' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('columnheader', { name: /Date of Birth/ })).toHaveAttribute('aria-sort', 'descending');
  expect(await shownList(page)).toEqual(chosen);

  // Into a record and back by the breadcrumb: the same list.
  // The first cell is the row's selection box; the second its name.
  await page.getByRole('row').nth(1).getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/patients\/\d+/);
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Patients' }).click();
  await expect(page).toHaveURL(address);
  expect(await shownList(page)).toEqual(chosen);
});
