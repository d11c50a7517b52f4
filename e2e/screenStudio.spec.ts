import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/accounts';
import { axeViolations } from './support/axe';
import { openCollapsedGroups } from './support/openCollapsedGroups';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * Screen Studio (issue 21), as new users would: a product analyst relabels a column of All Patients,
 * removes a filter and moves a form field of Add Patient, sees the changes in words, previews the
 * list as a clinician on live data, and cannot publish; an internal admin publishes the two screens as one release; a clinician's open console
 * shows the change within a minute; the admin rolls the release back and the clinician sees the old
 * screens again. An invalid edit is shown at its place and the server refuses to publish it.
 *
 * It changes screens every other spec reads, so it runs in a project of its own after them
 * (playwright.config.ts), and it ends with the screens as they were.
 */
test.describe.configure({ mode: 'serial' });

/** Within a minute: the console asks GET /api/screens again every 60 s; a little over for the request itself. */
const WITHIN_A_MINUTE = 70_000;

async function both(page: Page, name: string) {
  if (!process.env.E2E_SHOTS_DIR) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 1400 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Whether Add Patient's Middle Name comes after Last Name (below it, or right of it in the same row). */
async function middleAfterLast(page: Page) {
  const last = await page.getByRole('textbox', { name: /^Last Name/ }).boundingBox();
  const middle = await page.getByRole('textbox', { name: /^Middle Name/ }).boundingBox();
  return last !== null && middle !== null && (middle.y > last.y + 1 || (Math.abs(middle.y - last.y) <= 1 && middle.x > last.x));
}

const changes = (page: Page) => page.getByRole('list', { name: 'Changes' }).getByRole('listitem');

test('a product analyst changes All Patients and Add Patient, sees the changes in words, and cannot publish', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'analyst@demo.example');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await openCollapsedGroups(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Screen Studio' }).click();
  await expect(page).toHaveURL(/\/screen-studio$/);
  await expect(page.getByRole('heading', { name: 'Screen Studio', level: 1 })).toBeVisible();
  // An analyst chooses nothing for a release: there is no publishing here for them.
  await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  await both(page, 'studio-list-analyst');

  await page.getByRole('link', { name: 'patients.list', exact: true }).click();
  await expect(page).toHaveURL(/\/screen-studio\/patients\.list$/);
  await page.getByRole('textbox', { name: 'Label of column Name' }).fill('Patient');
  await page.getByRole('button', { name: 'Remove filter Consented By' }).click();
  await page.getByRole('tab', { name: /^Changes/ }).click();
  await expect(changes(page)).toHaveText(['filter Consented By removed', 'label of column Name changed to Patient']);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await expect(page.getByText('No problems: this definition can be published.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Draft submitted for review')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Edit' }).click();
  await both(page, 'studio-editor-list');

  // The draft on live data, as a clinician of Northwind would see it; nothing it does is written.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await page.getByRole('combobox', { name: 'Preview as' }).selectOption('clinician');
  await page.getByRole('combobox', { name: 'Of the provider' }).selectOption({ label: 'Northwind Clinic' });
  await page.getByRole('button', { name: 'Show preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('columnheader', { name: 'Patient' })).toBeVisible();
  await expect(preview.getByRole('columnheader', { name: 'Name', exact: true })).toHaveCount(0);
  await expect(preview.getByRole('row').nth(1)).toBeVisible();
  // The clinician's list has no Consented By filter any more, and no Provider column (a provider user's list).
  await expect(preview.getByRole('columnheader', { name: 'Provider' })).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  await both(page, 'studio-preview-clinician');

  await page.goto('/screen-studio/patients.create');
  await page.getByRole('button', { name: 'Move field Middle Name down' }).click();
  // An invalid edit, shown at its place: First Name hidden, which the server requires.
  const firstName = page.getByRole('listitem', { name: 'field First Name' });
  await firstName.getByRole('checkbox', { name: 'Hidden' }).check();
  await expect(firstName.getByText('The server needs this field to create the record: it cannot be hidden or left out of the form.')).toBeVisible();
  await expect(page.getByText('1 problem to mend before publishing')).toBeVisible();
  await both(page, 'studio-editor-problem');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('No problems: this definition can be published.')).toBeVisible();
  await page.getByRole('tab', { name: /^Changes/ }).click();
  await expect(changes(page)).toHaveText(['field Middle Name moved from position 2 to 3']);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Draft saved')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await expect(page.getByText('Draft submitted for review')).toBeVisible();

  // Add Patient previewed as a Northwind admin: the form may be filled in, but its Save is disabled.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await page.getByRole('combobox', { name: 'Preview as' }).selectOption('admin');
  await page.getByRole('combobox', { name: 'Of the provider' }).selectOption({ label: 'Northwind Clinic' });
  await page.getByRole('button', { name: 'Show preview' }).click();
  const form = page.getByRole('region', { name: 'Preview' });
  await form.getByRole('textbox', { name: /^First Name/ }).fill('Ada');
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(form.getByText('Nothing is written in a preview')).toBeAttached();

  // The JSON editor edits the same draft: the meta-schema's editor loads on its tab.
  await page.getByRole('tab', { name: 'JSON' }).click();
  // CodeMirror draws the lines in view only: page down through the draft to the form's own sections, which the move wrote.
  const json = page.getByRole('textbox', { name: 'JSON of patients.create' });
  await json.click();
  await expect
    .poll(
      async () => {
        if ((await json.textContent())?.includes('"user.middle_name"')) return true;
        await page.keyboard.press('PageDown');
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await both(page, 'studio-editor-json');
});

test('the server refuses to publish an invalid definition, and the studio shows the problem at its column', async ({ page, request }) => {
  const login = async (email: string) => {
    const answer = await request.post('/api/auth/login', { form: { username: email, password: DEMO_PASSWORD, client_id: 'webapp' } });
    return { Authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}` };
  };
  const analyst = await login('analyst@demo.example');
  const admin = await login('internal.admin@demo.example');
  const screen = (await (await request.get('/api/screen-studio/screens/locations.list', { headers: analyst })).json()) as {
    definition: { columns: Record<string, unknown>[] };
  };
  const broken = { ...screen.definition, columns: screen.definition.columns.map((column, i) => (i === 2 ? { ...column, cell: 'hologram' } : column)) };
  const draft = await request.put('/api/screen-studio/screens/locations.list/draft', { headers: analyst, data: { definition: broken, revision: null } });
  expect(draft.status()).toBe(200);
  const refused = await request.post('/api/screen-studio/releases', {
    headers: admin,
    data: { name: 'Broken', screens: [{ id: 'locations.list', revision: 1 }] },
  });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { detail: { loc: unknown[] }[] }).detail[0]?.loc).toEqual(['body', 'screens', 0, 'definition', 'columns', '2', 'cell']);

  await signIn(page, 'internal.admin@demo.example');
  await page.goto('/screen-studio/locations.list');
  const column = page.getByRole('listitem', { name: 'column City' });
  await expect(column.getByText(/unknown cell "hologram"/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: 'Discard draft' }).click();
  await expect(page.getByText('Draft discarded')).toBeVisible();
  await expect(page.getByText('No problems: this definition can be published.')).toBeVisible();

  // The same mistake typed in the JSON editor: shown at its column in the structured editor.
  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: 'JSON of locations.list' });
  await json.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(broken, null, 2));
  await expect(page.getByText('1 problem to mend before publishing')).toBeVisible();
  await page.getByRole('tab', { name: 'Edit' }).click();
  await expect(column.getByText(/unknown cell "hologram"/)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Cell of column City' })).toHaveValue('hologram');
});

test('an internal admin publishes both as one release, an open console shows it within a minute, and a rollback brings the old screens back', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const clinicianContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const clinician = await clinicianContext.newPage();
  await signIn(clinician, 'clinician@northwind.demo.example');
  await clinician.goto('/patients');
  await expect(clinician.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  // Meanwhile the clinic's admin is adding a patient: what they typed survives the new screens.
  const addingContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const adding = await addingContext.newPage();
  await signIn(adding, 'admin@northwind.demo.example');
  await adding.goto('/patients/create');
  await adding.getByRole('textbox', { name: /^First Name/ }).fill('Ada');
  await adding.getByRole('textbox', { name: /^Last Name/ }).fill('Lovelace');

  const adminContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const admin = await adminContext.newPage();
  await signIn(admin, 'internal.admin@demo.example');
  await admin.goto('/screen-studio');
  await admin.getByRole('checkbox', { name: 'Choose patients.list for the release' }).check();
  await admin.getByRole('checkbox', { name: 'Choose patients.create for the release' }).check();
  await admin.getByRole('button', { name: 'Publish 2 screens as a release' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Publish a release' });
  await expect(dialog.getByRole('list', { name: 'Screens in this release' })).toContainText('label of column Name changed to Patient');
  await expect(dialog.getByRole('list', { name: 'Screens in this release' })).toContainText('field Middle Name moved from position 2 to 3');
  await dialog.getByRole('textbox', { name: 'Release name' }).fill('Shorter patient labels');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('Asked by the clinics');
  await both(admin, 'studio-publish-dialog');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText('Published "Shorter patient labels"')).toBeVisible();
  await expect(admin.getByRole('listitem', { name: 'Release Shorter patient labels' })).toContainText('patients.create version');
  await both(admin, 'studio-list-released');

  // The clinician's open console, untouched: the new screens arrive within a minute, with no reload.
  await expect(clinician.getByRole('columnheader', { name: 'Patient' })).toBeVisible({ timeout: WITHIN_A_MINUTE });
  await expect(clinician.getByRole('columnheader', { name: 'Name', exact: true })).toHaveCount(0);
  await both(clinician, 'studio-clinician-after-release');
  await expect.poll(() => middleAfterLast(adding), { timeout: WITHIN_A_MINUTE }).toBe(true);
  await expect(adding.getByRole('textbox', { name: /^First Name/ })).toHaveValue('Ada');
  await expect(adding.getByRole('textbox', { name: /^Last Name/ })).toHaveValue('Lovelace');
  // Add Patient: Middle Name now comes after Last Name.
  await admin.goto('/patients/create');
  await expect(admin.getByRole('textbox', { name: /^Middle Name/ })).toBeVisible();
  await both(admin, 'studio-add-patient-after-release');
  expect(await middleAfterLast(admin)).toBe(true);
  // The history compares any two versions in words.
  await admin.goto('/screen-studio/patients.list');
  await admin.getByRole('tab', { name: 'History' }).click();
  const compared = admin.getByRole('region', { name: 'Compare versions' });
  await expect(compared.getByRole('listitem')).toHaveText(['filter Consented By removed', 'label of column Name changed to Patient']);
  await both(admin, 'studio-history-compare');
  await admin.goto('/screen-studio');

  await admin.getByRole('button', { name: 'Roll back Shorter patient labels' }).click();
  await expect(admin.getByText('Rolled back "Shorter patient labels"')).toBeVisible();
  await expect(admin.getByRole('listitem', { name: 'Release Rollback of Shorter patient labels' })).toBeVisible();
  await expect(clinician.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible({ timeout: WITHIN_A_MINUTE });
  await expect(clinician.getByRole('columnheader', { name: 'Patient' })).toHaveCount(0);
  await clinicianContext.close();
  await addingContext.close();
  await adminContext.close();
});

test('an internal admin grants the analyst publishing, and the analyst then publishes a change alone', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  const adminApi = await apiAs(request, 'internal.admin@demo.example');
  const [analyst] = await adminApi.get('/users', { filter: { 'email[eq]': 'analyst@demo.example' } });
  await signIn(page, 'internal.admin@demo.example');
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.goto(`/internal-users/${String(analyst?.id)}`);
  const grant = page.getByRole('switch', { name: /^May Publish Screens/ });
  await expect(grant).not.toBeChecked();
  await grant.click();
  expect(await axeViolations(page)).toEqual([]);
  await both(page, 'studio-grant-publishing');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();

  const analystContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
  const analystPage = await analystContext.newPage();
  await signIn(analystPage, 'analyst@demo.example');
  await analystPage.goto('/screen-studio/locations.list');
  await analystPage.getByRole('textbox', { name: 'Label of column City' }).fill('Town');
  await analystPage.getByRole('button', { name: 'Save draft' }).click();
  await expect(analystPage.getByText('Draft saved')).toBeVisible();
  await expect(analystPage.getByRole('button', { name: 'Submit for review' })).toHaveCount(0);
  await analystPage.getByRole('button', { name: 'Publish', exact: true }).click();
  const dialog = analystPage.getByRole('dialog', { name: 'Publish a release' });
  await dialog.getByRole('textbox', { name: 'Release name' }).fill('Town, not City');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(analystPage.getByText(/Published/).first()).toBeVisible();
  const served = (await adminApi.get('/screens')) as unknown as { id: string; columns?: { label?: string }[] }[];
  expect(served.find((screen) => screen.id === 'locations.list')?.columns?.some((column) => column.label === 'Town')).toBe(true);
  await analystContext.close();
});
