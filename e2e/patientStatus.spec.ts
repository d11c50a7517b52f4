import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

const ADMIN = 'internal.admin@demo.example';
type Row = Record<string, unknown>;

/** Opens the header's menu and one of its actions; the action's dialog opens. */
async function fromMenu(page: Page, label: string) {
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: /More/ }).click();
  await page.getByRole('button', { name: label }).click();
  return page.getByRole('dialog', { name: label === 'Recheck' ? 'Recheck Consented Patient' : label });
}

async function choose(page: Page, field: RegExp, option: string) {
  await page.getByRole('dialog').getByRole('button', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The status badge in the record's chart banner. */
const badge = (page: Page) => page.getByRole('group', { name: 'Status' });

test('an internal admin consents a pending patient, completes its care programs, sees it become active after Recheck, then unenrolls it keeping its device', async ({
  page,
  request,
}) => {
  // About twenty page actions on a 2-core machine shared with other suites.
  test.setTimeout(180_000);
  const server = await apiAs(request, ADMIN);
  const [northwind] = await server.get('/providers', { filter: { 'name[eq]': 'Northwind Clinic' } });
  const [pending] = await server.get('/patients', {
    filter: { 'tenant_id[eq]': northwind?.id, 'patient_status[eq]': 'pending_enrollment' },
    sort: 'id',
    order: 'asc',
    limit: '1',
  });
  const patient = pending as Row & { id: number; birthdate: string; user: { full_name: string } };
  const wrongBirthdate = `${Number(patient.birthdate.slice(0, 4)) - 1}${patient.birthdate.slice(4)}`;

  await signIn(page, ADMIN);
  await page.goto(`/patients/${patient.id}/show`);
  await expect(page.getByRole('heading', { level: 1, name: patient.user.full_name })).toBeVisible();
  await expect(badge(page)).toHaveText('Pending');
  await expect(page.getByText('No care programs')).toBeVisible();
  await shoot(page, 'status-header-pending');

  // The status dialog offers the admin its choices; looked at, then left.
  const statusDialog = await fromMenu(page, 'Set Patient Status');
  await statusDialog.getByRole('button', { name: /Status/ }).click();
  await expect(page.getByRole('option')).toHaveText(['Active', 'Declined', 'Unseen']);
  await page.getByRole('option', { name: 'Declined' }).click();
  await expect(statusDialog.getByRole('button', { name: /Decline reason/ })).toBeVisible();
  await shoot(page, 'status-dialog');
  await statusDialog.getByRole('button', { name: 'Cancel' }).click();

  // Mark consented: the wrong date of birth is refused in the spec's words, the right one passes.
  const markConsented = page.getByRole('button', { name: 'Mark Consented' });
  await expect(markConsented).toBeEnabled();
  await markConsented.click();
  const consentDialog = page.getByRole('dialog', { name: 'Mark Consented' });
  await consentDialog.getByLabel(/Date of birth/).fill(wrongBirthdate);
  await consentDialog.getByRole('button', { name: 'Mark Consented' }).click();
  await expect(consentDialog.getByText('Please acknowledge the care program warning')).toBeVisible();
  await consentDialog.getByRole('checkbox', { name: /I acknowledge the care program warning/ }).check();
  await consentDialog.getByRole('button', { name: 'Mark Consented' }).click();
  await expect(page.getByText('Unable to save changes: Date of birth does not match patient record')).toBeVisible();
  await shoot(page, 'status-mark-consented-refused');
  await consentDialog.getByLabel(/Date of birth/).fill(patient.birthdate);
  await consentDialog.getByRole('button', { name: 'Mark Consented' }).click();
  await expect(page.getByText('Patient status updated')).toBeVisible();
  await expect(consentDialog).toHaveCount(0);
  await expect(badge(page)).toHaveText('Consented');

  // Two care programs; the patient still lacks a device, so it stays consented.
  for (const program of ['RPM', 'CCM']) {
    await page.getByRole('button', { name: 'Add Care Program' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Care Program' });
    await choose(page, /Care Program/, program);
    await dialog.getByLabel(/Start Date/).fill('2026-01-05');
    await dialog.getByRole('combobox', { name: /Billing Provider/ }).fill('Hale');
    await page.getByRole('option', { name: /Hale/ }).click();
    if (program === 'RPM') await shoot(page, 'status-add-care-program');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Care program added').first()).toBeVisible();
    await expect(page.getByRole('cell', { name: program, exact: true })).toBeVisible();
  }
  await expect(badge(page)).toHaveText('Consented');

  // The device arrives through the device workflow (another screen): assigned here through the API.
  const [device] = await server.get('/devices', {
    filter: { 'tenant_id[eq]': northwind?.id, 'patient_id[eq]': null, 'is_shared_device[eq]': false, 'status[in]': ['inactive', 'active'] },
    limit: '1',
  });
  await server.put(`/devices/${String(device?.id)}`, { update_action: 'assign_to_patient', patient_id: patient.id });

  const recheck = await fromMenu(page, 'Recheck');
  await shoot(page, 'status-recheck-dialog');
  await recheck.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Rechecking completed')).toBeVisible();
  await expect(badge(page)).toHaveText('Active');
  await shoot(page, 'status-header-active');

  // Unenrol with the device still assigned: skipped, with a reason.
  const unenroll = await fromMenu(page, 'Unenroll Patient');
  await choose(page, /^Reason/, 'Patient Request');
  await unenroll.getByRole('checkbox', { name: /Skip device unassignment/ }).check();
  await unenroll.getByLabel(/Reason for keeping the devices assigned/).fill('The patient returns the device by mail');
  await unenroll.getByRole('checkbox', { name: /The team has been informed/ }).check();
  await unenroll.getByRole('checkbox', { name: /The billing provider has been informed/ }).check();
  await shoot(page, 'status-unenroll-dialog');
  await unenroll.getByRole('button', { name: 'Unenroll' }).click();
  await expect(page.getByText('Patient has been successfully unenrolled.')).toBeVisible();
  await expect(badge(page)).toHaveText('Unenrolled');
  // Unenroll is gone; the admin may still re-enrol through the status dialog (Active).
  await page.getByRole('toolbar', { name: 'Actions' }).getByRole('button', { name: /More/ }).click();
  await expect(page.getByRole('button', { name: 'Set Patient Status' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unenroll Patient' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('row', { name: /Unenrolled.*Patient Request/ })).toBeVisible();
  await shoot(page, 'status-header-unenrolled');

  // What the server kept: the device stays with the patient, the care programs ended.
  expect((await server.get(`/devices/${String(device?.id)}`)).patient_id).toBe(patient.id);
  const programs = await server.get('/service-instances', { filter: { 'patient_id[eq]': patient.id } });
  expect(programs.map((p) => p.is_active)).toEqual([false, false]);
});
