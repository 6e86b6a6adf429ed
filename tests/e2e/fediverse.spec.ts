import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

// Issue 26 part 4 (decision 56): a band finds its fediverse handle on its dashboard and copies it;
// the handle is one other servers resolve (WebFinger) to the band's actor. Laptop and phone widths.

for (const width of [1366, 375]) {
  test(`a band copies its handle for Mastodon from its dashboard, and the handle resolves (${width} px)`, async ({ page, context, request }) => {
    await page.setViewportSize({ width, height: 900 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const band = demoAccount('band');
    await logIn(page, band.email, band.password);
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Follow on Mastodon' });
    const handle = (await card.getByTestId('fediverse-handle').textContent())!;
    expect(handle).toMatch(/^@[a-z0-9.&-]+@[\w.:-]+$/);
    await expect(card.getByText(/\d+ followers? on the fediverse/)).toBeVisible();
    await card.getByRole('button', { name: 'Copy handle' }).click();
    await expect(card.getByText('Copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(handle);
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await shot(page, `fediverse-card-${width}`);

    // What a Mastodon server does with it: WebFinger, then the actor.
    const finger = await request.get(`/.well-known/webfinger?resource=acct:${handle.slice(1)}`);
    expect(finger.status()).toBe(200);
    const self = ((await finger.json()) as { links: { rel: string; href: string }[] }).links.find((l) => l.rel === 'self')!;
    const actor = await request.get(new URL(self.href).pathname, { headers: { Accept: 'application/activity+json' } });
    expect(await actor.json()).toMatchObject({ preferredUsername: handle.split('@')[1], type: 'Organization' });
  });
}
