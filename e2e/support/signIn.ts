import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './accounts';

/** Fills the credentials step of /login. */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the page and waits for the shell's menu. */
export async function signIn(page: Page, email: string): Promise<void> {
  await submitCredentials(page, email);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}
