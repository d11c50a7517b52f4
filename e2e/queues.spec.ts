import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

test.describe.configure({ timeout: 90_000 });

test('the patient queue shows an acute patient first, then by risk', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, 'internal.admin@demo.example');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patient Queue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Patient Queue' })).toBeVisible();
  // The internal admin is on no care team: in their care there is nobody, so the queue says so.
  await expect(page.getByText('Showing Patients in my Care', { exact: true })).toBeVisible();
  await expect(page.getByText('No patients in your queue')).toBeVisible();
  // The empty text says the switch is why.
  await expect(page.getByText(/'Showing Patients in my Care' is on/)).toBeVisible();
  await page.getByRole('switch').click();
  await expect(page.getByText('Showing all Patients')).toBeVisible();

  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const priorityOf = async (n: number) => (await rows.nth(n).getByRole('cell').first().innerText()).trim();
  expect(await priorityOf(1)).toBe('Acute');
  const shown = await Promise.all(Array.from({ length: (await rows.count()) - 1 }, (_, i) => priorityOf(i + 1)));
  const rank = (p: string) => ['Acute', 'High', 'Medium', 'Normal', 'N/A'].indexOf(p);
  expect(shown.map(rank)).toEqual([...shown.map(rank)].sort((a, b) => a - b));
  await expect(rows.nth(1).getByRole('list', { name: 'Latest observations' })).toBeVisible();
  await shoot(page, 'patient-queue');

  await page.getByRole('button', { name: /^View/ }).click();
  await page.getByRole('option', { name: 'RPM' }).click();
  await expect(page).toHaveURL(/view=rpm/);
  await expect(page.getByRole('columnheader', { name: 'RPM Review' })).toBeVisible();
  expect(await priorityOf(1)).toBe('Acute');

  await rows.nth(1).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show\/clinical$/);
});

test("the enrollment export downloads a PDF that lists the range's patients", async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/enrollment');
  await expect(page.getByRole('heading', { level: 1, name: 'Enrollment Queue' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Provider' }).fill('North');
  await page.getByRole('option', { name: 'Northwind Clinic' }).click();
  await page.getByRole('button', { name: 'Today', exact: true }).click();

  const rows = page.getByRole('row');
  await expect(rows.nth(1)).toBeVisible();
  const names = await rows.evaluateAll((all) => all.slice(1).map((row) => (row.querySelectorAll('td')[1]?.textContent ?? '').trim()));
  expect(names.length).toBeGreaterThan(0);
  expect(names.length).toBeLessThan(10);
  await shoot(page, 'enrollment-queue');

  await page.getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export enrollment data' });
  await dialog.getByRole('radio', { name: 'Portrait' }).check();
  await shoot(page, 'enrollment-export-dialog');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^enrollment-export-.+\.pdf$/);
  const file = join(mkdtempSync(join(tmpdir(), 'queues-e2e-')), 'export.pdf');
  await download.saveAs(file);
  await expect(page.getByText('Export successful')).toBeVisible();
  await expect(dialog).toBeHidden();

  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const name of names) expect(text).toContain(name);
  expect(text).toContain(`${names.length} ${names.length === 1 ? 'patient' : 'patients'}`);
  expect(text).toContain('Northwind Clinic');
  const size = /Page size:\s+([\d.]+ x [\d.]+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
  expect(size).toBe('612 x 792');
  if (process.env.E2E_SHOTS_DIR) execFileSync('pdftoppm', ['-r', '60', '-png', '-f', '1', '-l', '1', file, `${process.env.E2E_SHOTS_DIR}/enrollment-export`]);
});
