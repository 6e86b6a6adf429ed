// Issue 34, item 4, on a phone (375 px, the 'phone' project): one 'Can't go?' panel per ticket. On a
// sold-out show with someone confirmed on its waitlist it offers selling the ticket back at face
// value, with what the holder gets; on a show with transfers off it does not offer passing it on,
// and says why. Each way out confirms in a dialog that holds the focus.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { todayIn } from '../../src/core/time.ts';
import { demoAccount, expectAccessible, logIn, readEmailedLink, shot, uniqueEmail } from './helpers.ts';

const ZONE = 'America/Chicago';

function daysAhead(days: number): string {
  const today = new Date(`${todayIn(ZONE)}T12:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The demo venue books the demo band onto a ticketed gig; returns its id. */
async function ticketedGig(browser: Browser, { quantity, isTransferAllowed }: { quantity: number; isTransferAllowed: boolean }): Promise<string> {
  const venue = await (await browser.newContext()).newPage();
  await logIn(venue, demoAccount('venue').email, demoAccount('venue').password);
  const { bands } = (await (await venue.request.get('/api/booking/bands')).json()) as { bands: { id: string; name: string }[] };
  const band = bands.find((b) => b.name === demoAccount('band').name)!;
  const res = await venue.request.post('/api/booking/gigs', {
    headers: { origin: new URL(venue.url()).origin },
    data: {
      localDate: daysAhead(6),
      startTime: '21:00',
      endTime: '23:30',
      description: `Can't go night ${Date.now()}`,
      loadInSoundCheck: 'Load in 7pm',
      compensation: 'Door split',
      isBandChosen: true,
      bandId: band.id,
      ticketing: { isEnabled: true, priceCents: '18.00', quantity, bandPercent: 50, organiserPercent: 25, isTransferAllowed },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { gigIds } = (await res.json()) as { gigIds: string[] };
  await venue.context().close();
  return gigIds[0]!;
}

/** A guest buys one ticket through the sandbox; returns its page's path. */
async function buyTicket(page: Page, gigId: string, baseURL: string): Promise<string> {
  const checkout = await page.request.post('/api/tickets/checkout', { headers: { origin: baseURL }, data: { gigId, email: uniqueEmail('cant-go') } });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await page.request.post(`/sandbox/checkout/${sessionId}`, { form: { action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, maxRedirects: 0 });
  const { ticket } = (await (await page.request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: { pagePath: string } };
  return ticket.pagePath;
}

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test("a sold-out show with a waitlist: 'Can't go?' offers selling it back at face value, and says what the holder gets", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const gigId = await ticketedGig(browser, { quantity: 1, isTransferAllowed: true });
  const pagePath = await buyTicket(page, gigId, baseURL!);

  // Before anyone waits, selling it back is not offered, and the panel says why.
  await page.goto(pagePath);
  const panel = page.getByRole('region', { name: "Can't go?" });
  await expect(panel.getByText('Nobody is on the waitlist for this show right now.')).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Sell it back/ })).toHaveCount(0);

  // Someone joins the sold-out show's waitlist and confirms.
  const waiting = uniqueEmail('cant-go-waiting');
  const join = await page.request.post('/api/waitlist', { headers: { origin: baseURL! }, data: { gigId, email: waiting } });
  expect(join.status(), await join.text()).toBe(202);
  const confirmLink = await readEmailedLink(browser, 'Confirm your place on the waitlist', waiting);
  const fan = await (await browser.newContext()).newPage();
  await fan.goto(confirmLink);
  await fan.getByRole('button', { name: 'Confirm my place' }).click();
  await expect(fan.getByText(/You're on the waitlist/)).toBeVisible();
  await fan.context().close();

  await page.reload();
  await expect(panel.getByRole('heading', { name: "Can't go?" })).toBeVisible();
  const options = panel.getByRole('button');
  await expect(options).toHaveText([
    'Pass it to a friend: free; your code stops working',
    'Sell it back at face value to the waitlist: you get $18.00 when someone buys it',
    /^Ask the organiser for a refund: if they approve, \$[\d.]+ back to your card, and your code stops working$/,
  ]);
  for (const option of await options.all()) expect((await option.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'cant-go-sold-out-phone');

  // The dialog says it again, takes the focus, and Cancel changes nothing.
  await panel.getByRole('button', { name: /^Sell it back/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Sell it back to the waitlist?' });
  await expect(dialog.getByText('You get $18.00 when someone buys it')).toBeVisible();
  await expect(dialog.getByText('Until then your ticket still works: you can still go, or keep it from here.')).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectAccessible(page);
  await shot(page, 'cant-go-sell-back-dialog-phone');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Offered: under way, with 'Keep my ticket', and passing it on waits until it is kept.
  await panel.getByRole('button', { name: /^Sell it back/ }).click();
  await dialog.getByRole('button', { name: 'Offer it to the waitlist' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(/^Offered to the waitlist: \$18\.00 back to your card when someone buys it/)).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Keep my ticket' })).toBeVisible();
  await expect(panel.getByText("It is offered to the waitlist: choose 'Keep my ticket' first.").first()).toBeVisible();
  await shot(page, 'cant-go-offered-phone');
  await panel.getByRole('button', { name: 'Keep my ticket' }).click();
  await expect(panel.getByRole('button', { name: /^Pass it to a friend/ })).toBeVisible();
});

test("transfers off: 'Can't go?' does not offer passing it on, and says why", async ({ page, browser, baseURL }) => {
  const gigId = await ticketedGig(browser, { quantity: 20, isTransferAllowed: false });
  await page.goto(await buyTicket(page, gigId, baseURL!));
  const panel = page.getByRole('region', { name: "Can't go?" });
  await expect(panel.getByRole('button')).toHaveText([/^Ask the organiser for a refund: /]);
  const notNow = panel.getByRole('list', { name: 'Not possible for this ticket now' });
  await expect(notNow.getByRole('listitem')).toHaveText([
    'Pass it to a friend: Transfers are off for this show.',
    'Sell it back at face value to the waitlist: Tickets for this show are still on sale, so nobody is waiting to buy yours.',
  ]);
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, 'cant-go-transfers-off-phone');

  // Asking for a refund opens its form in a dialog that holds the focus.
  await panel.getByRole('button', { name: /^Ask the organiser for a refund/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Ask the organiser for a refund' });
  await expect(dialog.getByLabel('Why are you asking for a refund?')).toBeVisible();
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await expectAccessible(page);
  await shot(page, 'cant-go-refund-dialog-phone');
});
