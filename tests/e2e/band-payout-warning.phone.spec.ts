// Issue 34 item 1, on a phone: a band with no payout setup sells tickets; its share is held, not
// lost; 'Your shows' and the top of its dashboard say so with the deadline; the e-mail arrives with
// a button to set up payouts; setting them up pays the share out and the warning goes.
import { expect, test, type Browser } from '@playwright/test';
import { bookTicketedGig, daysFromToday, expectAccessible, readEmailText, registerBand, shot, signedInAs, uniqueEmail } from './helpers.ts';
import { buyTickets } from './door-helpers.ts';

/** The e-mail the band got about its held share (the sweep runs every minute). */
async function heldShareEmail(browser: Browser, email: string) {
  const text = await readEmailText(browser, 'Set up payouts to receive your', email, 150_000);
  expect(text).toMatch(/^Set up payouts to receive your \$\d+\.\d{2} from /);
  return text;
}

test("a band without payouts sees its held share before it is at risk, is e-mailed, sets up payouts and is paid, on a phone", async ({ page, browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const name = `Held Share Band ${Date.now().toString().slice(-6)}`;
  const email = await registerBand(page, name);

  // The demo venue books the new band straight onto a ticketed gig, and a fan buys.
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { localDate: daysFromToday(5), description: `Held share night ${Date.now()}`, priceCents: '20.00', quantity: 50, bandName: name });
  await venue.context().close();
  await buyTickets(request, baseURL!, gigId, uniqueEmail('held-fan'));

  // The band's dashboard: payment setup first, saying what is held and until when; the show says it too.
  await page.goto('/dashboard');
  const setup = page.getByRole('region', { name: 'Payment setup' });
  await expect(setup.getByText(/^\$10\.00 of your ticket sales is held until you set up payouts\. Set them up by .+, or it is forfeited to Marquee\.$/)).toBeVisible();
  const shows = page.getByRole('region', { name: 'Your shows' });
  const show = shows.getByRole('listitem').filter({ hasText: 'The Lantern Room' });
  await expect(show.getByText(/^Your share of \$10\.00 is held until you set up payouts\. Set them up by .+, or it is forfeited to Marquee\./)).toBeVisible();
  const setupTop = (await setup.boundingBox())!.y;
  expect(setupTop).toBeLessThan((await shows.boundingBox())!.y);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'band-payout-held-phone');
  await expectAccessible(page);

  // The e-mail names the show, the amount and the deadline, with a button to set up payouts.
  const mail = await heldShareEmail(browser, email);
  expect(mail).toContain('$10.00');
  expect(mail).toContain('Set up payouts');

  // Setting up payouts (the sandbox's onboarding) pays the held share out; the warning goes.
  await setup.getByLabel('Payout email').fill(email);
  await setup.getByRole('button', { name: 'Set Up Payments' }).click();
  await expect(page).toHaveURL(/\/sandbox\/onboarding\//);
  await page.getByLabel('Legal first name').fill('Hal');
  await page.getByLabel('Legal last name').fill('Dover');
  await page.getByLabel('Bank account number').fill('000123456789');
  await page.getByLabel("I accept the test provider's terms of service.").check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Payment setup' }).getByText('Connected', { exact: true })).toBeVisible();
  await expect(show.getByText(/^Your share of \$10\.00 (is being paid out|was paid out) to your payout account\./)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/is held until you set up payouts/)).toHaveCount(0);
  await shot(page, 'band-payout-released-phone');
});
