import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs } from './support/api';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * The working day (issue 19; spec 001 "Home", 002 "Attendance", "Availability", "Provider
 * analytics", "Reports"), as its users work it: a tracked clinician checks in from Home with the
 * browser's position, marks a patient consented in person, checks out and finds the record in My
 * Attendance; an internal admin keeps a clinician's weekly availability; Provider Analytics draws
 * its charts; a monitoring report is generated and read as a PDF.
 */
const CLINICIAN = 'internal.clinician@demo.example';
const ADMIN = 'internal.admin@demo.example';
type Row = Record<string, unknown>;

const BOSTON = { latitude: 42.3601, longitude: -71.0589 };

/** POST through the API as `email` (the support helper reads and puts only). */
async function postAs(request: APIRequestContext, email: string, path: string, data: Row = {}) {
  const { headers } = await apiAs(request, email);
  return request.post(`/api${path}`, { headers, data });
}

test.describe('check-in', () => {
  test.use({ geolocation: BOSTON, permissions: ['geolocation'] });

  test('a tracked clinician checks in from Home, marks a patient consented in person, checks out, and finds the record in My Attendance', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);
    // The seed checks the clinician in; this scenario starts from a day not yet begun.
    await postAs(request, CLINICIAN, '/attendances/check-out');
    const api = await apiAs(request, CLINICIAN);
    const [northwind] = await api.get('/providers', { filter: { 'name[eq]': 'Northwind Clinic' } });
    const [pending] = await api.get('/patients', {
      filter: { 'tenant_id[eq]': northwind?.id, 'patient_status[eq]': 'pending_enrollment', 'virtual_enrollment[eq]': false },
      sort: 'id',
      order: 'desc',
      limit: '1',
    });
    const patient = pending as Row & { id: number; birthdate: string; user: { full_name: string } };

    await signIn(page, CLINICIAN);
    const checkIn = page.getByRole('region', { name: 'Check-In' });
    await expect(checkIn.getByText('You are not checked in.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your metrics' })).toBeVisible();

    // Not checked in: the patient cannot be marked consented in person.
    await page.goto(`/patients/${patient.id}/show`);
    await expect(page.getByRole('heading', { level: 1, name: patient.user.full_name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark Consented' })).toBeDisabled();

    await page.goto('/');
    await checkIn.getByLabel('Location').selectOption({ index: 1 });
    const location = (await checkIn.getByLabel('Location').locator('option:checked').textContent()) ?? '';
    await shoot(page, 'workday-home-check-in');
    await checkIn.getByRole('button', { name: 'Check In' }).click();
    await expect(page.getByText('Check-in successful')).toBeVisible();
    await expect(checkIn.getByText('Checked in')).toBeVisible();
    await expect(checkIn.getByText(location)).toBeVisible();
    const [open] = await api.get('/attendances', { filter: { 'check_out_time[eq]': null }, limit: '5' });
    expect(open).toMatchObject({ latitude_checked_in: BOSTON.latitude, longitude_checked_in: BOSTON.longitude, check_out_time: null });
    await shoot(page, 'workday-home-checked-in');

    // Checked in: Mark Consented is open to the patient's date of birth.
    await page.goto(`/patients/${patient.id}/show`);
    const markConsented = page.getByRole('button', { name: 'Mark Consented' });
    await expect(markConsented).toBeEnabled();
    await markConsented.click();
    const consentDialog = page.getByRole('dialog', { name: 'Mark Consented' });
    await consentDialog.getByLabel(/Date of birth/).fill(patient.birthdate);
    const acknowledge = consentDialog.getByRole('checkbox', { name: /I acknowledge the care program warning/ });
    if (await acknowledge.isVisible()) await acknowledge.check();
    await consentDialog.getByRole('button', { name: 'Mark Consented' }).click();
    await expect(page.getByText('Patient status updated')).toBeVisible();

    // Home lists the patient among the clinician's own consented patients.
    await page.goto('/');
    const consented = page.getByRole('region', { name: 'My Consented Patients' });
    await expect(consented.getByRole('row', { name: new RegExp(patient.user.full_name) })).toBeVisible();

    await checkIn.getByRole('button', { name: 'Check Out' }).click();
    await expect(page.getByText('Check-out successful')).toBeVisible();
    await expect(checkIn.getByText('You are not checked in.')).toBeVisible();

    await page.getByRole('navigation').getByRole('link', { name: 'My Attendance' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My Attendance' })).toBeVisible();
    const today = page.getByRole('row').filter({ hasText: location }).first();
    await expect(today).toBeVisible();
    await today.getByRole('button', { name: /Details/ }).click();
    const details = page.getByRole('dialog', { name: 'Attendance Details' });
    await expect(details.getByRole('region', { name: 'Check-in' })).toContainText('42.360100, -71.058900');
    await expect(details.getByRole('region', { name: 'Check-out' })).toContainText('42.360100, -71.058900');
    await shoot(page, 'workday-my-attendance-details');
    await details.getByRole('button', { name: 'Close' }).click();

    // As the seed left it: checked in, for the scenarios that consent patients as this clinician.
    const [anyLocation] = await api.get('/locations', { limit: '1' });
    await postAs(request, CLINICIAN, '/attendances/check-in', { location_id: anyLocation?.id });
  });
});

/** yyyy-mm-dd of a date, by its UTC fields (the days are built in UTC and the browser runs in UTC). */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
const label = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][date.getUTCDay()] ?? ''} ${date.getUTCMonth() + 1}/${date.getUTCDate()}`;
};

/** The clinician's slot blocks in the calendar's week. */
const slots = (page: Page) => page.getByRole('region', { name: 'Availability week' }).getByRole('button', { name: /^Availability of Clara/ });

test.describe('availability', () => {
  test.use({ timezoneId: 'UTC' });

  test("an internal admin adds a clinician's weekly slot, moves it from the third week on, removes the fourth, and the calendar shows exactly the rest", async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await apiAs(request, ADMIN);
    const [clinician] = await admin.get('/users', { filter: { 'email[eq]': CLINICIAN } });
    // Next week's Monday and the five Mondays after it.
    const today = isoDay(new Date());
    const sunday = addDays(today, -new Date(`${today}T00:00:00Z`).getUTCDay());
    const mondays = Array.from({ length: 6 }, (_, i) => addDays(sunday, 8 + i * 7));

    await signIn(page, ADMIN);
    await page.goto('/availability');
    await expect(page.getByRole('heading', { level: 1, name: 'Availability' })).toBeVisible();
    await page.getByRole('combobox', { name: 'User' }).selectOption({ label: String(clinician?.full_name) });
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: `Add availability on ${label(mondays[0] as string)} at 9:00am` }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Availability' });
    await dialog.getByLabel('User').selectOption({ label: String(clinician?.full_name) });
    await expect(dialog.getByLabel('Date')).toHaveValue(mondays[0] as string);
    await dialog.getByLabel('Start time').selectOption({ label: '9:00am' });
    await dialog.getByLabel('End time').selectOption({ label: '12:00pm' });
    await dialog.getByRole('switch', { name: 'Repeat' }).click();
    await dialog.getByLabel('Repeats').selectOption('weekly');
    await dialog.getByLabel('Repeat until').fill(mondays[5] as string);
    await shoot(page, 'workday-availability-add');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Availability added')).toBeVisible();
    await expect(slots(page)).toHaveCount(1);

    // The third Monday: this and following move to 10:00am to 1:00pm.
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await slots(page).first().click();
    const edit = page.getByRole('dialog', { name: 'Edit Availability' });
    await edit.getByLabel('Start time').selectOption({ label: '10:00am' });
    await edit.getByLabel('End time').selectOption({ label: '1:00pm' });
    await edit.getByRole('radio', { name: 'This and following events' }).click();
    await shoot(page, 'workday-availability-edit');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Availability updated')).toBeVisible();

    // The fourth Monday: this one is deleted.
    await page.getByRole('button', { name: 'Next week' }).click();
    await slots(page).first().click();
    const remove = page.getByRole('dialog', { name: 'Edit Availability' });
    await remove.getByRole('radio', { name: 'This event' }).click();
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Availability deleted')).toBeVisible();
    await expect(slots(page)).toHaveCount(0);

    // Week by week, from the first: 9:00am twice, 10:00am, none, 10:00am twice.
    const expected = ['9:00am', '9:00am', '10:00am', null, '10:00am', '10:00am'];
    await page.getByRole('button', { name: 'Today' }).click();
    for (const [week, time] of expected.entries()) {
      await page.getByRole('button', { name: 'Next week' }).click();
      if (time === null) await expect(slots(page), `week ${week + 1}`).toHaveCount(0);
      else {
        await expect(slots(page), `week ${week + 1}`).toHaveCount(1);
        await expect(slots(page).first()).toHaveAccessibleName(new RegExp(`${time} on ${label(mondays[week] as string)}`));
      }
      if (week === 2) await shoot(page, 'workday-availability-week');
    }
    const listed = await admin.get('/availability', { start_date: mondays[0], end_date: addDays(mondays[5] as string, 1), user_id: String(clinician?.id) });
    expect((listed as Row[]).map((o) => [o.availability_date, String(o.range_start).slice(11, 16)])).toEqual([
      [mondays[0], '09:00'],
      [mondays[1], '09:00'],
      [mondays[2], '10:00'],
      [mondays[4], '10:00'],
      [mondays[5], '10:00'],
    ]);
  });
});

test('a monitoring report is generated for a provider and read as a PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate report' }).click();
  const dialog = page.getByRole('dialog', { name: 'Generate report' });
  await dialog.getByRole('button', { name: /^Type/ }).click();
  await page.getByRole('option', { name: 'Monitoring Report', exact: true }).click();
  await dialog.getByRole('combobox', { name: /Provider/ }).fill('North');
  await page
    .getByRole('option', { name: /Northwind/ })
    .first()
    .click();
  const end = isoDay(new Date());
  await dialog.getByLabel(/Range Start/).fill(addDays(end, -30));
  await dialog.getByLabel(/Range End/).fill(end);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('Report generated')).toBeVisible();
  await page
    .getByRole('row', { name: /Monitoring Report, Northwind Clinic/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/reports\/\d+\/show/);
  await expect(page.getByRole('heading', { level: 1, name: /Monitoring Report, Northwind Clinic/ })).toBeVisible();
  await expect(page.getByRole('table').first()).toBeVisible();
  await shoot(page, 'workday-report-show');
  await page.getByRole('button', { name: 'View PDF' }).click();
  await expect(page).toHaveURL(/\/pdf/);
  await expect(page.getByRole('navigation', { name: 'Pages' }).getByText(/Page 1 of \d+/)).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('canvas').first()).toBeVisible();
  // The page drawn is the report's: its text layer names it.
  await expect(page.getByTestId('pdf-page-text')).toContainText('Monitoring Report, Northwind Clinic');
  await shoot(page, 'workday-report-pdf');
});

test('Provider Analytics draws every chart for a demo provider', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.getByRole('navigation').getByRole('link', { name: 'Provider Analytics' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Provider Analytics' })).toBeVisible();
  const picker = page.getByRole('region', { name: 'Provider' }).getByRole('combobox', { name: /Provider/ });
  await picker.fill('North');
  await page
    .getByRole('option', { name: /Northwind/ })
    .first()
    .click();
  await expect(page).toHaveURL(/tenant_id=\d+/);
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText(/Active patients/i)).toBeVisible();
  const charts = [
    'Unenrolled patients',
    'Patients enrolled',
    'Declined patients',
    'Compliance',
    'Baseline deviation',
    'Device measurements',
    'Active patients by primary condition',
  ];
  for (const title of charts) {
    const figure = page.getByRole('figure', { name: title });
    await expect(figure, title).toBeVisible();
    // Drawn: a canvas, or the spec's empty text where the provider has no such events.
    await expect(figure.locator('canvas').or(figure.getByText('No data available')), title).toBeVisible({ timeout: 30_000 });
  }
  // The demo provider has enrolments and readings: those charts are drawn, not empty.
  for (const title of ['Patients enrolled', 'Device measurements', 'Active patients by primary condition'])
    await expect(page.getByRole('figure', { name: title }).locator('canvas'), title).toBeVisible();
  await shoot(page, 'workday-provider-analytics', { height: 3000 });
});
