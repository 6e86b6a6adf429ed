// Issue 23 items 1-2: an organiser adds a hidden fan-club ticket type with a presale code on the
// gig's card (laptop); a fan on a phone unlocks it with the code, buys 3 tickets in one order with
// one fee, and sees 3 QR codes; the door admits each once.
import { expect, test } from '@playwright/test';
import { bookTicketedGig, expectAccessible, postFrom, shot, signedInAs, uniqueEmail } from './helpers.ts';

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
  await expect(fanPage.getByRole('radio', { name: /Fan club/ })).toBeChecked();
  await fanPage.getByLabel('Tickets', { exact: true }).selectOption('3');
  // 3 × $12.50 = $37.50; one fee of 15% on the order: $5.63 (rounded once); total $43.13.
  await expect(fanPage.getByText('3 tickets × $12.50')).toBeVisible();
  await expect(fanPage.getByText('$5.63')).toBeVisible();
  const email = uniqueEmail('three-tickets');
  await fanPage.getByLabel('Email for your ticket').fill(email);
  await expectAccessible(fanPage);
  await shot(fanPage, 'tickets-presale-phone');
  await fanPage.getByRole('button', { name: 'Buy 3 Tickets · $43.13' }).click();

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
