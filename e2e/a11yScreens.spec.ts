import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiAs } from './support/api';
import { axeViolations } from './support/axe';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

/**
 * Every screen of screens/ is scanned by axe, as an internal admin and as a provider admin, with
 * zero violations of any impact: the definitions are many and change per release, so the scan
 * follows them rather than a list kept by hand. A route's :id is the first record its resource
 * lists for that user; a show screen's tabs are each scanned too.
 */
interface ScreenFile {
  id: string;
  route?: string;
  resource?: string;
  kind: string;
  access?: unknown;
}
const SCREENS = readdirSync(join(import.meta.dirname, '..', 'screens'))
  .filter((name) => name.endsWith('.json') && name !== 'screen.schema.json')
  .map((name) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'screens', name), 'utf8')) as ScreenFile)
  .filter((screen) => screen.route !== undefined);

/** The address of a screen for this user, or null where its resource has no record they can see. */
async function addressOf(screen: ScreenFile, firstId: (resource: string) => Promise<string | null>): Promise<string | null> {
  const route = (screen.route ?? '').replace(/\/:tab\?$/, '');
  if (!route.includes(':id')) return route;
  const id = await firstId(screen.resource ?? '');
  return id === null ? null : route.replace(':id', id);
}

async function scanScreens(page: Page, request: APIRequestContext, email: string, screens: readonly ScreenFile[]) {
  const api = await apiAs(request, email);
  const ids = new Map<string, string | null>();
  const firstId = async (resource: string) => {
    if (!ids.has(resource)) {
      // A resource this user may not list has no screen of a record for them either.
      const answer = await request.get(`/api/${resource}`, { headers: api.headers, params: { limit: '1' } });
      const rows = answer.ok() ? ((await answer.json()) as { id: unknown }[]) : [];
      ids.set(resource, rows[0] ? String(rows[0].id) : null);
    }
    return ids.get(resource) ?? null;
  };
  await signIn(page, email);
  const found: Record<string, unknown> = {};
  for (const screen of screens) {
    const address = await addressOf(screen, firstId);
    if (address === null) continue;
    await test.step(address, async () => {
      await page.goto(address);
      // A screen shows its title, or the shell's refusal for a screen this user may not open.
      await expect(page.getByRole('main')).not.toHaveText('');
      await expect(page.getByText('Loading…')).toHaveCount(0);
      const violations = await axeViolations(page);
      if (violations.length > 0) found[address] = violations;
      for (const tab of await page.getByRole('main').getByRole('tab').all()) {
        if ((await tab.getAttribute('aria-selected')) === 'true') continue;
        const name = await tab.innerText();
        await tab.click();
        await expect(page.getByText('Loading…')).toHaveCount(0);
        const inTab = await axeViolations(page);
        if (inTab.length > 0) found[`${address} (tab ${name})`] = inTab;
      }
    });
  }
  expect(found).toEqual({});
}

test.describe.configure({ timeout: 240_000 });

// Each user's scan in two halves (every other screen), so that the two workers share it and a test
// stays well inside its time as screens are added.
const HALVES = [SCREENS.filter((_, i) => i % 2 === 0), SCREENS.filter((_, i) => i % 2 === 1)] as const;

for (const [half, screens] of HALVES.entries()) {
  test(`every screen has no accessibility violation of any impact, for an internal admin (part ${half + 1} of 2)`, async ({ page, request }) => {
    await scanScreens(page, request, 'internal.admin@demo.example', screens);
  });

  test(`every screen has no accessibility violation of any impact, for a provider admin (part ${half + 1} of 2)`, async ({ page, request }) => {
    await scanScreens(page, request, 'admin@northwind.demo.example', screens);
  });
}
