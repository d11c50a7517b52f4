import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs } from './support/api';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

const ADMIN = 'admin@northwind.demo.example';

/** The patient as the API answers it, read as the same provider admin. */
async function patientOf(request: APIRequestContext, id: string) {
  const { get } = await apiAs(request, ADMIN);
  return (await get(`/patients/${id}`)) as unknown as {
    patient_status: string;
    insurances: unknown;
    profile: { demographics: Record<string, unknown>; copd: Record<string, unknown> };
  };
}

async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a provider admin adds a COPD patient with imperial height and weight; the record holds them in metric', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto('/patients/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate Mock Patient' })).toBeVisible();
  await page.setViewportSize({ width: 1400, height: 1000 });
  await shoot(page, 'patient-form-top');

  const last = `Fenwick${Date.now().toString(36)}`;
  await page.getByLabel(/^First Name/).fill('Ada');
  await page.getByLabel(/^Last Name/).fill(last);
  await page.getByLabel(/^Date of Birth/).fill('1950-03-04');
  await choose(page, /Sex at Birth/, 'Female');
  await page.getByLabel('Email', { exact: true }).fill(`ada.${last.toLowerCase()}@example.org`);
  await page.getByLabel('Mobile Phone', { exact: true }).fill('+16085550142');
  await page.getByLabel(/^Street Address/).fill('12 Elm St');
  await page.getByLabel(/^City/).fill('Madison');
  await choose(page, /^State/, 'Wisconsin');
  await page.getByLabel(/^ZIP Code/).fill('53703');
  await page.getByRole('combobox', { name: /Billing Provider/ }).fill('Robin');
  await page.getByRole('option', { name: 'Robin Hale' }).click();

  const copd = page.getByRole('region', { name: 'COPD' });
  await expect(copd).toHaveCount(0);
  await choose(page, /Primary Condition/, 'COPD');
  await expect(copd).toBeVisible();
  await page.getByLabel('Height (feet)').selectOption('5');
  await page.getByLabel('Height (inches)').selectOption('10');
  await page.getByLabel('Weight (lb)').fill('180');
  await copd.getByLabel('Exacerbations in the Last Year').fill('2');
  await choose(page, /GOLD Stage/, 'GOLD 3');
  await copd.scrollIntoViewIfNeeded();
  await shoot(page.getByRole('region', { name: 'Monitoring configuration' }), 'patient-form-middle');
  const enrollment = page.getByRole('region', { name: 'Enrollment Information' });
  await enrollment.getByRole('button', { name: 'Add Insurance' }).click();
  await enrollment.getByLabel(/^Payer/).fill('Medicare');
  await enrollment.getByLabel('Member ID').fill('1EG4-TE5-MK72');
  await enrollment.scrollIntoViewIfNeeded();
  await shoot(page, 'patient-form-bottom');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Created patient Ada ${last}`)).toBeVisible();
  await expect(page).toHaveURL(/\/patients\/\d+\/show$/);
  const id = /\/patients\/(\d+)\/show$/.exec(page.url())?.[1] ?? '';

  const saved = await patientOf(request, id);
  expect(saved.patient_status).toBe('pending_enrollment');
  expect(saved.profile.demographics).toMatchObject({
    height: { value: 177.8, unit: 'cm', input_unit: 'ft_in' },
    weight: { value: 81.6, unit: 'kg', input_unit: 'lb' },
    bmi: 25.8,
  });
  expect(saved.profile.copd).toMatchObject({ exacerbations: 2, gold_stage: '3' });
  expect(saved.insurances).toEqual([{ payer: 'Medicare', member_id: '1EG4-TE5-MK72' }]);

  // The edit form reopens in the units typed, and shows the stored metric values in metric.
  await page.goto(`/patients/${id}`);
  await expect(page.getByLabel('Height (feet)')).toHaveValue('5');
  await expect(page.getByLabel('Height (inches)')).toHaveValue('10');
  await expect(page.getByLabel('Weight (lb)')).toHaveValue('180');
  await page.getByRole('group', { name: 'Height unit' }).getByRole('button', { name: 'cm' }).click();
  await expect(page.getByLabel('Height (cm)')).toHaveValue('177.8');
  await page.getByRole('group', { name: 'Weight unit' }).getByRole('button', { name: 'kg' }).click();
  await expect(page.getByLabel('Weight (kg)')).toHaveValue('81.6');
  await expect(page.getByRole('region', { name: 'COPD' })).toBeVisible();
});
