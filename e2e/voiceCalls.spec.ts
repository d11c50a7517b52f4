import type { Page } from '@playwright/test';
import { shoot } from './support/shots';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * A phone call with a patient (issue 22), on the built-in simulated carrier with Chromium's fake
 * microphone: a clinician calls a patient with an override number from the record's Calls tab, sees
 * 'Calling...', 'Connected' and the timer, mutes and unmutes, ends the call after a minute, confirms the
 * prefilled note, and finds the call on the record, in /voice-calls and in /account/voice-calls with its
 * duration, plays its recording, and sees the note's minute in the patient's RPM services.
 */
test.describe.configure({ mode: 'serial' });

const NUMBER = '+14155550199';

/** The panel alone, and the whole page on a phone (390 px): the panel spans the width there. */
async function both(page: Page, name: string) {
  await shoot(page.getByRole('region', { name: /^Call with/ }), `${name}-panel`);
  if (!process.env.E2E_SHOTS_DIR) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${process.env.E2E_SHOTS_DIR}/${name}-390.png` });
  if (size) await page.setViewportSize(size);
}

test('a clinician calls a patient, ends the call after a minute, and the call becomes a minute of RPM care time', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'clinician@northwind.demo.example');
  await page.setViewportSize({ width: 1440, height: 900 });
  // A patient with an RPM program and no RPM care time this month (not the first: the care-time e2e takes that one).
  await page.goto('/monitoring?view=rpm');
  const fresh = page
    .getByRole('row')
    .filter({ hasText: /99457\s*0 \/ 20 min/ })
    .filter({ hasText: /99091\s*0 \/ 30 min/ })
    .nth(2);
  await expect(fresh).toBeVisible();
  const patientName = ((await fresh.getByRole('cell').first().textContent()) ?? '').trim();
  expect(patientName).not.toBe('');
  await fresh.getByRole('cell').first().click();
  await expect(page).toHaveURL(/\/patients\/\d+\/show\/clinical\/care-services$/);
  await page.getByRole('main').getByRole('link', { name: 'Profile', exact: true }).click();
  await page.getByRole('tab', { name: 'Calls' }).click();
  const calls = page.getByRole('tabpanel', { name: 'Calls' });

  await calls.getByRole('button', { name: 'Call', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Call ${patientName}` });
  const start = dialog.getByRole('button', { name: 'Start Call' });
  await expect(start).toBeDisabled();
  await dialog.getByLabel('Type of call').selectOption('rpm_99457_99458');
  // In the demo only an override number is dialled: without one Start Call stays disabled.
  await expect(start).toBeDisabled();
  await dialog.getByLabel('Override number').fill('4155550199');
  await start.click();
  await expect(dialog.getByText('Please specify a valid phone number (include the international prefix).')).toBeVisible();
  await dialog.getByLabel('Override number').fill(NUMBER);
  await expect(dialog.getByLabel('Microphone')).not.toHaveValue('');
  await shoot(dialog, 'voice-call-dialog');
  await start.click();
  await expect(dialog).toBeHidden();

  const panel = page.getByRole('region', { name: `Call with ${patientName}` });
  await expect(panel.getByRole('status').first()).toHaveText('Calling...');
  await expect(calls.getByRole('button', { name: 'Call', exact: true })).toBeDisabled();
  await both(page, 'voice-call-calling');
  await expect(panel.getByRole('status').first()).toHaveText('Connected');
  await expect(panel.getByText(/^\d+s$/)).toBeVisible();
  await panel.getByRole('button', { name: 'Mute' }).click();
  await expect(panel.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await both(page, 'voice-call-connected');
  await panel.getByRole('button', { name: 'Unmute' }).click();
  await expect(panel.getByRole('button', { name: 'Mute' })).toBeVisible();

  // The panel stays while the user moves through the console.
  await page.getByRole('link', { name: 'All Patients' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Patients' })).toBeVisible();
  await expect(panel.getByRole('status').first()).toHaveText('Connected');
  await page.goBack();
  await page.getByRole('tab', { name: 'Calls' }).click();

  await expect(panel.getByText(/^1m \d+s$/)).toBeVisible({ timeout: 75_000 });
  await panel.getByRole('button', { name: 'End Call' }).click();
  await expect(panel.getByRole('status').first()).toHaveText('Call ended');
  const note = panel.getByRole('form', { name: 'Monitoring note of the call' });
  await expect(note.getByLabel('Minutes')).toHaveValue('1');
  await expect(note.getByLabel('Type')).toHaveValue('rpm_99457_99458');
  await expect(note.getByLabel('Patient contacted')).toBeChecked();
  await both(page, 'voice-call-ended');
  await note.getByRole('button', { name: 'Save Note' }).click();
  await expect(panel.getByText('Monitoring note saved: 1 min')).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toBeHidden();
  await expect(calls.getByRole('button', { name: 'Call', exact: true })).toBeEnabled();

  // On the record, in /voice-calls and in /account/voice-calls, with its duration.
  await page.reload();
  await page.getByRole('tab', { name: 'Calls' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Calls' }).getByRole('row').nth(1)).toContainText(/01:0\d/);
  await page.goto('/voice-calls');
  await expect(page.getByRole('heading', { level: 1, name: 'Voice Calls' })).toBeVisible();
  const listed = page.getByRole('row').filter({ hasText: patientName }).first();
  await expect(listed).toContainText(/01:0\d/);
  await shoot(page, 'voice-calls-list');
  await page.goto('/account/voice-calls');
  await expect(page.getByRole('heading', { level: 1, name: 'My Voice Calls' })).toBeVisible();
  const mine = page
    .getByRole('row')
    .filter({ hasText: /01:0\d/ })
    .first();
  await expect(mine).toBeVisible();
  await mine.getByRole('button', { name: /View details/ }).click();
  const details = page.getByRole('dialog', { name: 'Voice Call Details' });
  await expect(details.getByText('Simulated call: no transcript')).toBeVisible();
  const audio = details.locator('audio');
  await expect(audio).toHaveAttribute('src', /^blob:/);
  await audio.evaluate((element: HTMLAudioElement) => element.play());
  await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.5);
  await shoot(details, 'voice-call-details');

  // The note's minute is care time: 99457 at 1 of 20 minutes on Monitoring Progress.
  await page.goto('/monitoring?view=rpm');
  await page.getByRole('searchbox', { name: /Search/ }).fill(patientName);
  const services = page.getByRole('row').filter({ hasText: patientName });
  await expect(services).toHaveCount(1);
  await expect(services).toContainText(/99457\s*1 \/ 20 min/);
});
