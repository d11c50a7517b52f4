import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';
import { shoot } from './support/shots';

const NW_ADMIN = 'admin@northwind.demo.example';
const INTERNAL_ADMIN = 'internal.admin@demo.example';
type Row = Record<string, unknown>;

const sectionTitles = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();

test("a provider admin reads an active patient's profile, writes a note that is saved on leaving the box, and collapses the panel", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { get } = await apiAs(request, NW_ADMIN);
  const [active] = await get('/patients', { filter: { 'patient_status[eq]': 'active' }, sort: 'id', order: 'asc', limit: '1' });
  const patient = active as Row & { id: number; user: { full_name: string } };

  await signIn(page, NW_ADMIN);
  await page.goto(`/patients/${patient.id}/show`);
  await expect(page.getByRole('heading', { level: 1, name: patient.user.full_name })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Status' })).toHaveText('Active');
  const demographics = page.getByRole('region', { name: 'Demographics' });
  await expect(demographics).toContainText(/\d+ years?, (Male|Female)/);

  // The profile's sections in the spec's order; Enrollment Information sits lower for an active patient.
  await expect(page.getByRole('heading', { level: 2, name: 'Phone Numbers' })).toBeVisible();
  const titles = (await sectionTitles(page)).filter((title) => title !== 'Demographics' && title !== 'Patient Notes');
  expect(titles).toEqual([
    'Care Programs',
    'Devices',
    'Shared Devices',
    'Device History',
    'Care Team',
    'Medications',
    'Consent Form',
    'Family & Contacts',
    'Conditions & Diagnosis',
    'Patient Status History',
    'Phone Numbers',
    'Mobile App Invitation',
    'Patient Data Export',
    'Enrollment Information',
  ]);

  // The panel opens on Monitoring for a provider user.
  const panel = page.getByRole('complementary', { name: 'Patient panel' });
  await expect(panel.getByRole('tab', { selected: true })).toHaveText('Monitoring');

  const note = `Prefers calls after 9am (${Date.now()})`;
  const notes = page.getByRole('textbox', { name: 'Patient notes' });
  await notes.fill(note);
  await notes.blur();
  await expect(page.getByText(/^Saved at /)).toBeVisible();
  await shoot(page, 'patient-record-profile');

  await panel.getByRole('button', { name: 'Collapse Patient panel' }).click();
  await expect(page.getByRole('button', { name: 'Expand Patient panel' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Patient notes' })).toHaveValue(note);
  // The collapsed panel stays collapsed on the next visit.
  await expect(page.getByRole('button', { name: 'Expand Patient panel' })).toBeVisible();
  await page.getByRole('button', { name: 'Expand Patient panel' }).click();
});

test("an internal admin whose attendance is enforced does not see a pending patient's date of birth, and the panel opens on Activity", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { get } = await apiAs(request, INTERNAL_ADMIN);
  const [pending] = await get('/patients', { filter: { 'patient_status[eq]': 'pending_enrollment' }, sort: 'id', order: 'asc', limit: '1' });
  const patient = pending as Row & { id: number; birthdate: string; user: { full_name: string } };

  await signIn(page, INTERNAL_ADMIN);
  await page.goto(`/patients/${patient.id}/show`);
  await expect(page.getByRole('heading', { level: 1, name: patient.user.full_name })).toBeVisible();
  const demographics = page.getByRole('region', { name: 'Demographics' });
  const birthDate = demographics.getByRole('term').filter({ hasText: 'Date of Birth' }).locator('xpath=following-sibling::dd');
  // The page holds a blurred placeholder, never the date; screen readers hear "Hidden".
  await expect(birthDate).toContainText('Hidden');
  await expect(birthDate).not.toContainText(patient.birthdate.slice(0, 4));
  const [year, month, day] = patient.birthdate.split('-');
  await expect(page.getByRole('main')).not.toContainText(`${month}/${day}/${year}`);
  // Enrollment Information comes first for a patient not yet enrolled.
  await expect(page.getByRole('heading', { level: 2, name: 'Phone Numbers' })).toBeVisible();
  const titles = (await sectionTitles(page)).filter((title) => title !== 'Demographics' && title !== 'Patient Notes');
  expect(titles[0]).toBe('Enrollment Information');
  const panel = page.getByRole('complementary', { name: 'Patient panel' });
  await expect(panel.getByRole('tab', { selected: true })).toHaveText('Activity');
  await shoot(page, 'patient-record-pending');
});
