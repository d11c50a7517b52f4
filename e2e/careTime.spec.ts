import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * Care time becomes a claim (issue 13), as a clinic works it: a clinician writes notes on a patient
 * with an RPM program and no care time yet this month and watches 99457 and 99458 fill on the record
 * (Clinical, Care Services) and on Monitoring Progress; the ledger makes the claims; an internal billing admin marks one submitted, after which it
 * can no longer be edited, and exports the month's claims as CSV and as PDF, whose text lists the claim.
 */
test.describe.configure({ mode: 'serial' });

let patientName = '';

async function writeNote(page: Page, minutes: number, text: string) {
  const panel = page.getByRole('tabpanel', { name: 'Monitoring' });
  await panel.getByRole('button', { name: 'Add Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Note' });
  await dialog.getByRole('button', { name: /Type/ }).click();
  await page.getByRole('option', { name: 'RPM 99457/99458' }).click();
  await dialog.getByRole('textbox', { name: /Notes/ }).fill(text);
  await dialog.getByRole('spinbutton', { name: /Duration/ }).fill(String(minutes));
  await dialog
    .getByRole('radiogroup', { name: /Data reviewed/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await dialog
    .getByRole('radiogroup', { name: /Patient contacted/ })
    .getByRole('radio', { name: 'Yes' })
    .check();
  const confirm = dialog.getByRole('checkbox');
  if (await confirm.count()) await confirm.check();
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Monitoring activity created')).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** The RPM services of the patient's row on /monitoring this month, as its cell reads them. */
async function rpmServicesOf(page: Page, name: string) {
  await page.goto('/monitoring?view=rpm');
  await page.getByRole('searchbox', { name: /Search/ }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

test('a clinician writes 25 minutes of 99457/99458 time: 99457 is complete and 99458 at 5 of 20 minutes', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'clinician@northwind.demo.example');
  await page.goto('/monitoring?view=rpm');
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoring Progress' })).toBeVisible();
  // A patient with an RPM program and no RPM care time this month.
  const fresh = page
    .getByRole('row')
    .filter({ hasText: /99457\s*0 \/ 20 min/ })
    .filter({ hasText: /99091\s*0 \/ 30 min/ })
    .first();
  await expect(fresh).toBeVisible();
  patientName = ((await fresh.getByRole('cell').first().textContent()) ?? '').trim();
  expect(patientName).not.toBe('');
  // A clinician (patients.queue) lands on the record's Care Services, and moves to its profile to write notes.
  await fresh.getByRole('cell').first().click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show\/clinical\/care-services$/);
  await page.getByRole('main').getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('tab', { name: 'Monitoring' }).click();
  await writeNote(page, 25, 'Reviewed two weeks of blood pressure readings with the patient.');
  await expect(page.getByRole('tabpanel', { name: 'Monitoring' })).toContainText('Reviewed two weeks of blood pressure readings');

  // On the record: its clinical route's Care Services, this month's services first.
  await page.getByRole('link', { name: 'Clinical' }).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show\/clinical$/);
  await page.getByRole('tab', { name: 'Care Services' }).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show\/clinical\/care-services$/);
  const thisMonth = page.getByRole('region', { name: 'Services' }).getByRole('row').nth(1);
  await expect(thisMonth).toContainText(/99457\s*20 \/ 20 min \([a-z ]+\) x1/);
  await expect(thisMonth).toContainText(/99458\s*5 \/ 20 min/);

  const row = await rpmServicesOf(page, patientName);
  await expect(row).toContainText(/99457\s*20 \/ 20 min \([a-z ]+\) x1/);
  await expect(row).toContainText(/99458\s*5 \/ 20 min/);
  await expect(row).toContainText('15 min left');
});

test('a second note of 15 minutes earns the first unit of 99458 (20 of its 40), and the claims of both codes appear on Claims', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'clinician@northwind.demo.example');
  const row = await rpmServicesOf(page, patientName);
  await row.getByRole('cell').first().click();
  await page.getByRole('main').getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('tab', { name: 'Monitoring' }).click();
  await writeNote(page, 15, 'Called the patient about the morning readings.');

  await expect(await rpmServicesOf(page, patientName)).toContainText(/99458\s*20 \/ 40 min \([a-z ]+\) x1/);
  await page.goto('/claim-items');
  await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search/ }).fill(patientName);
  const claims = page.getByRole('row').filter({ hasText: patientName });
  await expect(claims.filter({ hasText: '99457' })).toHaveCount(1);
  await expect(claims.filter({ hasText: '99458' })).toHaveCount(1);
});

test('an internal billing admin marks the claim submitted: it can no longer be edited', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'internal.billing@demo.example');
  await page.goto('/claim-items');
  await page.getByRole('searchbox', { name: /Search/ }).fill(patientName);
  const claim = page.getByRole('row').filter({ hasText: patientName }).filter({ hasText: '99457' });
  await expect(claim).toHaveCount(1);
  await expect(claim.getByRole('button', { name: 'Edit' })).not.toHaveAttribute('aria-disabled', 'true');
  // The search applies after a pause and reloads the rows: tick the box once the list has settled.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A late reload clears the selection (and the bulk button with it): tick and send again until it is sent.
  await expect(async () => {
    await claim.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark Submitted' }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(claim).toContainText('Yes');
  await expect(claim.getByRole('button', { name: 'Edit' })).toHaveAttribute('aria-disabled', 'true');

  // The month of the claim's date of service, as the Export dialog asks for it.
  const dateOfService =
    (await claim
      .getByRole('cell')
      .nth(columnIndex(await headers(page), 'Date of Service'))
      .textContent()) ?? '';
  const [year, month] = monthOf(dateOfService);
  const csv = readFileSync(await exportClaims(page, 'CSV', month, year), 'utf8');
  expect(csv.split('\n').filter((line) => line.includes(patientName) && line.includes('99457'))).toHaveLength(1);
  const pdf = execFileSync('pdftotext', ['-layout', await exportClaims(page, 'PDF', month, year), '-'], { encoding: 'utf8' });
  expect(pdf).toContain(patientName);
  expect(pdf.replace(/\s+/g, ' ')).toContain('does not guarantee reimbursement');
});

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

async function headers(page: Page): Promise<string[]> {
  return (await page.getByRole('columnheader').allTextContents()).map((text) => text.trim());
}

function columnIndex(names: readonly string[], name: string): number {
  const index = names.findIndex((text) => text.startsWith(name));
  expect(index, `column ${name} in ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  return index;
}

/** The year and month name of a date as the list shows it (mm/dd/yyyy or yyyy-mm-dd). */
function monthOf(text: string): [string, string] {
  const us = /(\d{2})\/\d{2}\/(\d{4})/.exec(text);
  const iso = /(\d{4})-(\d{2})-\d{2}/.exec(text);
  const [year, month] = us ? [us[2], us[1]] : iso ? [iso[1], iso[2]] : [undefined, undefined];
  expect(year, `a date in "${text}"`).toBeDefined();
  return [String(year), MONTHS[Number(month) - 1] ?? ''];
}

/** Exports the claims of a month through the list's Export dialog; answers where the file was saved. */
async function exportClaims(page: Page, type: 'CSV' | 'PDF', month: string, year: string): Promise<string> {
  await page.getByRole('toolbar', { name: 'List actions' }).getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Claims' });
  await expect(dialog).toContainText('This export does not guarantee reimbursement; rates vary by geography.');
  await dialog.getByRole('radio', { name: type }).check();
  await dialog.getByRole('button', { name: /Month/ }).click();
  await page.getByRole('option', { name: month }).click();
  await dialog.getByRole('button', { name: /Year/ }).click();
  await page.getByRole('option', { name: year }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
  await expect(dialog).toBeHidden();
  const path = await download.path();
  expect(download.suggestedFilename()).toMatch(type === 'CSV' ? /\.csv$/ : /\.pdf$/);
  return path;
}

test('a task is created, completed with a note and reopened with a reason', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'clinician@northwind.demo.example');
  await page.goto('/patients');
  await page.getByRole('row').nth(1).getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show/);
  await page.getByRole('tab', { name: /Tasks/ }).click();
  const panel = page.getByRole('tabpanel', { name: /Tasks/ });
  await panel.getByRole('button', { name: 'Add Task' }).click();
  const add = page.getByRole('dialog', { name: 'Add Task' });
  const title = `Check the cuff fit ${Date.now()}`;
  await add.getByRole('textbox', { name: /Title/ }).fill(title);
  await add.getByLabel(/Due On/).fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10));
  await add.getByRole('button', { name: /Priority/ }).click();
  await page.getByRole('option', { name: 'Medium' }).click();
  await add.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByText('Task created')).toBeVisible();

  const task = panel.getByRole('row').filter({ hasText: title });
  await task.getByRole('button', { name: 'Complete' }).click();
  const complete = page.getByRole('dialog', { name: 'Complete Task' });
  await complete.getByRole('textbox', { name: /Note/ }).fill('Cuff replaced with a large size.');
  await complete.getByRole('button', { name: 'Complete' }).click();
  await expect(page.getByText('Task completed')).toBeVisible();

  await panel.getByRole('tab', { name: 'Completed' }).click();
  const done = panel.getByRole('row').filter({ hasText: title });
  await done.getByRole('button', { name: 'Mark Incomplete' }).click();
  const reopen = page.getByRole('dialog', { name: /Incomplete/ });
  await reopen.getByRole('textbox').fill('The patient reports the cuff still slips.');
  await reopen.getByRole('button', { name: /Incomplete/ }).click();
  await expect(page.getByText('Task marked as incomplete')).toBeVisible();
  await panel.getByRole('tab', { name: 'Open' }).click();
  await expect(panel.getByRole('row').filter({ hasText: title })).toHaveCount(1);
});
