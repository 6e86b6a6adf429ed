// Issue 34 item 2: a fan asks for a refund on a phone; the organiser is e-mailed a link that opens
// the request at the top of its dashboard, the menu counts the open requests, and declining asks for
// a reason that the fan receives; the ticket stays valid.
import { expect, test } from '@playwright/test';
import { buyTickets } from './door-helpers.ts';
import { bookTicketedGig, daysFromToday, demoAccount, expectAccessible, readEmailText, readEmailedLink, registerBand, shot, signedInAs, uniqueEmail } from './helpers.ts';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

test('a refund request reaches the organiser by e-mail and menu count, and a decline tells the fan why', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(240_000);
  // A band of its own, so the organiser's e-mail names this show and no other story's.
  const bandName = `Refund Ask Band ${Date.now().toString().slice(-6)}`;
  await registerBand(page, bandName);
  let venue = await signedInAs(browser, 'venue');
  const venueContext = venue.context();
  const gigId = await bookTicketedGig(venue, { localDate: daysFromToday(6), priceCents: '20.00', bandName });
  const fanEmail = uniqueEmail('refund-ask');
  await buyTickets(request, baseURL!, gigId, fanEmail);

  // The fan opens the ticket from the e-mail on a phone and asks through 'Can't go?'.
  const ticketLink = await readEmailedLink(browser, 'Your ticket:', fanEmail, undefined, /\/ticket\/[\w-]+\.[\w-]+/);
  const fan = await (await browser.newContext(PHONE)).newPage();
  await fan.goto(ticketLink);
  await expect(fan.getByRole('heading', { name: bandName })).toBeVisible();
  const askButton = fan.getByRole('button', { name: /^Ask the organiser for a refund: if they approve, \$[\d.]+ back to your card, and your code stops working$/ });
  const amount = (await askButton.textContent())!.match(/\$\d+\.\d{2}/)![0];
  await askButton.click();
  const ask = fan.getByRole('dialog', { name: 'Ask the organiser for a refund' });
  await ask.getByLabel('Why are you asking for a refund?').fill('My band got a gig the same night.');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(ask).toBeHidden();
  await expect(fan.getByText(/^You asked the organiser for a refund on /)).toBeVisible();

  // The organiser's e-mail: the show, the reason, what approving gives back, and a link to the request.
  const mail = await readEmailText(browser, `Refund request: ${bandName} at The Lantern Room`, demoAccount('venue').email);
  expect(mail).toContain('My band got a gig the same night.');
  // The same amount the fan was shown, and whose card gets it.
  expect(mail).toContain(`${amount} back to the card of the buyer, who asked`);
  // The dashboard link is no secret (it needs the organiser's session), so the outbox shows it as sent.
  const link = new URL(mail.match(/Answer the request: (\S+)/)![1]!);
  expect(link.pathname + link.hash).toMatch(/^\/dashboard#refund-request-[\w-]+$/);

  // The link (opened in a new tab, as from a mail app) opens the dashboard at the request, which
  // leads the page; the menu counts the open ones.
  await venue.close();
  venue = await venueContext.newPage();
  await venue.goto(link.pathname + link.hash);
  const requests = venue.getByRole('region', { name: 'Refund requests' });
  const asked = venue.locator(link.hash);
  await expect(asked).toContainText(fanEmail);
  await expect(asked).toContainText('My band got a gig the same night.');
  await expect(asked).toBeInViewport();
  expect((await requests.boundingBox())!.y).toBeLessThan((await venue.getByRole('heading', { name: 'Your gigs' }).first().boundingBox())!.y);
  const menu = venue.getByRole('link', { name: /^Dashboard ?, \d+ open refund requests?$/ });
  await expect(menu).toHaveAttribute('href', '/dashboard#refund-requests');
  const openBefore = Number((await menu.textContent())!.match(/(\d+) open/)![1]);
  expect(openBefore).toBeGreaterThanOrEqual(1);
  await expectAccessible(venue);
  await shot(venue, 'refund-request-opened-from-email');

  // Declining needs a reason, which the fan is e-mailed; the ticket stays valid.
  await asked.getByRole('button', { name: `Decline the refund for ${fanEmail}` }).click();
  const decline = venue.getByRole('dialog', { name: 'Decline the refund' });
  await decline.getByRole('button', { name: 'Decline refund' }).click();
  await expect(decline.getByLabel('Reason for declining')).toHaveAttribute('aria-invalid', 'true');
  await decline.getByLabel('Reason for declining').fill('Tickets are non-refundable this close to the show; pass it to a friend instead.');
  await shot(venue, 'refund-request-decline');
  await decline.getByRole('button', { name: 'Decline refund' }).click();
  await expect(requests.getByText(`Declined: ${fanEmail} is e-mailed your reason, and the ticket stays valid.`)).toBeVisible();
  await expect(requests.getByRole('listitem').filter({ hasText: fanEmail })).toHaveCount(0);

  const outcome = await readEmailText(browser, `Refund declined: ${bandName} at The Lantern Room`, fanEmail);
  expect(outcome).toContain('Tickets are non-refundable this close to the show; pass it to a friend instead.');
  expect(outcome).toContain('Your ticket is still valid');

  await fan.reload();
  await expect(fan.getByText('Valid', { exact: true })).toBeVisible();
  await expect(fan.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  expect(await fan.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(fan, 'refund-request-declined-phone');
  await fan.context().close();
  await venueContext.close();
});
