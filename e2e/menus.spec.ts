import { EXPECTED_MENUS } from './support/expectedMenus';
import { readAccountMenu, readSidebar } from './support/readMenu';
import { signIn } from './support/signIn';
import { expect, test } from './support/test';

for (const expected of EXPECTED_MENUS) {
  test(`${expected.email} sees exactly the menu its role allows`, async ({ page }) => {
    await signIn(page, expected.email);

    const banner = page.getByRole('banner');
    await expect(banner.getByText(expected.organisation, { exact: true })).toBeVisible();
    await expect(banner.getByText('Demo Mode', { exact: true })).toBeVisible();

    expect(await readSidebar(page)).toEqual(expected.sidebar);
    const help = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Help/ });
    await expect(help).toHaveAttribute('target', '_blank');

    expect(await readAccountMenu(page, expected.fullName)).toEqual(expected.account);
  });
}
