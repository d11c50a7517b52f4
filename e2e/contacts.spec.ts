import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * Family & Contacts (spec 001 section 2, profile section 8), as a clinic admin keeps them on the
 * patient record: a spouse added as the emergency contact with a cell phone, listed, edited, found by
 * name and deleted; a patient with no contacts says so.
 */
test.describe.configure({ mode: 'serial' });

const ADMIN = 'admin@lakeside.demo.example';
let patientId = 0;
let emptyPatientId = 0;

const contactsOf = (page: Page) => page.getByRole('region', { name: 'Family & Contacts', exact: true });

test.beforeAll(async ({ request }) => {
  const api = await apiAs(request, ADMIN);
  const patients = await api.get('/patients', { filter: { 'patient_status[eq]': 'active' }, sort: 'id', order: 'asc', limit: 50 });
  const ids = patients.map((p) => Number(p.id));
  // The demo seed gives most active patients two contacts and every 7th none.
  patientId = ids.find((id) => id % 7 !== 0) ?? 0;
  emptyPatientId = ids.find((id) => id % 7 === 0) ?? 0;
  expect(patientId, 'an active Lakeside patient with contacts').toBeGreaterThan(0);
  expect(emptyPatientId, 'an active Lakeside patient without contacts').toBeGreaterThan(0);
  expect(await api.get(`/patients/${patientId}/contacts`)).not.toEqual([]);
  expect(await api.get(`/patients/${emptyPatientId}/contacts`)).toEqual([]);
});

test('a clinic admin adds an emergency contact, edits it, finds it by name and deletes it', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Quinn Marlowe ${Date.now().toString(36)}`;
  await signIn(page, ADMIN);
  await page.goto(`/patients/${patientId}/show`);
  const contacts = contactsOf(page);
  await expect(contacts.getByRole('heading', { level: 2, name: 'Family & Contacts' })).toBeVisible();
  // The seed's contacts are listed.
  await expect(contacts.getByRole('row')).not.toHaveCount(1);

  await contacts.getByRole('button', { name: 'Add Contact' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  // Full name and relationship are required; the e-mail must be valid.
  await dialog.getByRole('textbox', { name: /Email/ }).fill('quinn@');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText('Required')).toHaveCount(2);
  await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
  await dialog.getByRole('textbox', { name: /Email/ }).fill('');

  await dialog.getByRole('textbox', { name: /Full Name/ }).fill(name);
  await dialog.getByRole('button', { name: /Relationship/ }).click();
  await page.getByRole('option', { name: 'Spouse', exact: true }).click();
  await dialog.getByRole('textbox', { name: /Cell Phone/ }).fill('(608) 555-0188');
  await dialog.getByRole('switch', { name: /Emergency contact/ }).click();
  await shoot(dialog, 'contacts-add');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Contact added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Newest first: the new contact heads the list, with its number as the console shows US numbers.
  const row = contacts.getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(contacts.getByRole('row').nth(1)).toContainText(name);
  await expect(row).toContainText('Spouse');
  await expect(row).toContainText('(608) 555-0188');
  await expect(row).toContainText('Yes');

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(edit.getByRole('textbox', { name: /Full Name/ })).toHaveValue(name);
  await edit.getByRole('textbox', { name: /Email/ }).fill('Quinn.Marlowe@Example.org');
  await edit.getByRole('textbox', { name: /Home Phone/ }).fill('608 555 0189');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Contact updated')).toBeVisible();
  await expect(edit).toBeHidden();
  // The e-mail is in the record, kept in lower case (the list has no room for it). Read through the API:
  // reopening the dialog at once showed the typed text in one CI run (closing note of session 11).
  const api = await apiAs(request, ADMIN);
  const stored = (await api.get(`/patients/${patientId}/contacts`, { filter: { q: name } })) as unknown as { email: string | null }[];
  expect(stored.map((c) => c.email)).toEqual(['quinn.marlowe@example.org']);
  // The cell phone is shown, the home phone in its tooltip (as a patient's phones are).
  await row.getByText('(608) 555-0188').hover();
  await expect(row.getByRole('tooltip')).toBeVisible();
  await expect(row.getByRole('tooltip')).toHaveText('Home: (608) 555-0189');

  // The search by name keeps only the matching contact.
  await contacts.getByRole('searchbox', { name: 'Search by Name' }).fill('Quinn Marl');
  await expect(contacts.getByRole('row')).toHaveCount(2);
  await expect(contacts.getByRole('row').nth(1)).toContainText(name);
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'contacts');

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Contact' });
  await expect(confirm).toContainText(`Delete ${name} from this patient's contacts?`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Contact deleted')).toBeVisible();
  await expect(contacts.getByText('No contacts found')).toBeVisible();
  await contacts.getByRole('searchbox', { name: 'Search by Name' }).fill('');
  await expect(contacts.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expect(contacts.getByRole('row')).not.toHaveCount(1);
});

test("a patient without contacts shows 'No contacts found'", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto(`/patients/${emptyPatientId}/show`);
  const contacts = contactsOf(page);
  await expect(contacts.getByText('No contacts found')).toBeVisible();
  await expect(contacts.getByRole('button', { name: 'Add Contact' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
