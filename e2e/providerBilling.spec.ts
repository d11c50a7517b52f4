import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs } from './support/api';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * Provider billing (issue 17), as the operator's staff and a clinic work it: an internal billing admin
 * adds a fee-for-service organization and prices it at 0.8 of the fee schedule; invoices Northwind's
 * previous month (preview first: every line is units x price; an adjustment; submit), finds the invoice
 * in the list and its PDF with the same total; Northwind's admin sees it on /billing; an operator
 * offboards a provider after typing its name, and only that provider's patients are gone.
 */
test.describe.configure({ mode: 'serial' });

const BILLING = 'internal.billing@demo.example';
const money = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);
let invoiceNumber = '';
let invoiceTotal = '';

/** A select of the forms (a listbox button): opens it and picks the option. */
async function choose(page: Page, label: RegExp, option: string) {
  await page.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Northwind's id, through the API in a context of its own (the page's would share its sign-in). */
async function northwindId(request: APIRequestContext): Promise<number> {
  const api = await apiAs(request, BILLING);
  const [northwind] = await api.get('/providers', { filter: { 'name[eq]': 'Northwind Clinic' } });
  return northwind?.id as number;
}

test('an internal billing admin adds a fee-for-service organization priced at 0.8 of the fee schedule', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `Harbor Clinic ${Date.now().toString(36)}`;
  await signIn(page, BILLING);
  await page.goto('/providers');
  await page.getByRole('link', { name: 'Create Provider' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add organization' })).toBeVisible();
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Primary Email/).fill('office@harbor.example');
  await page.getByLabel(/^NPI Number/).fill('123456789');
  await choose(page, /^Customer Size/, 'Small');
  await choose(page, /^Time Zone/, 'America/Chicago');
  await page.getByLabel(/^Street \*/).fill('9 Harbor Way');
  await page.getByLabel(/^City/).fill('Madison');
  await page.getByLabel(/^State/).fill('WI');
  await page.getByLabel(/^ZIP Code/).fill('53703');
  await choose(page, /^Billing Scheme/, 'Fee for Service');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('NPI number must be 10 digits')).toBeVisible();
  await page.getByLabel(/^NPI Number/).fill('1234567893');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Provider created.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/providers\/\d+\/billing$/);
  await page.getByRole('button', { name: 'Add pricing' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add pricing' });
  await dialog.getByLabel(/^Proportion/).fill('0.8');
  await dialog.getByLabel(/^Volume Threshold/i).fill('0');
  await dialog.getByRole('button', { name: /Add pricing|Save|Create/ }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: /^\s*99454/ });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  const fee = money((await cells.nth(1).innerText()).trim());
  const negotiated = money(await row.getByRole('spinbutton').first().inputValue());
  expect(fee).toBeGreaterThan(0);
  expect(negotiated).toBe(Math.round(fee * 0.8));
  await shoot(page, 'billing-pricing');
});

test("the billing admin previews Northwind's previous month, adds an adjustment, submits, and finds the invoice and its PDF", async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = await northwindId(request);
  await signIn(page, BILLING);
  await page.goto(`/providers/${String(id)}/billing`);
  await page.getByRole('button', { name: 'New Invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Invoice' });
  // Newest first: this month, then the previous one.
  const month = dialog.getByLabel('Month');
  const previous = (await month.locator('option').nth(2).getAttribute('value')) ?? '';
  await month.selectOption(previous);
  await dialog.getByLabel('Vendor').selectOption({ label: 'Stripe' });
  await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled();

  await dialog.getByRole('button', { name: 'Add adjustment' }).click();
  const adjustment = dialog.getByRole('group', { name: 'Adjustment 1' });
  await adjustment.getByRole('combobox', { name: 'Patient' }).fill('an');
  await page.getByRole('listbox').getByRole('option').first().click();
  await adjustment.getByLabel('Description').fill('Replacement cuff');
  await adjustment.getByLabel('Amount ($)').fill('15.50');
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const lines = dialog.getByRole('region', { name: 'Line items' });
  await expect(lines).toBeVisible();
  const rows = lines.getByRole('row').filter({ has: page.getByRole('cell') });
  expect(await rows.count()).toBeGreaterThan(1);
  let sum = 0;
  for (const line of await rows.all()) {
    const [, units = '', price = '', amount = ''] = await line.getByRole('cell').allInnerTexts();
    expect(Math.round(Number(units) * money(price)), `${units} x ${price}`).toBe(money(amount));
    sum += money(amount);
  }
  await expect(lines.getByRole('row').filter({ hasText: 'Replacement cuff' })).toContainText('$15.50');
  const totalText = (await dialog.getByLabel('Totals').locator('dd').last().innerText()).trim();
  expect(money(totalText)).toBe(sum);
  invoiceTotal = totalText;
  await shoot(page, 'billing-invoice-preview');

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog).toBeHidden();
  const invoiceRow = page
    .getByRole('row')
    .filter({ hasText: /INV-\d{4}-\d{6}/ })
    .first();
  await expect(invoiceRow).toContainText(totalText);
  invoiceNumber = /INV-\d{4}-\d{6}/.exec(await invoiceRow.innerText())?.[0] ?? '';

  // The PDF, read back, bills the same total.
  const href = await invoiceRow.getByRole('link', { name: 'Download PDF' }).getAttribute('href');
  const pdf = await page.request.get(href ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const file = join(mkdtempSync(join(tmpdir(), 'invoice-')), 'invoice.pdf');
  writeFileSync(file, await pdf.body());
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(`Invoice ${invoiceNumber}`);
  expect(text).toContain(`Total due: ${totalText}`);
});

test("Northwind's admin finds the invoice on Billing", async ({ page }) => {
  expect(invoiceNumber).not.toBe('');
  await signIn(page, 'admin@northwind.demo.example');
  await page.goto('/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: invoiceNumber })).toContainText(invoiceTotal);
  await shoot(page, 'billing-clinic');
});

test("an operator offboards a provider after typing its name: its patients are gone, Northwind's are not", async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await apiAs(request, 'superadmin@demo.example');
  const name = `Closing Clinic ${Date.now().toString(36)}`;
  const post = async (path: string, data: Record<string, unknown>) => {
    const answer = await request.post(`/api${path}`, { headers: api.headers, data });
    expect(answer.ok(), await answer.text()).toBe(true);
    return (await answer.json()) as Record<string, unknown>;
  };
  const provider = await post('/providers', {
    name,
    email: 'office@closing.example',
    npi_number: '1234567893',
    customer_size: 'small',
    timezone: 'America/Chicago',
    address: { address_line1: '1 Last St', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
    billing_scheme: 'subscription',
  });
  const doctor = await post('/users', {
    tenant_id: provider.id,
    first_name: 'Otto',
    last_name: 'Closing',
    email: `otto.${Date.now().toString(36)}@closing.example`,
    role: 'clinician',
    staff_type: 'qualified_healthcare_professional',
    is_provider: true,
    npi_number: '1234567893',
    enabled_care_program_types: ['rpm'],
  });
  for (const first of ['Olga', 'Oren'])
    await post('/patients', {
      tenant_id: provider.id,
      billing_provider_id: doctor.id,
      birthdate: '1950-01-02',
      gender: 'Female',
      primary_condition: 'Diabetes',
      user: {
        first_name: first,
        last_name: 'Closing',
        email: `${first.toLowerCase()}.${Date.now().toString(36)}@patients.example`,
        address: { address_line1: '4 Elm Rd', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
      },
    });
  const count = async (tenantId: unknown) => {
    const answer = await request.get('/api/patients', { headers: api.headers, params: { filter: JSON.stringify({ 'tenant_id[eq]': tenantId }), limit: '1' } });
    return Number(/\/(\d+)$/.exec(answer.headers()['content-range'] ?? '')?.[1] ?? -1);
  };
  const northwind = await northwindId(request);
  const northwindBefore = await count(northwind);
  expect(await count(provider.id)).toBe(2);

  await signIn(page, 'superadmin@demo.example');
  await page.goto(`/providers/${String(provider.id)}/edit`);
  await page.getByRole('button', { name: 'Offboard Provider' }).click();
  const dialog = page.getByRole('dialog', { name: 'Offboard Provider' });
  const confirm = dialog.getByRole('button', { name: 'Offboard' });
  await dialog.getByLabel("Type the provider's name to confirm").fill(name.slice(0, -1));
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type the provider's name to confirm").fill(name);
  await confirm.click();
  await expect(page.getByText(`${name} was offboarded: 2 patients and all its data removed; the final archive is kept.`)).toBeVisible();
  await expect(page).toHaveURL(/\/providers$/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);

  expect(await count(provider.id)).toBe(0);
  expect(await count(northwind)).toBe(northwindBefore);
});
