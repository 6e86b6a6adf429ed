import { expect, test } from '@playwright/test';
import { DOOR_REFUSALS } from '../../src/core/schemas/door.ts';
import { bookTicketedGig, expectAccessible, registerFan, shot, signedInAs, uniqueEmail } from './helpers.ts';
import { openVenueDoor, readEmailedTicketReference, result, scanNext, wedgeScan } from './door-helpers.ts';

/** A date some days after today in Chicago (the demo venue's zone), as YYYY-MM-DD. */

// Issue 23 item 4, decision 48: a fan passes a ticket to a friend from the dashboard; the door
// refuses the old code and admits the friend's new one; the organiser sees who holds it.

test('a fan passes a ticket to a friend: the old code is refused at the door, the new one admits, and the venue sees who holds it', async ({ page, browser }) => {
  // A long story (purchase, transfer, e-mail, door, holder list): four minutes, like the other long ones.
  test.setTimeout(240_000);
  const fanEmail = uniqueEmail('passer');
  const friendEmail = uniqueEmail('friend');
  await registerFan(page, fanEmail, 'marquee-e2e-2026');

  // Buy one ticket for a ticketed gig of The Lantern Room three days from now (its own, so the
  // hour the suite runs at never makes it a show already under way), signed in.
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { description: `Transfer night ${Date.now()}`, priceCents: '12', quantity: 40 });
  await venue.context().close();
  await page.goto(`/tickets?gigId=${gigId}`);
  await expect(page.getByLabel('Email for your ticket')).toHaveValue(fanEmail);
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;
  const oldCode = ((await (await page.request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: { id: string } }).ticket.id;

  // The dashboard's 'Can't go?' panel (issue 34): 'Pass it to a friend: free; your code stops working', the friend's address, a confirmation, then the answer.
  await page.goto('/dashboard');
  const tickets = page.getByRole('region', { name: 'Your tickets' });
  await tickets.getByRole('button', { name: 'Pass it to a friend: free; your code stops working' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pass this ticket to a friend' });
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText("Please enter your friend's e-mail address, like name@example.com.")).toBeVisible();
  await dialog.getByLabel("Your friend's e-mail address").fill(fanEmail.toUpperCase());
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Send ticket' }).click();
  // Passing it to oneself is refused, back at the address with the reason.
  await expect(dialog.getByText("This ticket is already yours: enter your friend's e-mail address.")).toBeVisible();
  await dialog.getByLabel("Your friend's e-mail address").fill(friendEmail);
  await shot(page, 'ticket-transfer-dialog');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(`Send this ticket to ${friendEmail}?`)).toBeVisible();
  await expect(dialog.getByText('Your QR code stops working at once: the door will refuse it.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'ticket-transfer-confirm');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'ticket-transfer-confirm-phone');
  await dialog.getByRole('button', { name: 'Send ticket' }).click();
  await expect(dialog).toBeHidden();
  await expect(tickets.getByRole('status')).toHaveText(`Ticket sent to ${friendEmail}. Your old QR code no longer admits anyone; theirs arrives by e-mail.`);
  await expect(tickets.getByRole('button', { name: 'Pass it to a friend: free; your code stops working' })).toHaveCount(0);
  await shot(page, 'ticket-transfer-done-phone');
  await page.setViewportSize({ width: 1366, height: 900 });
  // The buyer's success page no longer shows the code it passed on.
  await page.goto(`/success?session_id=${sessionId}`);
  await expect(page.getByText("You passed a ticket of this order on: it is the new holder's now, with its own code.")).toBeVisible();
  await expect(page.getByText(oldCode)).toHaveCount(0);

  // The friend's e-mail holds a new ticket, its reference printed (the code itself is in its QR code).
  const newReference = await readEmailedTicketReference(browser, 'A ticket for you:', friendEmail);

  // At the door (the door app, issue 24; a phone without a camera, so codes are typed): the old code
  // is refused as passed on; the friend's reference, typed from the e-mail, admits once.
  const door = await openVenueDoor(browser, gigId, 'Front door', { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  await door.getByLabel('Ticket ID').fill(oldCode);
  await door.getByLabel('Ticket ID').press('Enter');
  await expect(result(door)).toContainText('REFUSED');
  await expect(result(door)).toContainText(DOOR_REFUSALS.transferred);
  await shot(door, 'scanner-transferred');
  await scanNext(door);
  expect(await wedgeScan(door, newReference.toLowerCase())).toMatch(/^ADMIT/);
  expect(await wedgeScan(door, newReference)).toMatch(/^ALREADY IN.*Already scanned \(\d+ s ago, this door\)/);

  // The venue's gig card: who holds the ticket, and who passed it on.
  await door.goto(`/dashboard?gig=${gigId}`);
  const card = door.locator(`#gig-card-${gigId}`);
  await card.getByText('Ticket holders', { exact: true }).click();
  await card.getByLabel('Find an e-mail address').fill(friendEmail);
  const holder = card.getByRole('listitem').filter({ hasText: friendEmail });
  await expect(holder).toContainText('Checked in');
  await expect(holder).toContainText(`Passed on by ${fanEmail}`);
  await expect(holder).toContainText(`Order ${sessionId.slice(-8).toUpperCase()}`);
  await expect(card.getByText(oldCode)).toHaveCount(0);
  await expectAccessible(door);
  await shot(door, 'ticket-holders-phone');
  await card.screenshot({ path: 'test-results/screenshots/ticket-holders-card-phone.png' });
});

test("a guest passes a ticket on from the ticket's own page, on a phone", async ({ browser, baseURL }) => {
  const page = await (await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })).newPage();
  const venuePage = (await (await page.request.get('/api/venues/page?name=theLanternRoom')).json()) as { gigs: { id: string; ticketPriceCents: number | null; isSoldOut: boolean }[] };
  const gigId = venuePage.gigs.find((g) => g.ticketPriceCents !== null && !g.isSoldOut)!.id;
  const checkout = await page.request.post('/api/tickets/checkout', { headers: { origin: baseURL! }, data: { gigId, email: uniqueEmail('page-guest') } });
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await page.request.post(`/sandbox/checkout/${sessionId}`, { form: { action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, maxRedirects: 0 });
  const { ticket } = (await (await page.request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: { pagePath: string } };

  await page.goto(ticket.pagePath);
  await page.getByRole('region', { name: "Can't go?" }).getByRole('button', { name: /^Pass it to a friend:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Pass this ticket to a friend' });
  const friendEmail = uniqueEmail('page-friend');
  await dialog.getByLabel("Your friend's e-mail address").fill(friendEmail);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await shot(page, 'ticket-page-transfer-confirm-phone');
  await dialog.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByText(`Ticket sent to ${friendEmail}.`, { exact: false })).toBeVisible();
  await expect(page.getByText('This ticket was passed on to someone else, who has a new ticket with its own code. This one admits no one.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'ticket-page-transferred-phone');
});
