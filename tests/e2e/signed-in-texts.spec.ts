import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

// Issue 21: the spec's texts where the spec puts them, and screens that say only what is true.
test("/dashboard says 'Loading profile…' while the account loads", async ({ page }) => {
  await logIn(page, demoAccount('fan').email, demoAccount('fan').password);
  await page.route('**/api/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/dashboard');
  await expect(page.getByText('Loading profile…')).toBeVisible();
  await expect(page.getByText('Loading…', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Fan Dashboard' })).toBeVisible();
});

test("an account whose profile is missing reads 'User data not found' on its dashboard", async ({ page }) => {
  await logIn(page, demoAccount('band').email, demoAccount('band').password);
  await page.route('**/api/me', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { me: { profile: unknown } };
    await route.fulfill({ response, json: { me: { ...body.me, profile: null } } });
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('alert')).toHaveText('User data not found');
  await shot(page, 'dashboard-user-data-not-found');
});

test("/promoter/{slug} shows the promoter, and an unknown slug says 'Promoter not found.'", async ({ page }) => {
  await page.goto('/promoter/northsidesound');
  await expect(page.getByRole('heading', { level: 1, name: 'Northside Sound' })).toBeVisible();
  await page.goto('/promoter/no-such-promoter');
  await expect(page.getByRole('heading', { level: 1, name: 'Promoter not found.' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'promoter-not-found');
});

test("the banner invites visitors to register free, and not people already signed in", async ({ page }) => {
  await page.goto('/gigs');
  await expect(page.getByRole('link', { name: 'register free' })).toBeVisible();
  await logIn(page, demoAccount('musician').email, demoAccount('musician').password);
  await expect(page.getByText(/text MUSIC to/i).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'register free' })).toHaveCount(0);
});

test('a musician with no tickets sees where to find a show', async ({ page }) => {
  await logIn(page, demoAccount('musician').email, demoAccount('musician').password);
  const tickets = page.getByRole('region', { name: 'Your tickets' });
  await expect(tickets.getByText('No tickets yet.')).toBeVisible();
  await expect(page.getByText("You'll receive weekly emails or texts with upcoming gigs in")).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'musician-dashboard-no-tickets');
  await tickets.getByRole('link', { name: 'Find a show' }).click();
  await expect(page).toHaveURL(/\/gigs$/);
});
