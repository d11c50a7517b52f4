import { signIn } from './support/signIn';
import { expect, test } from './support/test';

test('the idle prompt comes at 14 minutes and the logout at 15', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'clinician@lakeside.demo.example');
  const prompt = page.getByRole('alertdialog', { name: 'Are you still here?' });

  // Idle from here on: no mouse, no keys.
  await page.clock.fastForward('13:50');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(prompt).toBeHidden();

  await page.clock.fastForward('00:11');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(/logged out in \d+ seconds/);

  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
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
