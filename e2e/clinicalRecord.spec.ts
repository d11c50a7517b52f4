import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * The clinical record (issue 14), as a clinician works it: from the Patient Queue to the metrics tab,
 * a blood pressure chart with its baseline, a reading flagged as an outlier leaving the chart and
 * moving the baseline, an assessment submitted and then marked entered in error, and an internal
 * user's AI summary of the past month.
 */
test.describe.configure({ mode: 'serial' });

let patientId = 0;
/** The clinician's API session of the first test, reused by the next (each sign-in counts toward the account's limit of 10 a minute). */
let headers: Record<string, string> = {};

/** Blood pressure readings in the chart's aria-label: 'Blood Pressure chart, 42 readings, ...'. */
async function chartedReadings(page: Page) {
  const chart = page.getByRole('dialog', { name: 'Blood Pressure' }).getByRole('img', { name: /Blood Pressure chart/ });
  await expect(chart).toBeVisible();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) readings?/.exec(label)?.[1] ?? NaN);
}

test('a Patient Queue row opens the clinical metrics tab; the blood pressure card opens its chart with the baseline', async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await apiAs(request, 'clinician@lakeside.demo.example');
  headers = api.headers;
  // An active patient with blood pressure readings and none annotated by the demo seed (ids not multiples of 5 or 7).
  const readings = await api.get('/observations-v2', { filter: { 'name[eq]': 'blood_pressure' }, limit: 200 });
  const candidate = readings.map((r) => Number(r.patient_id)).find((id) => id % 5 !== 0 && id % 7 !== 0);
  expect(candidate).toBeDefined();
  patientId = candidate!;

  await signIn(page, 'clinician@lakeside.demo.example');
  await page.goto('/patient-queue');
  await page.getByRole('row').nth(1).click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show\/clinical$/);
  await expect(page.getByRole('tab', { name: 'Metrics' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Patient Queue' })).toHaveAttribute('aria-current', 'page');

  await page.goto(`/patients/${patientId}/show/clinical`);
  const measurements = page.getByRole('region', { name: 'Measurements' });
  await expect(measurements.getByRole('button', { name: /Blood Pressure/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Algorithm Scores' })).toContainText('not a trained model');
  await shoot(page, 'clinical-metrics');
  // The chart's code (Chart.js) is loaded when a card is opened, not with the page.
  const scripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => name.endsWith('.js')),
    );
  const before = await scripts();
  await measurements.getByRole('button', { name: /Blood Pressure/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Blood Pressure' });
  expect(await chartedReadings(page)).toBeGreaterThan(10);
  expect((await scripts()).filter((name) => !before.includes(name)).some((name) => /ChartDialog/.test(name))).toBe(true);
  // The dialogs are no screen of their own: the axe scan of every screen does not open them.
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
  await expect(dialog.getByRole('button', { name: /^Annotate reading of/ }).first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await shoot(dialog, 'clinical-chart-blood-pressure');
});

test('flagging a reading as an outlier takes it off the chart and moves the baseline', async ({ page, request }) => {
  test.setTimeout(90_000);
  const chartOf = async () => {
    const answer = await request.get(`/api/patients/${patientId}/charts/blood_pressure`, { headers });
    expect(answer.ok()).toBe(true);
    return (await answer.json()) as { points: unknown[]; trend_points: unknown[] };
  };
  const before = await chartOf();
  await signIn(page, 'clinician@lakeside.demo.example');
  await page.goto(`/patients/${patientId}/show/clinical`);
  await page
    .getByRole('region', { name: 'Measurements' })
    .getByRole('button', { name: /Blood Pressure/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Blood Pressure' });
  const charted = await chartedReadings(page);

  await dialog.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Table' }).click();
  await dialog
    .getByRole('button', { name: /^Annotate reading of/ })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: /Annotate/ });
  await form.getByRole('radio', { name: 'Flag' }).check();
  await form.getByRole('combobox', { name: /Reason/ }).selectOption('outlier');
  await form.getByRole('textbox', { name: /Note/ }).fill('Cuff applied over clothing');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  await expect(dialog.getByRole('button', { name: /^Remove annotation of/ })).toHaveCount(1);

  await dialog.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Chart' }).click();
  await expect.poll(() => chartedReadings(page)).toBe(charted - 1);
  const after = await chartOf();
  expect(after.points.length).toBe(before.points.length - 1);
  expect(JSON.stringify(after.trend_points)).not.toBe(JSON.stringify(before.trend_points));
});

test('an assessment submitted shows in the runs and the donut, then is marked entered in error', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'clinician@lakeside.demo.example');
  await page.goto(`/patients/${patientId}/show/clinical/assessments`);
  const runs = page.getByRole('region', { name: 'Assessment Runs' });
  await expect(runs).toBeVisible();
  await page.getByRole('button', { name: 'New Assessment' }).click();
  const dialog = page.getByRole('dialog', { name: /Assessment/ });
  await expect(dialog.getByRole('radio').first()).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('radio').first().check();
  const title = ((await dialog.getByRole('radio').first().getAttribute('aria-label')) ?? '').trim();
  await dialog.getByRole('button', { name: 'Next' }).click();
  if (await dialog.getByRole('button', { name: 'Skip' }).isVisible()) await dialog.getByRole('button', { name: 'Skip' }).click();
  // Each question is a group of choices: answer No to a yes/no question, else the first (the mildest) choice.
  for (const group of await dialog.getByRole('group').all()) {
    const no = group.getByRole('radio', { name: 'No', exact: true });
    await ((await no.count()) ? no : group.getByRole('radio').first()).check();
  }
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Assessment successfully submitted')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = runs.getByRole('row').nth(1);
  await expect(row).toContainText('Low');
  if (title) await expect(row).toContainText(title);
  await expect(page.getByRole('region', { name: 'Triage, Past 7 Days' })).toContainText(/Past week: [1-9]/);
  await shoot(page, 'clinical-assessments');

  await row.getByRole('button', { name: 'Entered in Error' }).click();
  await page.getByRole('dialog', { name: 'Mark as Entered in Error' }).getByRole('button', { name: 'Mark' }).click();
  await expect(page.getByText('Assessment marked as entered in error')).toBeVisible();
  await runs.getByRole('switch', { name: 'Show entered in error' }).click();
  await expect(runs.getByRole('row').filter({ hasText: 'Entered in error' }).first()).toBeVisible();
});

test('an internal user generates an AI summary of the past month', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'superadmin@demo.example');
  await page.goto(`/patients/${patientId}/show/clinical/ai-summaries`);
  const summaries = page.getByRole('region', { name: 'AI Summaries' });
  await summaries.getByRole('button', { name: 'Generate AI Summary' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate AI Summary' });
  await dialog.getByRole('radio', { name: 'Past month' }).check();
  await dialog
    .getByRole('button', { name: /Generate|Save|Submit/ })
    .last()
    .click();
  await expect(page.getByText('AI summary generated')).toBeVisible();
  await expect(summaries.getByRole('row').nth(1)).toContainText('built-in');
  await expect(summaries.getByRole('row').nth(1)).toContainText('Blood Pressure');
  await shoot(page, 'clinical-ai-summaries');
});

test('a demo measurement adds a reading to the blood pressure card', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'clinician@lakeside.demo.example');
  await page.goto(`/patients/${patientId}/show/clinical`);
  await page.getByRole('button', { name: 'Demo Measurement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Demo Measurement' });
  await shoot(dialog, 'clinical-demo-measurement');
  await dialog.getByRole('button', { name: /Device Type/ }).click();
  await page.getByRole('option', { name: 'Blood Pressure' }).click();
  await dialog.getByRole('spinbutton', { name: /Systolic/ }).fill('163');
  await dialog.getByRole('spinbutton', { name: /Diastolic/ }).fill('97');
  await dialog.getByRole('spinbutton', { name: /Pulse/ }).fill('88');
  await dialog.getByLabel(/Measurement Date/).fill(new Date(Date.now() - 60_000).toISOString().slice(0, 16));
  await dialog.getByRole('button', { name: 'Add Measurement' }).click();
  await expect(page.getByText('Demo measurement added.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Measurements' }).getByRole('button', { name: /Blood Pressure/ })).toContainText('163/97');
});
