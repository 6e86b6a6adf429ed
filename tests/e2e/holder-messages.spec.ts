// Decision 49 (issue 23 item 6): an organiser messages a gig's ticket holders and then cancels the
// gig; every holder gets the message once, every ticket is refunded once, and the gig's ticket link
// says it is cancelled. At laptop size, with the screens looked at on a phone too.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { bookTicketedGig, daysFromToday, demoAccount, expectAccessible, logIn, shot, signedInAs, uniqueEmail } from './helpers.ts';

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1366, height: 900 };

/** A fan checks out `quantity` tickets and pays on the sandbox's hosted checkout. */
async function buyTickets(request: APIRequestContext, baseURL: string, gigId: string, email: string, quantity: number) {
  const checkout = await request.post('/api/tickets/checkout', { headers: { origin: baseURL }, data: { gigId, email, quantity } });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await request.post(`/sandbox/checkout/${sessionId}`, { form: { action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, maxRedirects: 0 });
  await expect.poll(async () => ((await (await request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: unknown }).ticket).toBeTruthy();
}

type OutboxRow = { toAddress: string; subject: string; kind: string };
const outbox = async (admin: Page) => ((await (await admin.request.get('/api/admin/outbox')).json()) as { messages: OutboxRow[] }).messages;
const mailsTo = (rows: OutboxRow[], kind: string, to: string) => rows.filter((m) => m.kind === kind && m.toAddress === to).length;

test('an organiser messages the ticket holders and cancels the gig: every holder hears once and is refunded once, and the ticket link says Cancelled', async ({ page, browser, request, baseURL }) => {
  // Two purchases, two accounts, the jobs and two screen sizes: longer than one story's usual two minutes.
  test.setTimeout(240_000);
  const venue = await signedInAs(browser, 'venue');
  const band = { name: demoAccount('band').name };
  const gigId = await bookTicketedGig(venue, { localDate: daysFromToday(5), description: `Holder night ${Date.now()}`, priceCents: '15.00', quantity: 80 });
  await venue.context().close();
  const [ana, ben] = [uniqueEmail('holder-ana'), uniqueEmail('holder-ben')];
  await buyTickets(request, baseURL!, gigId, ana, 2);
  await buyTickets(request, baseURL!, gigId, ben, 1);

  // The organiser writes to the holders from the gig's card.
  await logIn(page, demoAccount('venue').email, demoAccount('venue').password);
  await page.goto(`/dashboard?gig=${gigId}`);
  const card = page.locator(`#gig-card-${gigId}`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: /^Message ticket holders/ }).click();
  const message = page.getByRole('dialog', { name: 'Message ticket holders' });
  await expect(message.getByText(/Goes to 2 e-mail addresses holding 3 tickets/)).toBeVisible();
  await message.getByLabel('Subject').fill('Doors at 8pm sharp');
  await message.getByLabel('Message').fill('Doors open at 8pm. The support act is The Lamps, on at 8:30.\n\nSee you there!');
  await expectAccessible(page, 'dialog[open]');
  await shot(page, 'holder-message-form');
  await page.setViewportSize(PHONE);
  await shot(page, 'holder-message-form-phone');
  await page.setViewportSize(LAPTOP);
  await message.getByRole('button', { name: 'Send message' }).click();
  await expect(card.getByText('Your message is on its way to 2 ticket holders.')).toBeVisible();

  // Each holder's e-mail arrives once (the admin reads the outbox).
  const admin = await signedInAs(browser, 'admin');
  await expect.poll(async () => (await outbox(admin)).filter((m) => m.kind === 'holder_message' && m.subject.startsWith('Doors at 8pm sharp')).map((m) => m.toAddress).sort(), { timeout: 30_000 }).toEqual([ana, ben].sort());
  await card.getByRole('button', { name: /^Messages sent/ }).click();
  await expect(card.getByText(/sent to 2 holders/)).toBeVisible({ timeout: 15_000 });
  await shot(page, 'holder-messages-log');

  // Then the gig is cancelled, with a reason and a confirmation.
  await card.getByRole('button', { name: /^Cancel gig/ }).click();
  const cancel = page.getByRole('dialog', { name: /^Cancel the gig on / });
  await expect(cancel.getByText('Every ticket holder gets one e-mail with your reason.')).toBeVisible();
  await cancel.getByLabel('Why is it cancelled?').fill('The band is ill. We are sorry!');
  await expect(cancel.getByRole('button', { name: 'Cancel the gig' })).toBeDisabled();
  await cancel.getByLabel('Refund every ticket and cancel the gig').check();
  await shot(page, 'cancel-gig-dialog');
  await page.setViewportSize(PHONE);
  await shot(page, 'cancel-gig-dialog-phone');
  await page.setViewportSize(LAPTOP);
  await cancel.getByRole('button', { name: 'Cancel the gig' }).click();
  await expect(card.getByText('The gig is cancelled. Its 3 tickets are being refunded, and every ticket holder is being told.')).toBeVisible();
  await expect(card.getByText(/^Cancelled on /)).toBeVisible();
  await expect(card.getByText('Why: The band is ill. We are sorry!')).toBeVisible();
  await expect(card.getByText('All refunds are done.')).toBeVisible({ timeout: 60_000 });
  await expect(card.getByText(/\$15\.00 · 0 of 80 sold/)).toBeVisible();
  await expect(card.getByRole('button', { name: /^Cancel gig/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /^Edit/ })).toHaveCount(0);
  await expectAccessible(page, `#gig-card-${gigId}`);
  await shot(page, 'cancelled-gig-card');
  await page.setViewportSize(PHONE);
  await shot(page, 'cancelled-gig-card-phone');
  await page.setViewportSize(LAPTOP);

  // Every ticket refunded once, through the provider; every holder told once; each refund receipted once.
  const tickets = async () => ((await (await admin.request.get(`/api/admin/gig-management/${gigId}/tickets`)).json()) as { tickets: { status: string; refundStatus: string | null }[] }).tickets;
  await expect.poll(async () => (await tickets()).map((t) => `${t.status}/${t.refundStatus}`), { timeout: 60_000 }).toEqual(Array(3).fill('refunded/refunded'));
  await expect.poll(async () => { const rows = await outbox(admin); return [mailsTo(rows, 'gig_cancelled', ana), mailsTo(rows, 'gig_cancelled', ben), mailsTo(rows, 'refund', ana), mailsTo(rows, 'refund', ben)]; }, { timeout: 60_000 }).toEqual([1, 1, 2, 1]);
  await admin.goto('/admin/gig-management');
  await expect(admin.getByText(/^Cancelled on /).first()).toBeVisible();
  await shot(admin, 'admin-gig-management-cancelled');

  // The ticket link says the show is cancelled, and the gig is off the venue's public page.
  await page.goto(`/tickets?gigId=${gigId}&band=${encodeURIComponent(band.name)}`);
  await expect(page.getByText('Cancelled: this show will not go ahead. Every ticket has been refunded.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy Ticket/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'See other upcoming shows' })).toHaveAttribute('href', '/gigs');
  await expectAccessible(page);
  await shot(page, 'tickets-cancelled');
  await page.setViewportSize(PHONE);
  await shot(page, 'tickets-cancelled-phone');
  const venuePage = (await (await request.get('/api/venues/page?name=theLanternRoom')).json()) as { gigs: { id: string }[] };
  expect(venuePage.gigs.map((g) => g.id)).not.toContain(gigId);
});
