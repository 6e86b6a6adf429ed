// Issue 21 on a phone (375 px, run by the 'phone' project): account settings, a fan's /edit-profile
// and the admin's beta and bypass controls fit the screen, with buttons a thumb can press.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, registerFan, shot, uniqueEmail } from './helpers.ts';

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function expectTall(buttons: Locator) {
  for (const button of await buttons.all()) expect((await button.boundingBox())!.height, await button.innerText()).toBeGreaterThanOrEqual(44);
}

test('account settings on a phone: reached from the menu, every button at least 44 px tall', async ({ page }) => {
  await registerFan(page, uniqueEmail('phone-settings'), 'phone-settings-pass-9');
  await expect(page.getByRole('heading', { level: 1, name: 'Fan Dashboard' })).toBeVisible();
  await page.getByRole('button', { name: /Open menu/ }).click();
  await expect(page.getByRole('button', { name: /Close menu/ })).toHaveAttribute('aria-expanded', 'true');
  await page.locator('#mobile-menu').getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
  await page.getByRole('region', { name: 'Delete account' }).getByRole('button', { name: 'Delete my account…' }).click();
  await expectNoSidewaysScroll(page);
  await expectTall(page.getByRole('main').getByRole('button'));
  await shot(page, 'account-settings-phone');
  await expectAccessible(page);
});

test("a fan's /edit-profile on a phone is the account settings", async ({ page }) => {
  const fan = demoAccount('fan');
  await logIn(page, fan.email, fan.password);
  await page.goto('/edit-profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Location' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, 'edit-profile-fan-phone');
});

test('the admin users list shows beta outreach and its control on a phone; the bypass card fits', async ({ page }) => {
  const admin = demoAccount('admin');
  const band = demoAccount('band');
  await logIn(page, admin.email, admin.password);
  await page.getByLabel('Search users').fill(band.email);
  await page.getByLabel('Search users').press('Enter');
  await expect(page.getByRole('navigation', { name: 'Users pages' }).getByText('1 found · page 1 of 1')).toBeVisible();
  const users = page.getByRole('region', { name: 'Users table' });
  await expect(users.getByText(/Beta outreach: (On|Off)/)).toBeVisible();
  await expectTall(users.getByRole('button'));
  const bypass = page.getByRole('region', { name: 'Admin Bypass (Test)' });
  await bypass.scrollIntoViewIfNeeded();
  await expectTall(bypass.getByRole('button'));
  await expectNoSidewaysScroll(page);
  await shot(page, 'admin-beta-bypass-phone');
});
