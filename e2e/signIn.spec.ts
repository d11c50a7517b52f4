import { generate } from 'otplib';
import { enableTotp } from './support/enableTotp';
import { DEMO_PASSWORD } from './support/accounts';
import { signIn, submitCredentials } from './support/signIn';
import { expect, test } from './support/test';

test('a wrong password shows the server message as a warning', async ({ page }) => {
  await submitCredentials(page, 'admin@northwind.demo.example', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('the patient account is sent to the mobile apps', async ({ page }) => {
  await submitCredentials(page, 'patient@northwind.demo.example');
  await expect(page.getByRole('heading', { name: 'Use the mobile app' })).toBeVisible();
  await expect(page.getByText('This account belongs to a patient.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();
});

test('TOTP sign-in with a code computed by the test', async ({ page, request }) => {
  // An account the menu tests do not use: once TOTP is on, its sign-in asks for a code.
  const email = 'dr.reyes@lakeside.demo.example';
  const secret = await enableTotp(request, email);

  await submitCredentials(page, email);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const code = page.getByLabel('Authentication code');
  const verify = page.getByRole('button', { name: 'Verify' });

  await code.fill('12345');
  await expect(verify).toBeDisabled();
  const current = await generate({ secret });
  const wrong = current === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await verify.click();
  await expect(page.getByRole('alert')).toHaveText('TOTP verification failed. Please try again.');
  await expect(code).toHaveValue('');

  await code.fill(await generate({ secret }));
  await verify.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('redirectTo is honoured after sign-in', async ({ page }) => {
  await page.goto('/devices');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdevices$/);
  await page.getByLabel('Email').fill('clinician@northwind.demo.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/devices$/);
  await expect(page.getByRole('link', { name: 'Devices' })).toHaveAttribute('aria-current', 'page');
});

test('logging out in one tab logs out the others', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, 'staff@northwind.demo.example');
  const second = await context.newPage();
  await second.goto('/patients');
  await expect(second.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await first.getByRole('banner').getByRole('button', { name: 'Sky Porter' }).click();
  await first.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(first).toHaveURL(/\/login/);
  await expect(second).toHaveURL(/\/login/);
});
