import { DEMO_PASSWORD } from './support/accounts';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

const TIMED_OUT = "Oops! Your session timed out. No worries, let's try that again!";

test('the idle prompt comes at 14 minutes and the logout at 15; the sign-in page says why and returns to the page', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'clinician@lakeside.demo.example');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Patients' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'All Patients' })).toBeVisible();
  const prompt = page.getByRole('alertdialog', { name: 'Are you still here?' });

  // Idle from here on: no mouse, no keys.
  await page.clock.fastForward('13:50');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(prompt).toBeHidden();

  await page.clock.fastForward('00:11');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(/logged out in \d+ seconds/);

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpatients$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Spec 000 section 8, word for word.
  await expect(page.getByRole('alert')).toHaveText(TIMED_OUT);

  await page.getByLabel('Email').fill('clinician@lakeside.demo.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await expect(page.getByRole('heading', { level: 1, name: 'All Patients' })).toBeVisible();
});

test('an explicit logout keeps no redirect: the next user lands on their own Home', async ({ page }) => {
  await signIn(page, 'clinician@lakeside.demo.example');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Patients' }).click();
  await expect(page).toHaveURL(/\/patients$/);
  await page.getByRole('banner').getByRole('button', { name: 'Robin Shore' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(TIMED_OUT)).toHaveCount(0);

  await page.getByLabel('Email').fill('staff@lakeside.demo.example');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('"Stay signed in" keeps the session', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'staff@lakeside.demo.example');
  const prompt = page.getByRole('alertdialog', { name: 'Are you still here?' });
  await page.clock.fastForward('14:01');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(prompt).toBeHidden();

  await page.clock.fastForward('02:00');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/login/);
});
