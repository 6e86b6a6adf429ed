// Issue 23 item 5, decision 50: a sold-out gig's waitlist offers a returned ticket, the second fan
// buys it, the first is refunded its face value. At laptop size, with the waitlist's screens also
// looked at on a phone.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { todayIn } from '../../src/core/time.ts';
import { demoAccount, expectAccessible, logIn, readEmailedLink, registerFan, shot, uniqueEmail } from './helpers.ts';

const ZONE = 'America/Chicago';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A date a few days ahead, in the demo region's zone. */
function daysAhead(days: number): string {
  const today = new Date(`${todayIn(ZONE)}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The demo venue books the demo band onto a ticketed gig with one ticket; returns its id. */
async function oneTicketGig(browser: Browser): Promise<string> {
  const venue = await (await browser.newContext()).newPage();
  await logIn(venue, demoAccount('venue').email, demoAccount('venue').password);
  const { bands } = (await (await venue.request.get('/api/booking/bands')).json()) as { bands: { id: string; name: string }[] };
  const band = bands.find((b) => b.name === demoAccount('band').name)!;
  const res = await venue.request.post('/api/booking/gigs', {
    headers: { origin: new URL(venue.url()).origin },
    data: {
      localDate: daysAhead(5),
      startTime: '21:00',
      endTime: '23:30',
      description: `Waitlist night ${Date.now()}`,
      loadInSoundCheck: 'Load in 7pm',
      compensation: 'Door split',
      isBandChosen: true,
      bandId: band.id,
      ticketing: { isEnabled: true, priceCents: '12.00', quantity: 1, bandPercent: 50, organiserPercent: 25 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { gigIds } = (await res.json()) as { gigIds: string[] };
  await venue.context().close();
  return gigIds[0]!;
}

async function payOnSandbox(page: Page) {
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
}

/** Opens a public page until it shows this text: public answers may be up to 5 seconds old (decision 42). */
async function openUntil(page: Page, path: string, text: string) {
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByText(text, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** Waits until an e-mail with this subject reaches this address (the waitlist's sweep and the refund job run in the background). */
async function waitForEmail(browser: Browser, subject: string, email: string) {
  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  await expect(async () => {
    await admin.goto('/admin/outbox');
    await expect(admin.getByRole('button', { name: new RegExp(`${escape(subject)}.*To ${escape(email)}`) }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await admin.context().close();
}

test("a sold-out gig's waitlist offers a returned ticket, the second fan buys it, the first is refunded", async ({ page, browser }) => {
  // Three people, two payments and background jobs: longer than one story's usual two minutes.
  test.setTimeout(240_000);
  const gigId = await oneTicketGig(browser);

  // The first fan buys the only ticket, signed in, so it waits on their dashboard.
  const holderEmail = uniqueEmail('waitlist-holder');
  await registerFan(page, holderEmail, 'waitlist-Holder-2026');
  await page.goto(`/tickets?gigId=${gigId}`);
  await expect(page.getByLabel('Email for your ticket')).toHaveValue(holderEmail);
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();
  await payOnSandbox(page);

  // The second fan finds it sold out and joins the waitlist.
  const buyerEmail = uniqueEmail('waitlist-buyer');
  const buyer = await (await browser.newContext()).newPage();
  await openUntil(buyer, `/tickets?gigId=${gigId}`, 'Sold out');
  await expect(buyer.getByRole('button', { name: /^Buy Ticket/ })).toHaveCount(0);
  const waitlist = buyer.getByRole('region', { name: 'Join the waitlist' });
  await expect(waitlist.getByText(/at face value plus the usual service fee/)).toBeVisible();
  await expectAccessible(buyer);
  await shot(buyer, 'waitlist-join');
  await waitlist.getByLabel('Email for the waitlist').fill(buyerEmail);
  await waitlist.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(waitlist.getByText('Almost there: check your inbox and confirm your place on the waitlist.')).toBeVisible();
  // Joining twice changes nothing and says why.
  await buyer.reload();
  await buyer.getByLabel('Email for the waitlist').fill(buyerEmail);
  await buyer.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(buyer.getByText(/You've already asked to join/)).toBeVisible();

  // Double opt-in: the e-mailed link, then a press.
  const confirmLink = await readEmailedLink(browser, 'Confirm your place on the waitlist', buyerEmail);
  await buyer.goto(confirmLink);
  await buyer.getByRole('button', { name: 'Confirm my place' }).click();
  await expect(buyer.getByText(/You're on the waitlist for .* You're next in line\./)).toBeVisible();
  await expectAccessible(buyer);
  await shot(buyer, 'waitlist-confirmed');
  // Now the show's page says so to everyone.
  await openUntil(buyer, `/tickets?gigId=${gigId}`, 'Sold out — join the waitlist');

  // The first fan can't go: the 'Can't go?' panel (issue 34) offers selling it back, now that the show is sold out and someone waits; the refund comes only if someone buys it.
  await page.goto('/dashboard');
  const tickets = page.getByRole('region', { name: 'Your tickets' });
  await tickets.getByRole('button', { name: /^Sell it back at face value to the waitlist: you get \$[\d.]+ when someone buys it$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sell it back to the waitlist?' });
  await expect(dialog.getByText(/^You get \$[\d.]+ when someone buys it$/)).toBeVisible();
  await expect(dialog.getByText('The service fee is not refunded.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'waitlist-return-confirm');
  await dialog.getByRole('button', { name: 'Offer it to the waitlist' }).click();
  await expect(tickets.getByText(/^Offered to the waitlist: /)).toBeVisible();
  await expect(tickets.getByRole('button', { name: 'Keep my ticket' })).toBeVisible();
  await expect(tickets.getByRole('img', { name: /QR code of your ticket/ })).toBeVisible();
  await shot(page, 'waitlist-returned');
  // The ticket's own page (decision 46), which works without an account, says the same and can keep it.
  await tickets.getByRole('link', { name: /Open ticket page/ }).click();
  const canNotGo = page.getByRole('region', { name: "Can't go?" });
  await expect(canNotGo.getByText(/^Offered to the waitlist: /)).toBeVisible();
  await expect(canNotGo.getByRole('button', { name: 'Keep my ticket' })).toBeVisible();
  await shot(page, 'waitlist-ticket-page-returned');

  // The waitlist's sweep offers it to the second fan, at face value plus the fee, held for two hours.
  await waitForEmail(browser, 'A ticket for', buyerEmail);
  const offerLink = await readEmailedLink(browser, 'A ticket for', buyerEmail);
  await buyer.goto(offerLink);
  await expect(buyer.getByRole('heading', { name: 'Your ticket from the waitlist' })).toBeVisible();
  await expect(buyer.getByText('A ticket came back from someone who can’t go')).toBeVisible();
  await expect(buyer.getByText('$12.00')).toBeVisible();
  // Held for two hours, told in the show's own zone.
  await expect(buyer.getByText(/^\w{3}, \w{3} \d+, \d+:\d{2} [AP]M C[SD]T$/)).toBeVisible();
  await expectAccessible(buyer);
  await shot(buyer, 'waitlist-offer');

  // The phone-size screens: the sold-out page with its waitlist, and the offer.
  const phone = await (await browser.newContext(PHONE)).newPage();
  await phone.goto(`/tickets?gigId=${gigId}`);
  await expect(phone.getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
  await shot(phone, 'waitlist-join-phone');
  await phone.goto(offerLink);
  await expect(phone.getByRole('button', { name: /^Buy Ticket · \$/ })).toBeVisible();
  await shot(phone, 'waitlist-offer-phone');
  await phone.context().close();

  await buyer.getByRole('button', { name: /^Buy Ticket · \$/ }).click();
  await payOnSandbox(buyer);
  await expect(buyer.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  await shot(buyer, 'waitlist-bought');

  // The first fan's ticket was voided and its face value refunded, in the same step.
  await page.reload();
  await expect(page.getByText('This ticket was refunded to the card that paid for it. It is no longer valid and admits no one.')).toBeVisible();
  await page.goto('/dashboard');
  await expect(tickets.getByText('Returned: bought from the waitlist, $12.00 (face value) refunded')).toBeVisible();
  await expect(tickets.getByRole('img', { name: /QR code of your ticket/ })).toHaveCount(0);
  await shot(page, 'waitlist-holder-refunded');
  await waitForEmail(browser, 'Refunded: ', holderEmail);
});
