import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';

test('a fan buys a ticket from a region page, pays on the sandbox checkout and gets the ticket with its QR code', async ({ page, browser }) => {
  const email = uniqueEmail('ticket-buyer');
  await page.goto('/chicago');
  const buy = page.getByRole('link', { name: /^Buy Tickets \$/ }).first();
  await buy.click();
  await expect(page).toHaveURL(/\/tickets\?/);
  await expect(page.getByText(/Service fee \(15%\)/)).toBeVisible();
  // Decision 35: every checkout screen says the sandbox takes no real money.
  await expect(page.getByText('Test mode: no real money', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'tickets-page');
  await page.getByLabel('Email for your ticket').fill(email);
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();

  // The sandbox provider's hosted checkout.
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await expect(page.getByText('Test mode: no real money')).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use another card.');
  await shot(page, 'sandbox-checkout-declined');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  await expect(page).toHaveURL(/\/success\?session_id=/);
  const orderId = new URL(page.url()).searchParams.get('session_id')!.slice(-8).toUpperCase();
  await expect(page.getByText(`Order ID: ${orderId}`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  await expect(page.getByText('Test mode: no real money', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'ticket-success');

  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  await admin.goto('/admin/outbox');
  await expect(admin.getByRole('button', { name: new RegExp(`Your ticket:.*To ${email.replace(/[.+]/g, '\\$&')}`) })).toBeVisible();
});

test('a declined card leaves no ticket; leaving the checkout gives the seat back and offers to try again', async ({ page }) => {
  await page.goto('/chicago');
  await page.getByRole('link', { name: /^Buy Tickets \$/ }).first().click();
  const ticketsUrl = page.url();
  await page.getByLabel('Email for your ticket').fill(uniqueEmail('canceller'));
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  const sessionId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined. Please use another card.');
  const declined = (await (await page.request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { order: { status: string }; ticket: unknown };
  expect(declined).toMatchObject({ order: { status: 'pending' }, ticket: null });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/cancel\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  const cancelled = (await (await page.request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { order: { status: string }; ticket: unknown };
  expect(cancelled).toMatchObject({ order: { status: 'expired' }, ticket: null });
  await page.getByRole('link', { name: 'Try Again' }).click();
  expect(page.url()).toBe(ticketsUrl);
});

test('a ticket page without its details says so', async ({ page }) => {
  await page.goto('/tickets?band=Someone');
  await expect(page.getByText('Invalid event details.')).toBeVisible();
});

test("a signed-in fan's e-mail is filled in, and the ticket waits on the fan's dashboard", async ({ page }) => {
  const fan = demoAccount('fan');
  await logIn(page, fan.email, fan.password);
  await page.goto('/chicago');
  await page.getByRole('link', { name: /^Buy Tickets \$/ }).first().click();
  await expect(page.getByLabel('Email for your ticket')).toHaveValue(fan.email);
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  const tickets = page.getByRole('region', { name: 'Your tickets' });
  await expect(tickets.getByRole('img', { name: /QR code of your ticket for/ }).first()).toBeVisible();
  // Decision 46: each ticket links to its own page.
  await expect(tickets.getByRole('link', { name: /^Open ticket page for / }).first()).toHaveAttribute('href', /^\/ticket\/[\w-]+\.[\w-]+$/);
  await expectAccessible(page);
  await shot(page, 'fan-dashboard-tickets');
});

test('an edited or stale ticket link shows the price checkout charges, never the price in the link (issue 21)', async ({ page }) => {
  await page.goto('/chicago');
  const link = new URL((await page.getByRole('link', { name: /^Buy Tickets \$/ }).first().getAttribute('href'))!, page.url());
  const realBand = link.searchParams.get('band')!;
  link.searchParams.set('price', '1.15');
  link.searchParams.set('band', 'Someone Else');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: realBand })).toBeVisible();
  await expect(page.getByText('Someone Else')).toHaveCount(0);
  await expect(page.getByText('$1.15')).toHaveCount(0);
  const buy = page.getByRole('button', { name: /^Buy Ticket · \$/ });
  const total = (await buy.textContent())!.replace('Buy Ticket · ', '');
  await shot(page, 'tickets-page-server-price');
  await page.getByLabel('Email for your ticket').fill(uniqueEmail('stale-link'));
  await buy.click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\/sbx_cs_/);
  await expect(page.getByRole('button', { name: `Pay ${total}` })).toBeVisible();

  await page.goto('/tickets?gigId=00000000-0000-4000-8000-000000000000&band=Ghost&price=5');
  await expect(page.getByText('Invalid event details.')).toBeVisible();
});
