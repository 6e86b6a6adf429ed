import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, readEmailedLink, shot, uniqueEmail } from './helpers.ts';

type VenuePage = { gigs: { id: string; ticketPriceCents: number | null; isSoldOut: boolean; promoter: unknown; band: { name: string } | null }[] };

/** A guest buys a ticket for one of The Lantern Room's own ticketed gigs (the demo venue organises it) on the sandbox. */
async function buyLanternRoomTicket(page: Page, email: string) {
  const venue = (await (await page.request.get('/api/venues/page?name=The%20Lantern%20Room')).json()) as VenuePage;
  const gig = venue.gigs.find((g) => g.ticketPriceCents && !g.isSoldOut && !g.promoter && g.band);
  expect(gig, 'a ticketed gig The Lantern Room organises').toBeTruthy();
  await page.goto(`/tickets?gigId=${gig!.id}`);
  await page.getByLabel('Email for your ticket').fill(email);
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/success\?session_id=/);
  return gig!.band!.name;
}

test('after buying, a fan keeps the ticket on its own page, with no account: calendar, the e-mail again, and a refund the venue approves', async ({ page, browser }) => {
  const email = uniqueEmail('ticket-page');
  const bandName = await buyLanternRoomTicket(page, email);

  // /success links the ticket's own page and offers the show for the calendar.
  const pageLink = page.getByRole('link', { name: 'Open your ticket page' });
  await expect(pageLink).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Add to calendar' }).click();
  const ics = await download;
  expect(ics.suggestedFilename()).toBe('show.ics');
  const calendar = await fs.readFile(await ics.path(), 'utf8');
  expect(calendar).toContain('BEGIN:VEVENT');
  expect(calendar).toContain(`SUMMARY:${bandName} at The Lantern Room`);
  await shot(page, 'ticket-success-self-service');
  const pagePath = (await pageLink.getAttribute('href'))!;
  expect(pagePath).toMatch(/^\/ticket\/[\w-]{22}\.[\w-]{22}$/);

  // The same link is in the ticket e-mail; it opens in any browser, signed in or not.
  const emailed = await readEmailedLink(browser, 'Your ticket:', email, 'ticket-email-links', /\/ticket\/[\w-]+\.[\w-]+/);
  expect(new URL(emailed).pathname).toBe(pagePath);
  const fan = await (await browser.newContext()).newPage();
  const response = await fan.goto(emailed);
  expect(response!.headers()['cache-control']).toBe('no-store');
  expect(response!.headers()['x-robots-tag']).toBe('noindex, nofollow');
  await expect(fan.getByRole('heading', { name: 'Your ticket', level: 1 })).toBeVisible();
  await expect(fan.getByRole('heading', { name: bandName })).toBeVisible();
  await expect(fan.getByText('The Lantern Room', { exact: true })).toBeVisible();
  await expect(fan.getByRole('link', { name: /^Map/ })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
  await expect(fan.getByText(email, { exact: true })).toBeVisible();
  await expect(fan.getByText('Valid', { exact: true })).toBeVisible();
  await expect(fan.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  await expect(fan.getByText('Test mode: no real money', { exact: true })).toBeVisible();
  await expect(fan.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  // No wallet is set up on this server: neither button is shown.
  await expect(fan.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveCount(0);
  await expect(fan.getByRole('link', { name: 'Add to Google Wallet' })).toHaveCount(0);
  await expect(fan.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectAccessible(fan);
  await shot(fan, 'ticket-page');

  await fan.getByRole('button', { name: 'Send the ticket e-mail again' }).click();
  await expect(fan.getByRole('status').filter({ hasText: `Sent to ${email}.` })).toBeVisible();

  // Issue 34: the one 'Can't go?' panel; asking for a refund says what happens to the money.
  const cantGo = fan.getByRole('region', { name: "Can't go?" });
  const askRefund = cantGo.getByRole('button', { name: /^Ask the organiser for a refund: if they approve, \$[\d.]+ back to your card, and your code stops working$/ });
  await askRefund.click();
  const refundDialog = fan.getByRole('dialog', { name: 'Ask the organiser for a refund' });
  await refundDialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(refundDialog.getByText('Please tell the organiser why you are asking for a refund.')).toBeVisible();
  await refundDialog.getByLabel('Why are you asking for a refund?').fill('I broke my leg and cannot come.');
  await refundDialog.getByRole('button', { name: 'Send the request' }).click();
  await expect(refundDialog).toBeHidden();
  await expect(cantGo.getByText(/^You asked the organiser for a refund on /)).toBeVisible();
  await expect(askRefund).toHaveCount(0);
  await shot(fan, 'ticket-page-refund-asked');

  // The venue organises the gig: the request is on its dashboard, and approving refunds the ticket.
  const venue = await (await browser.newContext()).newPage();
  await logIn(venue, demoAccount('venue').email, demoAccount('venue').password);
  const requests = venue.getByRole('region', { name: 'Refund requests' });
  const request = requests.getByRole('listitem').filter({ hasText: email });
  await expect(request.getByText('I broke my leg and cannot come.')).toBeVisible();
  await expectAccessible(venue);
  await request.screenshot({ path: 'test-results/screenshots/venue-refund-request.png' });
  await request.getByRole('button', { name: `Approve refund for ${email}` }).click();
  // Issue 34: before any money moves, the amount and whose card gets it.
  const confirm = venue.getByRole('dialog', { name: 'Approve the refund?' });
  await expect(confirm.getByText(/^\$[\d.]+ back to the card of the buyer, who asked$/)).toBeVisible();
  await shot(venue, 'venue-refund-confirm');
  await confirm.getByRole('button', { name: /^Refund \$[\d.]+$/ }).click();
  await expect(requests.getByText(/^Refund approved: \$[\d.]+ back to the card of the buyer, who asked\./)).toBeVisible();
  await expect(requests.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);

  // The fan's page now says plainly the ticket is no longer valid, with no QR code.
  await fan.reload();
  await expect(fan.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(fan.getByText('This ticket was refunded to the card that paid for it. It is no longer valid and admits no one.')).toBeVisible();
  // Issue 34: a refunded ticket is no show to go to: no calendar entry, no 'Can't go?' panel.
  await expect(fan.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
  await expect(fan.getByRole('region', { name: "Can't go?" })).toHaveCount(0);
  await expect(fan.getByRole('img', { name: 'QR code of your ticket' })).toHaveCount(0);
  await expect(fan.getByText('The organiser approved your refund. The money goes back to the card you paid with.')).toBeVisible();
  await expect(fan.getByRole('button', { name: 'Send the ticket e-mail again' })).toHaveCount(0);
  await shot(fan, 'ticket-page-refunded');
});

test('a ticket link that was changed opens nothing', async ({ page }) => {
  await page.goto('/ticket/AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('alert')).toHaveText('This ticket link is not valid. Please use the link in your ticket e-mail.');
});

test('at phone size the ticket page fits the screen', async ({ page }) => {
  const email = uniqueEmail('ticket-phone');
  await buyLanternRoomTicket(page, email);
  const pagePath = (await page.getByRole('link', { name: 'Open your ticket page' }).getAttribute('href'))!;
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(pagePath);
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  for (const target of [page.getByRole('link', { name: 'Add to calendar' }), page.getByRole('button', { name: 'Send the ticket e-mail again' }), page.getByRole('button', { name: /^Ask the organiser for a refund:/ })]) {
    const box = (await target.boundingBox())!;
    expect(box.height, String(target)).toBeGreaterThanOrEqual(44);
  }
  await expectAccessible(page);
  await shot(page, 'phone-ticket-page');
});
