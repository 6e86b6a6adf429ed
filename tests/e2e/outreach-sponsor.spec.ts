// Issue 34 (spec 3 §2: the standard outreach page is for any signed-in user; spec 2: the venue
// dashboard has an outreach card): a venue pays for a campaign in a band's name. The band is
// e-mailed and agrees on its dashboard first; only then can the venue pay, and the venues of the
// location are e-mailed in the band's name. Its own location (St. Louis), so no other story's
// campaigns mix with it.
import { expect, test } from '@playwright/test';
import { expectAccessible, readEmailText, registerBand, shot, signedInAs } from './helpers.ts';

const PHONE = { width: 375, height: 812 };

test("a venue sponsors a band's outreach: the band agrees on its dashboard, the venue pays, and the venues are e-mailed in the band's name", async ({ page, browser }) => {
  test.setTimeout(240_000);
  const bandName = `Sponsored Sparks ${Date.now()}`;
  const bandEmail = await registerBand(page, bandName);

  // The venue starts from its dashboard's outreach card.
  const venue = await signedInAs(browser, 'venue');
  await venue.goto('/dashboard');
  const card = venue.getByRole('region', { name: 'Venue Outreach Campaign' });
  await expect(card.getByText('The band agrees first; nothing is charged until it does.')).toBeVisible();
  await card.getByRole('link', { name: "Sponsor a band's outreach" }).click();
  await expect(venue).toHaveURL(/\/band-outreach$/);

  await venue.getByLabel('Band name').fill(bandName.slice(0, 22));
  await venue.getByRole('list', { name: 'Matching bands' }).getByRole('button', { name: bandName }).click();
  await expect(venue.getByText(`For ${bandName}`)).toBeVisible();
  await venue.getByRole('main').getByLabel('Location', { exact: true }).selectOption('st-louis');
  await venue.getByRole('listitem').filter({ has: venue.getByRole('heading', { name: 'Pro Campaign' }) }).getByRole('button', { name: /Select Package/ }).click();
  await expect(venue.getByText(new RegExp(`will be e-mailed in ${bandName}'s name, for a one-time \\$99\\.99 that you pay once the band agrees\\.`))).toBeVisible();
  await venue.getByLabel('Custom message').fill('They sold out our room twice this year.');
  await expectAccessible(venue);
  await venue.getByRole('button', { name: `Ask ${bandName} to agree` }).click();
  await expect(venue.getByText(`We have asked ${bandName}. You will get an e-mail when it answers; once it agrees, pay below to send the campaign.`)).toBeVisible();
  const sponsored = venue.locator('#sponsored-campaigns');
  await expect(sponsored.getByRole('row').filter({ hasText: bandName })).toContainText('Waiting for the band');
  await expect(sponsored.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await shot(venue, 'outreach-sponsor-asked');

  // The band gets an e-mail with a link to the offer on its dashboard, and agrees there (on a phone).
  const offerEmail = await readEmailText(browser, 'The Lantern Room (Venue) offers to pay', bandEmail);
  expect(offerEmail).toContain(`offers to pay for venue outreach for ${bandName}`);
  expect(offerEmail).toContain("Marquee would e-mail");
  const link = /Agree or decline: (\S+)/.exec(offerEmail)![1]!;
  expect(link).toMatch(/\/dashboard#outreach-offer-[0-9a-f-]{36}$/);
  await page.setViewportSize(PHONE);
  await page.goto(new URL(link).pathname + new URL(link).hash);
  const offers = page.getByRole('region', { name: /^Offers to pay for your outreach/ });
  await expect(offers).toContainText('(Venue) offers to pay $99.99 for Pro Campaign in St. Louis');
  await expect(offers.getByText('They sold out our room twice this year.')).toBeVisible();
  await expect(offers.getByText('Nothing is sent, and nobody is charged, unless you agree.')).toBeVisible();
  const noOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noOverflow).toBe(true);
  await expectAccessible(page, '[aria-labelledby="offers-heading"]');
  await shot(page, 'outreach-offer-band-phone');
  await offers.getByRole('button', { name: /^Agree/ }).click();
  await expect(offers).toHaveCount(0);

  // The venue is told, and pays on the sandbox checkout; the campaign goes out in the band's name.
  const answer = await readEmailText(browser, `${bandName} agreed to your outreach campaign`, 'venue@demo.marquee.test');
  expect(answer).toContain('Pay the $99.99 to send it');
  await venue.reload();
  const row = sponsored.getByRole('row').filter({ hasText: bandName });
  await expect(row).toContainText('Agreed: ready to pay');
  await row.getByRole('button', { name: /^Pay \$99\.99/ }).click();
  await expect(venue).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await expect(venue.getByText(`Pro Campaign: ${bandName}`)).toBeVisible();
  await venue.getByLabel('Card number').fill('4242 4242 4242 4242');
  await venue.getByLabel('Expiry (MM/YY)').fill('12/30');
  await venue.getByLabel('CVC').fill('123');
  await venue.getByRole('button', { name: 'Pay $99.99' }).click();
  await expect(venue).toHaveURL(/\/outreach-success/);
  await expect(venue.getByText(/Completed|Processing/).first()).toBeVisible({ timeout: 30_000 });
  await shot(venue, 'outreach-sponsor-paid');

  // The band's dashboard lists the campaign it agreed to, with the venues reached.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/dashboard');
  const recent = page.getByRole('region', { name: 'Recent campaigns' });
  await expect(recent.getByRole('row').filter({ hasText: 'Pro Campaign' }).filter({ hasText: 'St. Louis' })).toContainText('Completed', { timeout: 30_000 });
  await venue.goto('/dashboard');
  await expect(venue.getByRole('region', { name: 'Recent sponsored campaigns' }).last().getByRole('row').filter({ hasText: bandName })).toContainText('Completed');
  await shot(venue, 'venue-outreach-card');
});
