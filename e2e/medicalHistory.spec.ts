import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * The medical history and care plans (issue 15), as a clinician records them: a diagnosis found by
 * words of its description, a medication from the RxNorm search that is then stopped, a penicillin
 * allergy with two reactions that clears No Known Allergies, and a care plan from the heart-failure
 * template, activated and revised (the revision counts as a review).
 */
test.describe.configure({ mode: 'serial' });

const CLINICIAN = 'clinician@lakeside.demo.example';
let patientId = 0;

const record = (page: Page, tab: string) => page.goto(`/patients/${patientId}/show/clinical/${tab}`);

test.beforeAll(async ({ request }) => {
  const api = await apiAs(request, CLINICIAN);
  // A heart-failure patient the demo seed gave no care plan and no allergy (ids 3n+2, not multiples of 5).
  const patients = await api.get('/patients', { filter: { 'patient_status[eq]': 'active', 'primary_condition[eq]': 'HeartFailure' }, limit: 200 });
  const candidate = patients.map((p) => Number(p.id)).find((id) => id % 3 === 2 && id % 5 !== 0);
  expect(candidate, 'a seeded heart-failure patient without a care plan').toBeDefined();
  patientId = candidate!;
  const flag = await request.post(`/api/patients/${patientId}/allergy-intolerances/no-known-allergies`, { headers: api.headers });
  expect(flag.ok(), await flag.text()).toBe(true);
});

test('a diagnosis is added by words of its description and shows on the record', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, CLINICIAN);
  await record(page, 'medical-history/conditions');
  await expect(page.getByRole('tab', { name: 'Conditions' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: 'Add Diagnosis' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Diagnosis' });
  await dialog.getByRole('combobox', { name: /Diagnosis/ }).fill('heart fail');
  await page.getByRole('option', { name: /I50\.9/ }).click();
  await expect(dialog.getByRole('list', { name: 'Chosen diagnosis codes' })).toContainText('Heart failure, unspecified');
  await dialog.getByRole('button', { name: /Status/ }).click();
  await page.getByRole('option', { name: 'Active', exact: true }).click();
  await dialog.getByLabel(/Start Date/).fill('2026-01-15');
  await shoot(dialog, 'medical-history-add-diagnosis');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Diagnosis added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Heart failure, unspecified' }).filter({ hasText: '01/15/2026' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('I50.9');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'medical-history-conditions');

  // The profile's Conditions & Diagnosis section lists it; the demographics show the code as a badge.
  await page.goto(`/patients/${patientId}/show`);
  await expect(page.getByRole('region', { name: 'Conditions & Diagnosis' })).toContainText('Heart failure, unspecified');
});

test('a medication is found in the RxNorm search, added, then stopped', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, CLINICIAN);
  await record(page, 'medical-history/medications');
  await page.getByRole('button', { name: 'Add Medication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Medication' });
  const search = dialog.getByRole('combobox', { name: /Medication/ });
  await search.fill('me');
  await expect(dialog.getByText('Type at least 3 characters to search')).toBeVisible();
  await search.fill('metoprolol succ');
  const option = page.getByRole('option', { name: /metoprolol succinate/i }).first();
  const chosen = ((await option.textContent()) ?? '').replace(/\s*\d+$/, '').trim();
  await option.click();
  await dialog.getByRole('spinbutton', { name: /^Dose/ }).fill('25');
  await dialog.getByRole('textbox', { name: /Dose unit/ }).fill('mg');
  await dialog.getByRole('spinbutton', { name: /Frequency/ }).fill('1');
  await dialog.getByRole('button', { name: /Period unit/ }).click();
  await page.getByRole('option', { name: 'Day' }).click();
  await dialog.getByLabel(/Start Date/).fill('2026-02-01');
  await shoot(dialog, 'medical-history-add-medication');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Medication added')).toBeVisible();
  const row = page
    .getByRole('row')
    .filter({ hasText: chosen.slice(0, 30) })
    .filter({ hasText: '02/01/2026' });
  await expect(row).toContainText('25 mg, once a day');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Medication' });
  await expect(confirm).toContainText('Please confirm deletion.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Medication deleted')).toBeVisible();
  // The statement stays in the record, stopped, and is no longer edited: it may be copied and re-added.
  await expect(row).toContainText('Stopped');
  await expect(row.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Copy' })).toBeVisible();
  await shoot(page, 'medical-history-medications');
});

test('a penicillin allergy with two reactions clears No Known Allergies', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, CLINICIAN);
  await page.goto(`/patients/${patientId}/show`);
  await expect(page.getByRole('region', { name: 'Patient summary' })).toContainText('No known allergies');
  await record(page, 'medical-history/allergies');
  await expect(page.getByText('No allergies recorded for patient')).toBeVisible();
  await page.getByRole('button', { name: 'Add Allergy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Allergy' });
  await dialog.getByRole('button', { name: /Category/ }).click();
  await page.getByRole('option', { name: 'Medication' }).click();
  await dialog.getByRole('combobox', { name: /Substance/ }).fill('penic');
  await page.getByRole('option', { name: /^Penicillin\s+764146007/ }).click();
  const reactions = dialog.getByRole('combobox', { name: /Reactions/ });
  await reactions.fill('urtic');
  await page.getByRole('option', { name: /^Urticaria/ }).click();
  await reactions.fill('wheez');
  await page.getByRole('option', { name: /^Wheezing/ }).click();
  await expect(dialog.getByRole('list', { name: 'Chosen reactions' }).getByRole('listitem')).toHaveCount(2);
  await dialog.getByRole('button', { name: /Severity/ }).click();
  await page.getByRole('option', { name: 'Moderate' }).click();
  await shoot(dialog, 'medical-history-add-allergy');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Allergy added')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'Penicillin' });
  await expect(row).toContainText('Urticaria');
  await expect(row).toContainText('Wheezing');
  // Recording an allergy took No Known Allergies away: the button to set it shows again, the summary no longer says it.
  await expect(page.getByRole('button', { name: 'No Known Allergies' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'medical-history-allergies');
  await page.goto(`/patients/${patientId}/show`);
  await expect(page.getByRole('region', { name: 'Patient summary' })).not.toContainText('No known allergies');
});

test('a care plan from the heart-failure template is activated, then revised, which counts as a review', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, CLINICIAN);
  await record(page, 'care-plans');
  const plans = page.getByRole('region', { name: 'Care Plans' });
  await expect(plans.getByRole('heading', { name: 'No Active Care Plan' })).toBeVisible();
  await shoot(page, 'care-plans-none');
  await plans.getByRole('button', { name: 'Create Care Plan' }).click();
  const create = page.getByRole('dialog', { name: /Create Care Plan/ });
  await expect(create.getByRole('combobox', { name: /Template/ })).toHaveValue('heart-failure');
  await create.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Care plan created')).toBeVisible();

  const draft = plans.getByRole('row').filter({ hasText: 'Heart Failure Care Plan' });
  await expect(draft).toContainText('Draft');
  await draft.getByRole('button', { name: /^Activate/ }).click();
  await expect(page.getByText('Care plan activated')).toBeVisible();

  await plans.getByRole('tab', { name: 'Active Care Plan' }).click();
  await expect(plans.getByRole('heading', { name: 'Heart Failure Care Plan' })).toBeVisible();
  await expect(plans).toContainText('Last reviewed');
  await expect(plans).toContainText('Never');
  await expect(plans).toContainText(/Revision\s*1/);
  await plans.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: /Edit/ });
  const goals = edit.getByRole('textbox', { name: /Patient goals/ }).first();
  await goals.fill('Weigh yourself every morning and walk 20 minutes a day.');
  await shoot(edit, 'care-plan-edit');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await expect(plans).toContainText(/Revision\s*2/);
  await expect(plans).not.toContainText('Never');
  await expect(plans).toContainText('Weigh yourself every morning and walk 20 minutes a day.');
  expect(await axeViolations(page)).toEqual([]);
  await shoot(page, 'care-plans-active');

  await plans.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: /History/ });
  await expect(history).toContainText(/revised/i);
  await expect(history).toContainText(/activated/i);
});
