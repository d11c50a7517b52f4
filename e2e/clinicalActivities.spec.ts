import type { Locator, Page } from '@playwright/test';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * Clinical activities (issue 23), as new users would: an internal admin builds a two-step template
 * (a yes/no that enables a follow-up, a 5 to 10 minute step counted as RPM 99457/99458), previews it
 * and promotes it; a clinician finds it recommended for an RPM patient, runs it (the follow-up shows
 * only on "yes"; a 20-minute step asks for a reason), submits; the run waits in Pending Review; the
 * admin approves it with a 12-minute override, and the patient's 99457 shows 12 minutes more.
 */
test.describe.configure({ mode: 'serial' });

const STAMP = Date.now().toString(36);
const ACTIVITY = `Breathing check-in ${STAMP}`;
const FIRST_STEP = `Breathing ${STAMP}`;
const SECOND_STEP = `Wrap-up ${STAMP}`;
let patientName = '';
let patientPath = '';

/** A page at 1440 px and again at 390 px, for a person to look at (E2E_SHOTS_DIR). */
async function both(page: Page, name: string) {
  if (!process.env.E2E_SHOTS_DIR) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 1440, height: 1400 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-1440.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Saves a new step template and promotes it. */
async function saveAndPromote(page: Page, noun: RegExp) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/clinical-activities\/(step|activity)\/\d+$/);
  await page.getByRole('button', { name: 'Promote', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: noun });
  await confirm.getByRole('button', { name: 'Promote', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: 'Promote', exact: true })).toBeHidden();
}

/** The n-th item editor of a step template (0-based). */
const itemEditor = (page: Page, n: number): Locator => page.getByRole('article', { name: new RegExp(`^Item ${String(n + 1)}\\b`) });

test('an internal admin builds, previews and promotes a two-step activity', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'internal.admin@demo.example');
  await page.setViewportSize({ width: 1440, height: 1000 });

  // Step 1: a yes/no that enables a follow-up; 5 to 10 minutes; RPM 99457/99458.
  await page.goto('/clinical-activities/step/create');
  await page.getByLabel('Step key').fill('Breathing Check');
  await page.getByLabel('Title', { exact: true }).fill(FIRST_STEP);
  await page.getByLabel('Minimum (seconds)').fill('300');
  await page.getByLabel('Maximum (seconds)').fill('600');
  await page.getByLabel('Create a note').check();
  await page.getByLabel('RPM 99457/99458').check();
  await page.getByRole('button', { name: 'Add item' }).click();
  await itemEditor(page, 0).getByLabel('Item ID').fill('short_of_breath');
  await itemEditor(page, 0).getByLabel('Type').selectOption('yes_no');
  await itemEditor(page, 0).getByLabel('Text', { exact: true }).fill('Short of breath this week?');
  await page.getByRole('button', { name: 'Add item' }).click();
  await itemEditor(page, 1).getByLabel('Item ID').fill('breath_details');
  await itemEditor(page, 1).getByLabel('Type').selectOption('text');
  await itemEditor(page, 1).getByLabel('Text', { exact: true }).fill('When does it happen?');
  await itemEditor(page, 1)
    .getByRole('button', { name: /^Add a condition/ })
    .click();
  await itemEditor(page, 1).getByLabel('Condition 1: item').selectOption('short_of_breath');
  await itemEditor(page, 1).getByLabel('Condition 1: value').selectOption('true');
  // The key rule, word for word, until the key is lowercase with underscores.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Must be lowercase, unique and separated by underscores').first()).toBeVisible();
  await page.getByLabel('Step key').fill('breathing_check');
  // The live preview runs the step: the follow-up shows only on "yes".
  const preview = page.getByRole('complementary', { name: 'Live preview' });
  await expect(preview.getByText('When does it happen?')).toBeHidden();
  await preview.getByRole('radio', { name: 'Yes' }).check();
  await expect(preview.getByText('When does it happen?')).toBeVisible();
  await both(page, 'activity-step-editor');
  await saveAndPromote(page, /Promote step template/);

  // Step 2: a short wrap-up with no note.
  await page.goto('/clinical-activities/step/create');
  await page.getByLabel('Step key').fill('wrap_up');
  await page.getByLabel('Title', { exact: true }).fill(SECOND_STEP);
  await page.getByLabel('Minimum (seconds)').fill('30');
  await page.getByLabel('Maximum (seconds)').fill('300');
  await page.getByLabel('Create a note').uncheck();
  await page.getByRole('button', { name: 'Add item' }).click();
  await itemEditor(page, 0).getByLabel('Item ID').fill('questions_answered');
  await itemEditor(page, 0).getByLabel('Type').selectOption('checklist');
  await itemEditor(page, 0).getByLabel('Text', { exact: true }).fill("Answered the patient's questions");
  await saveAndPromote(page, /Promote step template/);

  // The activity: both steps, reviewed always, recommended for RPM patients.
  await page.goto('/clinical-activities/activity/create');
  await page.getByLabel('Title', { exact: true }).fill(ACTIVITY);
  await page.getByLabel('Description').fill('A weekly breathing check-in with the patient.');
  await page.getByLabel('Estimated duration (minutes)').fill('10');
  await page.getByLabel('Step template').selectOption({ label: `${FIRST_STEP} (breathing_check, version 1)` });
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Step template').selectOption({ label: `${SECOND_STEP} (wrap_up, version 1)` });
  await page.getByRole('button', { name: 'Add step' }).click();
  await page.getByLabel('Always require review').check();
  await page.getByLabel('Recommendation enabled').check();
  await page.getByRole('group', { name: 'Care program types' }).getByLabel('RPM').check();
  await expect(page.getByRole('group', { name: 'Care program types' }).getByLabel('RTM')).toBeDisabled();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/clinical-activities\/activity\/\d+$/);
  // Preview it in the real runner, then read the notes it would write.
  await page.getByRole('tab', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: FIRST_STEP })).toBeVisible();
  await both(page, 'activity-preview');
  await page.getByRole('tab', { name: 'Output' }).click();
  await both(page, 'activity-output');
  await page.getByRole('tab', { name: 'Edit' }).click();
  await both(page, 'activity-editor');
  await saveAndPromote(page, /Promote activity template/);

  await page.goto('/clinical-activities');
  await expect(page.getByRole('row').filter({ hasText: ACTIVITY })).toBeVisible();
  await both(page, 'activity-templates-list');
});

test('a clinician runs the recommended activity; the run waits for review', async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, 'clinician@northwind.demo.example');
  await page.setViewportSize({ width: 1440, height: 1000 });
  // A patient with an RPM program and no RPM care time this month (not one another e2e takes).
  await page.goto('/monitoring?view=rpm');
  const fresh = page
    .getByRole('row')
    .filter({ hasText: /99457\s*0 \/ 20 min/ })
    .nth(4);
  await expect(fresh).toBeVisible();
  patientName = ((await fresh.getByRole('cell').first().textContent()) ?? '').trim();
  expect(patientName).not.toBe('');
  await fresh.getByRole('cell').first().click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show\/clinical\/care-services$/);
  patientPath = new URL(page.url()).pathname.replace(/\/show\/.*$/, '');
  await page.getByRole('main').getByRole('link', { name: 'Profile', exact: true }).click();

  const panel = page.getByRole('complementary', { name: 'Patient panel' });
  await panel.getByRole('tab', { name: 'Activity' }).click();
  const offered = panel.getByRole('listitem').filter({ hasText: ACTIVITY });
  await expect(offered.getByText('Recommended')).toBeVisible();
  await both(page, 'activity-tab');
  await offered.getByRole('button', { name: `Start ${ACTIVITY}` }).click();

  const runner = page.getByRole('dialog', { name: new RegExp(ACTIVITY) });
  await expect(runner.getByRole('heading', { name: FIRST_STEP })).toBeVisible();
  // Next with nothing answered: the yes/no is always required.
  await runner.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(runner.getByText('Please complete all required fields in this step before proceeding')).toBeVisible();
  await expect(runner.getByText('When does it happen?')).toBeHidden();
  await runner.getByRole('radio', { name: 'Yes' }).check();
  await expect(runner.getByText('When does it happen?')).toBeVisible();
  await runner.getByLabel(/When does it happen\?/).fill('Climbing stairs');
  // The step took 20 minutes: a reason is asked.
  await runner.getByLabel('Minutes').fill('20');
  await runner.getByLabel('Seconds').fill('0');
  await runner.getByRole('button', { name: 'Next', exact: true }).click();
  const reason = runner.getByLabel(/Reason the time taken is outside the expected range/);
  await expect(reason).toBeVisible();
  await both(page, 'activity-runner-step');
  await reason.fill('The patient described a recent hospital visit');
  await runner.getByRole('button', { name: 'Next', exact: true }).click();

  await expect(runner.getByRole('heading', { name: SECOND_STEP })).toBeVisible();
  await runner.getByLabel("Answered the patient's questions").check();
  await runner.getByLabel('Minutes').fill('2');
  await runner.getByLabel('Seconds').fill('0');
  await runner.getByRole('button', { name: 'Review', exact: true }).click();

  await expect(runner.getByRole('heading', { name: 'Review & Submit' })).toBeVisible();
  await runner.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(runner.getByText('You must verify before proceeding.')).toBeVisible();
  await both(page, 'activity-runner-review');
  await runner.getByRole('checkbox').last().check();
  await runner.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Activity completed successfully')).toBeVisible();
  await expect(runner).toBeHidden();
  await expect(panel.getByRole('row').filter({ hasText: ACTIVITY })).toContainText('Pending Review');
});

test('the admin approves the run with a 12-minute override: 99457 shows 12 minutes more', async ({ page }) => {
  test.setTimeout(180_000);
  expect(patientName).not.toBe('');
  await signIn(page, 'internal.admin@demo.example');
  await page.setViewportSize({ width: 1440, height: 1000 });
  // A run waiting for review counts no care time.
  const thisMonth = page.getByRole('region', { name: 'Services' }).getByRole('row').nth(1);
  await page.goto(`${patientPath}/show/clinical/care-services`);
  await expect(thisMonth).toContainText(/99457\s*0 \/ 20 min/);

  await page.goto('/clinical-activity-instances');
  const row = page.getByRole('row').filter({ hasText: patientName }).filter({ hasText: ACTIVITY });
  await expect(row).toBeVisible();
  await both(page, 'activity-review-list');
  await row.getByRole('button', { name: /Details/ }).click();
  const details = page.getByRole('dialog');
  await expect(details.getByText('Climbing stairs')).toBeVisible();
  await details.getByLabel('Approved time (minutes)').first().fill('12');
  await details.getByLabel('Approved time (minutes)').last().fill('0');
  await both(page, 'activity-review-details');
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(details).toBeHidden();

  // The approved run's 12 minutes are the patient's RPM care time this month.
  await page.goto(`${patientPath}/show/clinical/care-services`);
  await expect(thisMonth).toContainText(/99457\s*12 \/ 20 min/);
  await both(page, 'activity-care-services');
  await page.goto(`${patientPath}/show/clinical/charting`);
  await expect(page.getByRole('region', { name: 'Clinical Activities' }).getByRole('row').filter({ hasText: ACTIVITY })).toContainText('Completed');
});
