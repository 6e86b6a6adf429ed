import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';

// Issue 9: an admin completes a gig (its held venue share released to the venue's payout account)
// and refunds a ticket, after a fan has bought one through the sandbox checkout.
test('an admin releases a gig’s held payment and refunds a ticket', async ({ page, browser }) => {
  const email = uniqueEmail('refund-me');
  await page.goto('/chicago');
  // The last ticketed gig on the page, so no other browser test is buying for it at the same time.
  await page.getByRole('link', { name: /^Buy Tickets \$/ }).last().click();
  await expect(page).toHaveURL(/\/tickets\?/);
  const gigId = new URL(page.url()).searchParams.get('gigId')!;
  await page.getByLabel('Email for your ticket').fill(email);
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();

  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  await admin.goto('/dashboard');
  await admin.getByRole('link', { name: 'Gig Management & Payment Releases' }).click();
  await expect(admin.getByRole('heading', { name: 'Gig Management & Payment Releases' })).toBeVisible();
  await expect(admin.getByRole('heading', { name: 'How it works' })).toBeVisible();
  const card = admin.getByRole('article').filter({ hasText: gigId });
  await expect(card.getByText('HOLDING', { exact: true })).toBeVisible();
  await expectAccessible(admin);
  await shot(admin, 'gig-management');

  // Forfeiting needs a reason.
  await card.getByRole('button', { name: 'Complete Gig (Forfeit Payment)' }).click();
  const forfeit = admin.getByRole('dialog', { name: 'Complete Gig (Forfeit Payment)' });
  await forfeit.getByLabel('Complete it before the show').check();
  await forfeit.getByRole('button', { name: 'Forfeit payment' }).click();
  await expect(forfeit.getByText('Please give a reason for forfeiting.')).toBeVisible();
  await forfeit.getByRole('button', { name: 'Cancel' }).click();

  // Release to the venue's own payout account. The show is still ahead, so the date is named and confirmed first (issue 21).
  await expect(card.getByText('Not happened yet')).toBeVisible();
  await card.getByRole('button', { name: 'Complete Gig (With Venue Payout)' }).click();
  const release = admin.getByRole('dialog', { name: 'Complete Gig (With Venue Payout)' });
  await expect(release.getByText(/^This gig is on .+ and has not happened yet\.$/)).toBeVisible();
  await expect(release.getByRole('button', { name: 'Release payment' })).toBeDisabled();
  await release.getByLabel('Complete it before the show').check();
  await shot(admin, 'gig-management-before-show');
  await release.getByRole('button', { name: 'Release payment' }).click();
  await expect(card.getByText(/^Gig completed successfully! Released \$\d+\.\d\d$/)).toBeVisible();
  await expect(card.getByText('Payment Released')).toBeVisible();
  await expect(card.getByText('RELEASED', { exact: true })).toBeVisible();

  // Refund the fan's ticket: a reason is required; the door then refuses the ticket.
  await card.getByRole('button', { name: 'Tickets & refunds' }).click();
  const row = card.getByRole('listitem').filter({ hasText: email });
  await row.getByRole('button', { name: 'Refund' }).click();
  const refund = admin.getByRole('dialog', { name: 'Refund ticket' });
  await refund.getByRole('button', { name: 'Refund ticket' }).click();
  await expect(refund.getByText('Please give a reason for the refund.')).toBeVisible();
  await refund.getByLabel('Reason for the refund').fill('The fan cannot come.');
  await refund.getByRole('button', { name: 'Refund ticket' }).click();
  await expect(card.getByText(new RegExp(`^Refund started: \\$\\d+\\.\\d\\d goes back to ${email.replace(/[.+]/g, '\\$&')}\\.$`))).toBeVisible();
  await expect(row.getByText(/never checked in · refunded .+ · refund (in progress|complete)/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await shot(admin, 'gig-management-refunded');
});

// Issue 21 (items 9 and 12): a ticket already used at the door is refunded only after a warning,
// and keeps its check-in time beside its refund time; forfeiting says 'Gig completed successfully!'.
test('an admin is warned before refunding a used ticket, and sees both times after', async ({ page, browser }) => {
  const email = uniqueEmail('used-ticket');
  await page.goto('/chicago');
  await page.getByRole('link', { name: /^Buy Tickets \$/ }).nth(-2).click();
  const gigId = new URL(page.url()).searchParams.get('gigId')!;
  await page.getByLabel('Email for your ticket').fill(email);
  await page.getByRole('button', { name: /^Buy Ticket/ }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;
  const ticketId = ((await (await page.request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: { id: string } }).ticket.id;

  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  // The door admits the ticket (an admin may check any ticket in, D15).
  const admitted = await admin.request.post('/api/tickets/admit', { data: { code: ticketId }, headers: { origin: new URL(admin.url()).origin } });
  expect(admitted.ok(), await admitted.text()).toBe(true);
  expect(await admitted.json()).toMatchObject({ isValid: true });

  await admin.goto('/admin/gig-management');
  const card = admin.getByRole('article').filter({ hasText: gigId });
  await card.getByRole('button', { name: 'Tickets & refunds' }).click();
  const row = card.getByRole('listitem').filter({ hasText: email });
  await expect(row.getByText(/ · checked in /)).toBeVisible();
  await row.getByRole('button', { name: 'Refund' }).click();
  const refund = admin.getByRole('dialog', { name: 'Refund ticket' });
  await expect(refund.getByText(/^This ticket was checked in at the door on .+: its holder has been to the show\.$/)).toBeVisible();
  await refund.getByLabel('Reason for the refund').fill('The sound failed for the whole set.');
  await expect(refund.getByRole('button', { name: 'Refund ticket' })).toBeDisabled();
  await refund.getByLabel('Refund it anyway').check();
  await shot(admin, 'gig-management-used-ticket');
  await refund.getByRole('button', { name: 'Refund ticket' }).click();
  await expect(row.getByText(/ · checked in .+ · refunded .+ · refund (in progress|complete)/)).toBeVisible();

  await card.getByRole('button', { name: 'Complete Gig (Forfeit Payment)' }).click();
  const forfeit = admin.getByRole('dialog', { name: 'Complete Gig (Forfeit Payment)' });
  await expect(forfeit.getByLabel('Reason for forfeiting')).toBeVisible();
  // This gig may be tonight's, already started (the demo's gigs are set relative to the clock): the
  // before-the-show confirmation, tested above, is asked only while the show is ahead.
  const beforeShow = forfeit.getByLabel('Complete it before the show');
  if (await beforeShow.count()) await beforeShow.check();
  await forfeit.getByLabel('Reason for forfeiting').fill('The show was cancelled.');
  await forfeit.getByRole('button', { name: 'Forfeit payment' }).click();
  await expect(card.getByText(/^Gig completed successfully! Forfeited \$\d+\.\d\d$/)).toBeVisible();
});
