import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Every axe violation on the page, of any impact, each with the elements it concerns. The page is
 * scanned once nothing on it is busy: a list shows its previous page dimmed while the next one
 * loads, and a dimmed row fails the contrast rule for a moment that no user reads it in.
 */
export async function axeViolations(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
