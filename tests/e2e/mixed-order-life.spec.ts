// Issue 34, "Done when": the whole fan life of a VIP ticket bought with a General one in one order.
// Both types are shown on every screen; the VIP is passed on, the General refunded by request; and
// at every step the organiser's gig card, the band's 'Your shows' and the door app count the same
// (one server function each, issue 34 item 8).
import { expect, test, type Locator } from '@playwright/test';
import { openVenueDoor, readEmailedTicketReference, result, wedgeScan } from './door-helpers.ts';
import { bookTicketedGig, daysFromToday, expectAccessible, readEmailText, registerBand, registerFan, saveTicketTypes, shot, signedInAs, uniqueEmail } from './helpers.ts';

type Counts = Record<string, string>;

/** A counts list as a person reads it: each word and the number under it. */
async function readCounts(list: Locator): Promise<Counts> {
  await expect(list).toBeVisible();
  const words = await list.locator('dt').allInnerTexts();
  const numbers = await list.locator('dd').allInnerTexts();
  return Object.fromEntries(words.map((word, i) => [word.trim(), numbers[i]!.trim()]));
}

const pick = (counts: Counts, words: string[]) => Object.fromEntries(words.filter((w) => w in counts).map((w) => [w, counts[w]]));

test('a VIP and a General ticket in one order: both types everywhere, the VIP passed on, the General refunded, and every screen counts the same', async ({ page, browser }) => {
  test.setTimeout(420_000);
  const bandName = `Two Kinds Band ${Date.now().toString().slice(-6)}`;
  await registerBand(page, bandName);
  const band = page;
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { localDate: daysFromToday(4), description: `Two kinds night ${Date.now()}`, priceCents: '20.00', quantity: 50, bandName });
  await saveTicketTypes(venue, gigId, [
    { name: 'General', price: '20.00', quantity: 40 },
    { name: 'VIP', price: '45.00', quantity: 10 },
  ]);
  const door = await openVenueDoor(browser, gigId, 'Front door', { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  /** The organiser's gig card, the band's show and the door app, read fresh; all must say `expected`. */
  async function expectCountsEverywhere(step: string, expected: Counts) {
    await venue.goto(`/dashboard?gig=${gigId}`);
    const organiser = await readCounts(venue.locator(`#gig-card-${gigId}`).getByTestId('ticket-counts'));
    await band.goto('/dashboard');
    const show = band.getByRole('region', { name: 'Your shows' }).getByRole('listitem').filter({ hasText: 'The Lantern Room' });
    const bands = await readCounts(show.getByTestId('ticket-counts'));
    expect(organiser, `${step}: the organiser's gig card`).toEqual(expected);
    expect(bands, `${step}: the band's 'Your shows'`).toEqual(expected);
    // The door app syncs on its own every few seconds; it shows the same words for what it shows.
    const doorWords = ['Checked in', 'Sold', 'Door sales'];
    await expect.poll(async () => pick(await readCounts(door.locator('dl[aria-label="Counts"]')), doorWords), { message: `${step}: the door app`, timeout: 60_000 }).toEqual(pick(expected, doorWords));
  }

  // A signed-in fan sets 1 General and 1 VIP on /tickets: one checkout, one fee.
  const fanEmail = uniqueEmail('two-kinds');
  const fan = await (await browser.newContext()).newPage();
  await registerFan(fan, fanEmail, 'marquee-e2e-2026');
  await fan.goto(`/tickets?gigId=${gigId}`);
  await fan.getByLabel(/^General/).selectOption('1');
  await fan.getByLabel(/^VIP/).selectOption('1');
  await fan.getByRole('button', { name: /^Checkout · \$/ }).click();
  await expect(fan).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fan.getByLabel('Expiry (MM/YY)').fill('12/30');
  await fan.getByLabel('CVC').fill('123');
  await fan.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(fan).toHaveURL(/\/success\?session_id=/);
  await expect(fan.getByRole('heading', { level: 3 })).toHaveText([/^Ticket 1 of 2\s*General$/, /^Ticket 2 of 2\s*VIP$/]);

  // The order e-mail names each ticket's type.
  const orderMail = await readEmailText(browser, `Your 2 tickets: ${bandName} at The Lantern Room`, fanEmail);
  expect(orderMail).toContain('General');
  expect(orderMail).toContain('VIP');

  await expectCountsEverywhere('after the order', { Sold: '2', 'Checked in': '0', Guests: '0', 'Door sales': '0', Refunded: '0' });

  // The fan's dashboard shows both, each with its type; the VIP is passed to a friend.
  await fan.goto('/dashboard');
  const mine = fan.getByRole('region', { name: 'Your tickets' });
  const vipTicket = mine.getByRole('listitem').filter({ hasText: 'VIP' });
  const generalTicket = mine.getByRole('listitem').filter({ hasText: 'General' });
  await expect(vipTicket).toHaveCount(1);
  await expect(generalTicket).toHaveCount(1);
  const friendEmail = uniqueEmail('two-kinds-friend');
  await vipTicket.getByRole('button', { name: 'Pass it to a friend: free; your code stops working' }).click();
  const pass = fan.getByRole('dialog', { name: 'Pass this ticket to a friend' });
  await pass.getByLabel("Your friend's e-mail address").fill(friendEmail);
  await pass.getByRole('button', { name: 'Continue' }).click();
  await pass.getByRole('button', { name: 'Send ticket' }).click();
  await expect(pass).toBeHidden();
  const friendReference = await readEmailedTicketReference(browser, 'A ticket for you:', friendEmail);
  const received = await readEmailText(browser, 'A ticket for you:', friendEmail);
  expect(received).toContain('VIP');

  // Passing on sells nothing and refunds nothing.
  await expectCountsEverywhere('after the VIP is passed on', { Sold: '2', 'Checked in': '0', Guests: '0', 'Door sales': '0', Refunded: '0' });

  // The organiser's holder list: the friend holds the VIP.
  await venue.goto(`/dashboard?gig=${gigId}`);
  const card = venue.locator(`#gig-card-${gigId}`);
  await card.getByText('Ticket holders', { exact: true }).click();
  await card.getByLabel('Find an e-mail address').fill(friendEmail);
  await expect(card.getByRole('listitem').filter({ hasText: friendEmail })).toContainText('VIP');

  // The General is refunded by request: the fan asks, the venue approves with the amount shown.
  // (The dashboard's option opens the ticket's own page, where the request is written.)
  await fan.goto('/dashboard');
  await generalTicket.getByRole('link', { name: /^Ask the organiser for a refund:/ }).click();
  await expect(fan.getByRole('heading', { name: 'Your ticket', level: 1 })).toBeVisible();
  await expect(fan.getByText('General', { exact: true })).toBeVisible();
  await fan.getByRole('region', { name: "Can't go?" }).getByRole('button', { name: /^Ask the organiser for a refund:/ }).click();
  const ask = fan.getByRole('dialog', { name: 'Ask the organiser for a refund' });
  await ask.getByLabel('Why are you asking for a refund?').fill('Only one of us can come now.');
  await ask.getByRole('button', { name: 'Send the request' }).click();
  await expect(ask).toBeHidden();
  await venue.goto('/dashboard');
  const request = venue.getByRole('region', { name: 'Refund requests' }).getByRole('listitem').filter({ hasText: fanEmail });
  await request.getByRole('button', { name: `Approve refund for ${fanEmail}` }).click();
  const confirm = venue.getByRole('dialog', { name: 'Approve the refund?' });
  await expect(confirm.getByText(/^\$23\.00 back to the card of the buyer, who asked$/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Refund $23.00' }).click();
  await expect(confirm).toBeHidden();

  await expectCountsEverywhere('after the General is refunded', { Sold: '1', 'Checked in': '0', Guests: '0', 'Door sales': '0', Refunded: '1' });

  // At the door the friend's VIP admits once, and the answer says 'VIP'.
  await door.bringToFront();
  await expect(result(door)).toHaveCount(0);
  const admitted = await wedgeScan(door, friendReference);
  expect(admitted).toMatch(/^ADMIT/);
  expect(admitted).toContain('VIP');
  await shot(door, 'mixed-order-door-counts-phone');

  await expectCountsEverywhere('after the VIP is let in', { Sold: '1', 'Checked in': '1', Guests: '0', 'Door sales': '0', Refunded: '1' });

  // The sales report says the same per type: the VIP sold, the General refunded.
  await venue.goto('/dashboard');
  const report = venue.getByRole('region', { name: 'Sales and payouts' });
  await expect(report.getByRole('rowheader', { name: /VIP · \$45\.00/ }).first()).toBeVisible();
  await expectAccessible(venue);
  await shot(venue, 'mixed-order-organiser');
  await shot(band, 'mixed-order-band');
  await Promise.all([fan.context().close(), venue.context().close(), door.context().close()]);
});

