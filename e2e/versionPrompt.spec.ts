import { signIn } from './support/signIn';
import { expect, test } from './support/test';

const NEXT_BUILD = { version: '9.9.9', build: 'next' };

test('a new deployment is offered within a minute; Skip keeps this version', async ({ page }) => {
  await page.clock.install();
  await page.route('/signature.json', (route) => route.fulfill({ json: NEXT_BUILD }));
  await signIn(page, 'staff@northwind.demo.example');
  const prompt = page.getByRole('dialog', { name: 'A new version is available' });
  await expect(prompt).toBeHidden();
  await page.clock.fastForward('01:00');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Skip' }).click();
  await expect(prompt).toBeHidden();
  await page.clock.fastForward('01:00');
  await expect(prompt).toBeHidden();
});

test('Update reloads the console', async ({ page }) => {
  await page.clock.install();
  await page.route('/signature.json', (route) => route.fulfill({ json: NEXT_BUILD }));
  await signIn(page, 'staff@lakeside.demo.example');
  await page.evaluate(() => Object.assign(window, { beforeUpdate: true }));
  await page.clock.fastForward('01:00');
  await page.getByRole('dialog', { name: 'A new version is available' }).getByRole('button', { name: 'Update' }).click();
  await expect.poll(() => page.evaluate(() => 'beforeUpdate' in window)).toBe(false);
  // The session survives the reload (the refresh cookie).
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
