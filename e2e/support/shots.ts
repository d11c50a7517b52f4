import type { Locator, Page } from '@playwright/test';

const SHOTS = process.env.E2E_SHOTS_DIR;

/**
 * A screenshot for a person to look at, in E2E_SHOTS_DIR (outside the repository; none without it).
 * A page is taken in a tall viewport, since the shell's main area scrolls by itself and a full-page
 * shot would stop at the window; a locator is taken alone.
 */
export async function shoot(target: Page | Locator, name: string, { height = 1800 } = {}): Promise<void> {
  if (!SHOTS) return;
  if (!('viewportSize' in target)) {
    await target.screenshot({ path: `${SHOTS}/${name}.png` });
    return;
  }
  const size = target.viewportSize();
  await target.setViewportSize({ width: 1280, height });
  await target.screenshot({ path: `${SHOTS}/${name}.png` });
  if (size) await target.setViewportSize(size);
}
