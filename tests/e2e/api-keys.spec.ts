import { expect, test, type Page } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

// Issue 26 part 2 (decision 53): an organiser makes an API key on the dashboard, sees it once,
// reads its own gigs with it, revokes it; and the API's reference page renders, laptop and phone.

/** Errors the page logs, content security policy refusals among them. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a venue creates an API key, sees it once, reads its gigs with it and revokes it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const venue = demoAccount('venue');
  await logIn(page, venue.email, venue.password);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'API keys' });
  await expect(card.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute('href', '/api/v1/docs');

  const name = `Website ${Date.now()}`;
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText('Please give the key a name, e.g. "Our website".')).toBeVisible();
  await card.getByLabel('Key name').fill(name);
  // Issue 33, finding 11: attendees and check-ins are scopes ticked on purpose, unticked by default.
  await expect(card.getByRole('checkbox', { name: /Attendees/ })).not.toBeChecked();
  await expect(card.getByRole('checkbox', { name: /Check-ins/ })).not.toBeChecked();
  await card.getByRole('checkbox', { name: /Attendees/ }).check();
  await card.getByRole('button', { name: 'Create key' }).click();
  await expect(card.getByText(`Copy your new key “${name}” now: it is shown only this once.`)).toBeVisible();
  await expect(card.getByRole('status').getByText('Scopes: public read, attendees.')).toBeVisible();
  await expect(card.getByRole('checkbox', { name: /Attendees/ })).not.toBeChecked();
  const key = await card.getByLabel('Your new API key').inputValue();
  expect(key).toMatch(/^mq_live_[\w-]{43}$/);
  await card.getByRole('button', { name: 'Copy key' }).click();
  await expect(card.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectAccessible(page);
  await shot(page, 'api-keys-created');

  // The key reads the venue's own gigs; the answer is private (no-store) and not shared cross-origin.
  const auth = { authorization: `Bearer ${key}` };
  const mine = await page.request.get('/api/v1/me/gigs?limit=5', { headers: auth });
  expect(mine.status()).toBe(200);
  expect(mine.headers()['cache-control']).toBe('no-store');
  const body = (await mine.json()) as { data: { id: string; venue: { name: string } }[] };
  expect(body.data.length).toBeGreaterThan(0);
  const sales = await page.request.get(`/api/v1/me/gigs/${body.data[0]!.id}/sales`, { headers: auth });
  expect(sales.status()).toBe(200);
  expect((await page.request.get(`/api/v1/me/gigs/${body.data[0]!.id}/attendees`, { headers: auth })).status()).toBe(200);
  const noScope = await page.request.get(`/api/v1/me/gigs/${body.data[0]!.id}/check-ins`, { headers: auth });
  expect(noScope.status()).toBe(403);
  expect(((await noScope.json()) as { error: { message: string } }).error.message).toContain('checkins:read');

  // Once copied, the key is gone from the page for good; the list shows only its start.
  await card.getByRole('button', { name: 'I have copied it' }).click();
  await expect(card.getByLabel('Your new API key')).toHaveCount(0);
  await page.reload();
  const row = card.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 14));
  await expect(row).toContainText('last used');
  await expect(row).toContainText('Scopes: public read, attendees');
  await shot(page, 'api-keys-listed');
  await expect(page.getByText(key)).toHaveCount(0);

  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(row).toContainText('Revoked');
  const refused = await page.request.get('/api/v1/me/gigs', { headers: auth });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['www-authenticate']).toMatch(/^Bearer/);
});

test('the API reference page renders from Marquee itself, on a laptop and a phone', async ({ page, browser, baseURL }) => {
  const errors = collectErrors(page);
  // Anything fetched from elsewhere, or refused by the page's policy, would be logged as an error.
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    if (/^https?:/.test(request.url()) && !request.url().startsWith(new URL(baseURL!).origin)) elsewhere.push(request.url());
  });
  await page.goto('/api/v1/docs');
  await expect(page.getByRole('heading', { name: 'Marquee public API' }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Upcoming gigs').first()).toBeVisible();
  await shot(page, 'api-reference-laptop');
  expect(errors).toEqual([]);
  expect(elsewhere).toEqual([]);

  const phone = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  const phoneErrors = collectErrors(phone);
  await phone.goto('/api/v1/docs');
  await expect(phone.getByRole('heading', { name: 'Marquee public API' }).first()).toBeVisible({ timeout: 20_000 });
  await shot(phone, 'api-reference-phone');
  expect(phoneErrors).toEqual([]);
  await phone.context().close();
});

test('the API keys card fits a phone', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  const promoter = demoAccount('promoter');
  await logIn(page, promoter.email, promoter.password);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'API keys' });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole('button', { name: 'Create key' })).toBeVisible();
  const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
  await shot(page, 'api-keys-card-phone');
  await page.context().close();
});
