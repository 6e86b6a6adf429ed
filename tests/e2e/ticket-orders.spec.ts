// Issue 23 items 1-2: an organiser adds a hidden fan-club ticket type with a presale code on the
// gig's card (laptop); a fan on a phone unlocks it with the code, buys 3 tickets in one order with
// one fee, and sees 3 QR codes; the door admits each once. Issue 34 item 7: a fan buys tickets of
// two types in one checkout, with one fee.
import { expect, test, type Page } from '@playwright/test';
import { bookTicketedGig, daysFromToday, expectAccessible, postFrom, saveTicketTypes, shot, signedInAs, uniqueEmail } from './helpers.ts';

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test('an organiser adds a presale type; a fan on a phone buys 3 tickets with the code and sees 3 QR codes; the door admits each once', async ({ browser }) => {
  test.setTimeout(240_000);
  const venue = await signedInAs(browser, 'venue');
  const description = `Presale night ${Date.now()}`;
  const gigId = await bookTicketedGig(venue, { description, priceCents: '20', quantity: 50 });

  // The organiser opens the gig's ticket types on its card and adds a hidden fan-club type with a code.
  await venue.goto('/dashboard');
  await venue.getByRole('tab', { name: /^Upcoming Approved Gigs/ }).click();
  const card = venue.getByRole('article').filter({ hasText: description });
  await card.getByText('Ticket types and presale codes').click();
  const types = card.getByRole('form', { name: 'Ticket types and presale codes' });
  await types.getByRole('button', { name: 'Add a ticket type' }).click();
  await types.getByLabel('Name').fill('General');
  await types.getByLabel('Price ($)').fill('20');
  await types.getByLabel('Quantity').fill('40');
  await types.getByRole('button', { name: 'Add a ticket type' }).click();
  await types.getByLabel('Name').nth(1).fill('Fan club');
  await types.getByLabel('Price ($)').nth(1).fill('12.50');
  await types.getByLabel('Quantity').nth(1).fill('10');
  // Issue 34: the presale codes are there before any type is ticked hidden.
  await types.getByRole('button', { name: 'Add a presale code' }).click();
  await types.getByLabel('Code', { exact: true }).fill('loyal-fans');
  await types.getByLabel('Tickets it allows').fill('6');
  await types.getByLabel('Hidden: only with a presale code').nth(1).check();
  await types.getByLabel('Unlocks').selectOption('Fan club');
  await types.getByRole('button', { name: 'Save ticket types' }).click();
  await expect(types.getByText('Ticket types saved.')).toBeVisible();
  await expect(types.getByText('The gig shows its cheapest public price: $20.00')).toBeVisible();
  await shot(venue, 'ticket-types-editor');

  // A fan on a phone: the public type is offered; the code unlocks the fan-club type.
  const fanPage = await (await browser.newContext(PHONE)).newPage();
  await fanPage.goto(`/tickets?gigId=${gigId}`);
  await expect(fanPage.getByRole('radio', { name: /General/ })).toBeChecked();
  await fanPage.getByLabel('Presale code').fill('wrong-code');
  await fanPage.getByRole('button', { name: 'Apply code' }).click();
  await expect(fanPage.getByText('That presale code is not valid for this show.')).toBeVisible();
  await fanPage.getByLabel('Presale code').fill('loyal-fans');
  await fanPage.getByRole('button', { name: 'Apply code' }).click();
  await expect(fanPage.getByText('Presale code applied: Fan club tickets unlocked.')).toBeVisible();
  // Issue 34: with two types now offered, each has its own quantity; the unlocked one is chosen.
  await expect(fanPage.getByLabel(/^Fan club/)).toHaveValue('1');
  await expect(fanPage.getByLabel(/^General/)).toHaveValue('0');
  await fanPage.getByLabel(/^Fan club/).selectOption('3');
  // 3 × $12.50 = $37.50; one fee of 15% on the order: $5.63 (rounded once); total $43.13.
  await expect(fanPage.getByText('3 × Fan club ($12.50)')).toBeVisible();
  await expect(fanPage.getByText('$5.63')).toBeVisible();
  const email = uniqueEmail('three-tickets');
  await fanPage.getByLabel('Email for your ticket').fill(email);
  await expectAccessible(fanPage);
  await shot(fanPage, 'tickets-presale-phone');
  await fanPage.getByRole('button', { name: 'Checkout · $43.13' }).click();

  await expect(fanPage).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await expect(fanPage.getByText('3 × Fan club ticket ($12.50 each)')).toBeVisible();
  await fanPage.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fanPage.getByLabel('Expiry (MM/YY)').fill('12/30');
  await fanPage.getByLabel('CVC').fill('123');
  await fanPage.getByRole('button', { name: /^Pay \$43\.13/ }).click();
  await expect(fanPage).toHaveURL(/\/success\?session_id=/);
  await expect(fanPage.getByRole('heading', { name: 'Your 3 tickets' })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(fanPage.getByRole('img', { name: `QR code of ticket ${n}` })).toBeVisible();
  await expectAccessible(fanPage);
  await shot(fanPage, 'tickets-three-success-phone');
  // Each ticket shows its printed reference (issue 33), not the code the door admits; the codes come from the order.
  const references = await fanPage.getByText(/^Ticket reference [0-9A-Z]{4}-[0-9A-Z]{4}$/).allTextContents();
  expect(new Set(references).size).toBe(3);
  const sessionId = new URL(fanPage.url()).searchParams.get('session_id')!;
  const codes = ((await (await fanPage.request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { tickets: { id: string }[] }).tickets.map((t) => t.id);
  expect(new Set(codes).size).toBe(3);

  // The door admits each ticket once.
  for (const code of codes) expect((await postFrom<{ isValid: boolean }>(venue, '/api/tickets/admit', { code })).isValid).toBe(true);
  expect(await postFrom<{ isValid: boolean; reason?: string }>(venue, '/api/tickets/admit', { code: codes[0] })).toMatchObject({ isValid: false, reason: 'already_used' });

  // The code allows 6 tickets: 3 are used, so 4 more are refused with the uses left.
  const more = await fanPage.request.post('/api/tickets/checkout', { data: { gigId, email, quantity: 4, presaleCode: 'LOYAL-FANS' }, headers: { origin: new URL(fanPage.url()).origin } });
  expect(((await more.json()) as { error: { message: string } }).error.message).toBe('That presale code has only 3 uses left.');
});

/** The gig's ticket types, saved as the organiser's editor saves them. */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

test('a fan buys 2 General + 1 VIP in one checkout with one service fee; a fan on a phone then sees fewer left of each', async ({ browser }) => {
  test.setTimeout(240_000);
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { description: `Two kinds of tickets ${Date.now()}`, priceCents: '20.05', quantity: 60 });
  // Prices whose fees, rounded per line, would come to a cent more than one fee on the whole order.
  await saveTicketTypes(venue, gigId, [
    { name: 'General', price: '20.05', quantity: 40 },
    { name: 'VIP', price: '45.10', quantity: 5 },
    { name: 'Late entry', price: '15', quantity: 10, salesStart: `${daysFromToday(2)}T12:00` },
  ]);

  // A fan on a laptop sets a quantity of each type; a type not yet on sale says when it is.
  const fan = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await fan.goto(`/tickets?gigId=${gigId}`);
  const general = fan.getByLabel(/^General/);
  const vip = fan.getByLabel(/^VIP/);
  await expect(general).toHaveValue('1');
  await expect(vip).toHaveValue('0');
  await expect(general).toHaveAccessibleName(/General.*\$20\.05 each.*40 left/);
  await expect(vip).toHaveAccessibleName(/VIP.*\$45\.10 each.*5 left/);
  await expect(fan.getByText('Late entry')).toBeVisible();
  await expect(fan.getByText(/^On sale /)).toBeVisible();
  await expect(fan.getByLabel(/^Late entry/)).toHaveCount(0);
  // Never more than the order may hold (8 in all) nor more than a type has left.
  await expect(vip.locator('option')).toHaveText(['0', '1', '2', '3', '4', '5']);
  await general.selectOption('7');
  await expect(vip.locator('option')).toHaveText(['0', '1']);
  await general.selectOption('2');
  await vip.selectOption('1');
  // $40.10 + $45.10 = $85.20; one fee of 15% on it: $12.78 (per line it would be $6.02 + $6.77).
  await expect(fan.getByText('2 × General ($20.05)')).toBeVisible();
  await expect(fan.getByText('1 × VIP ($45.10)')).toBeVisible();
  await expect(fan.getByText('$12.78')).toBeVisible();
  await expect(fan.getByText('$97.98', { exact: true })).toBeVisible();
  await expect(fan.getByRole('heading', { level: 1, name: 'Get your tickets' })).toBeVisible();
  await fan.getByLabel('Email for your ticket').fill(uniqueEmail('mixed-order'));
  await expectAccessible(fan);
  await shot(fan, 'tickets-mixed-types');
  await fan.getByRole('button', { name: 'Checkout · $97.98' }).click();

  // One payment: a line for each type and one service fee.
  await expect(fan).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await expect(fan.getByText('2 × General ticket ($20.05 each)')).toBeVisible();
  await expect(fan.getByText('VIP ticket', { exact: true })).toBeVisible();
  await expect(fan.getByText('Service fee', { exact: true })).toHaveCount(1);
  await shot(fan, 'tickets-mixed-sandbox');
  await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fan.getByLabel('Expiry (MM/YY)').fill('12/30');
  await fan.getByLabel('CVC').fill('123');
  await fan.getByRole('button', { name: /^Pay \$97\.98/ }).click();

  // /success lists the 3 tickets, each with its type, for the one total paid.
  await expect(fan).toHaveURL(/\/success\?session_id=/);
  await expect(fan.getByRole('heading', { name: 'Your 3 tickets' })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(fan.getByRole('img', { name: `QR code of ticket ${n}` })).toBeVisible();
  const headings = fan.getByRole('heading', { level: 3 });
  await expect(headings).toHaveText([/^Ticket 1 of 3\s*General$/, /^Ticket 2 of 3\s*General$/, /^Ticket 3 of 3\s*VIP$/]);
  // What was paid, as the order e-mail says it: the tickets, the one service fee, the total.
  const paid = fan.getByRole('definition');
  await expect(fan.getByRole('term')).toHaveText(['3 tickets', 'Service fee', 'Total']);
  await expect(paid).toHaveText(['$85.20', '$12.78', '$97.98']);
  await expect(fan.getByText('Service fee', { exact: true })).toHaveCount(1);
  await expectAccessible(fan);
  await shot(fan, 'tickets-mixed-success');

  // A fan on a phone: the order lowered each type's 'left'; every control fits and is thumb-sized.
  const phone = await (await browser.newContext(PHONE)).newPage();
  await phone.goto(`/tickets?gigId=${gigId}`);
  await expect(phone.getByLabel(/^General/)).toHaveAccessibleName(/38 left/);
  await expect(phone.getByLabel(/^VIP/)).toHaveAccessibleName(/4 left/);
  await phone.getByLabel(/^General/).selectOption('0');
  await expect(phone.getByText('No tickets chosen')).toBeVisible();
  await expect(phone.getByRole('button', { name: /^Checkout/ })).toBeDisabled();
  await phone.getByLabel(/^VIP/).selectOption('2');
  await phone.getByLabel(/^General/).selectOption('1');
  await expect(phone.getByRole('button', { name: /^Checkout · \$/ })).toBeEnabled();
  for (const control of [phone.getByLabel(/^General/), phone.getByLabel(/^VIP/), phone.getByRole('button', { name: /^Checkout/ })]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expectNoSidewaysScroll(phone);
  await expectAccessible(phone);
  await shot(phone, 'tickets-mixed-types-phone');
});
