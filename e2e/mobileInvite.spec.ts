import type { Page } from '@playwright/test';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { shoot } from './support/shots';
import { expect, test } from './support/test';

/**
 * The mobile-app invitation (spec 001 profile section 12, spec 002 /otp): a clinician makes a
 * one-time code for a patient through the API (the card is not on the record's screen yet), and the
 * patient, signed out, opens /otp?code=..., chooses a password and is sent to the mobile app; the
 * same code then no longer works.
 */
const ADMIN = 'admin@lakeside.demo.example';
const CLINICIAN = 'clinician@lakeside.demo.example';
const PASSWORD = 'Tulip!Harbor-2026x';
const BAD_CODE = 'This code is not valid or has already been used.';

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

test('a patient sets a password with the invitation code on /otp, and the code works once', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A patient of Lakeside of its own, with an address (the admin adds patients; the clinician invites).
  const admin = await apiAs(request, ADMIN);
  const [clinicianUser] = await admin.get('/users', { filter: { 'email[eq]': CLINICIAN } });
  const email = `opal.invite.${Date.now().toString(36)}@patients.example`;
  const created = await request.post('/api/patients', {
    headers: admin.headers,
    data: {
      birthdate: '1952-09-21',
      gender: 'Female',
      billing_provider_id: clinicianUser?.id,
      primary_condition: 'Diabetes',
      user: {
        first_name: 'Opal',
        last_name: 'Invite',
        email,
        address: { address_line1: '4 Elm Rd', city: 'Madison', state: 'WI', zip_code: '53703', country: 'US' },
      },
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const patient = (await created.json()) as { id: number };

  const clinician = await apiAs(request, CLINICIAN);
  const answer = await request.post(`/api/patients/${patient.id}/invite-code`, { headers: clinician.headers, data: { send_email: false } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { token, emailed } = (await answer.json()) as { token: string; expires_at: string; emailed: boolean };
  expect(emailed).toBe(false);

  // Signed out: the page is public.
  await page.goto(`/otp?code=${encodeURIComponent(token)}`);
  await expect(page).toHaveURL(/\/otp\?code=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code' })).toHaveValue(token);
  await expect(page.getByText('Code accepted. Choose your password.')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'otp');

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page.locator('body'), 'otp-390');

  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Password set' })).toBeVisible();
  await expect(page.getByText('Your password is set. Sign in to the mobile app to get started.')).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page.locator('body'), 'otp-patient-success-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The password is set: the console refuses the patient with it (patients use the app), not for a wrong password.
  const signIn = await request.post('/api/auth/login', { form: { username: email, password: PASSWORD, client_id: 'webapp' } });
  expect(signIn.status()).toBe(403);
  expect(await signIn.json()).toEqual({ detail: 'User account belongs to patient' });

  // The same code again: said under the Code field, and no password fields.
  await page.goto(`/otp?code=${encodeURIComponent(token)}`);
  const code = page.getByRole('textbox', { name: 'Code' });
  await expect(code).toHaveAccessibleDescription(BAD_CODE);
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Confirm Password')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'otp-used-code');

  // Reset empties the field.
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(code).toHaveValue('');
  await expect(page.getByText(BAD_CODE)).toHaveCount(0);
});
