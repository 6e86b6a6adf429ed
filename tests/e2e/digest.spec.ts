import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';

// Issue 12: the weekly digest (D30) from the admin's buttons, and a fan's switch.
test('the admin sends the weekly digest and a test copy, and reads the copy in the outbox', async ({ page }) => {
  await logIn(page, demoAccount('admin').email, demoAccount('admin').password);
  const card = page.getByRole('region', { name: 'Weekly Digest' });
  // Issue 21: it mails everyone, so it asks first; Cancel sends nothing.
  await card.getByRole('button', { name: 'Send Weekly Digest' }).click();
  const confirm = page.getByRole('dialog', { name: 'Send the weekly digest to everyone now?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await shot(page, 'digest-confirmation');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText(/Weekly Digest sent successfully!/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Send Weekly Digest' }).click();
  await confirm.getByRole('button', { name: 'Send to everyone' }).click();
  await expect(card.getByText(/^Weekly Digest sent successfully! Sent to \d+ users\.$/)).toBeVisible();
  const address = uniqueEmail('digest-editor');
  await card.getByLabel('Test address').fill(address);
  await card.getByRole('button', { name: 'Send Test Digest' }).click();
  // Spec 2 §8: the same success text for the test copy.
  // The last notice is the test copy's (the send to everyone may have reached one address too).
  await expect(card.getByText('Weekly Digest sent successfully! Sent to 1 users.').last()).toBeVisible();
  await expectAccessible(page);

  await page.goto('/admin/outbox');
  await page.getByRole('button', { name: new RegExp(`\\[Test\\] This week's live music in .*To ${address.replace(/[.+]/g, '\\$&')}`) }).click();
  await expect(page.getByTestId('message-body')).toContainText('Every show:');
  await shot(page, 'digest-in-outbox');
});

test('a fan switches the weekly digest off and on from the dashboard', async ({ page }) => {
  await logIn(page, demoAccount('fan').email, demoAccount('fan').password);
  const toggle = page.getByRole('switch', { name: 'Weekly digest e-mails' });
  await expect(toggle).toBeChecked();
  await expect(page.getByText(/^You'll receive weekly emails or texts with upcoming gigs in /)).toBeVisible();
  await toggle.click();
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Weekly digest e-mails' })).not.toBeChecked();
  // Issue 21: once it is off, the dashboard promises no weekly e-mails.
  await expect(page.getByText(/The weekly digest is off: you get no weekly e-mails\./)).toBeVisible();
  await expect(page.getByText(/You'll receive weekly emails/)).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'digest-switch-off');
  await page.getByRole('switch', { name: 'Weekly digest e-mails' }).click();
  await expect(page.getByRole('switch', { name: 'Weekly digest e-mails' })).toBeChecked();
});

test('offline, the admin sends a test text: the reply is shown and the test number is not subscribed', async ({ page }) => {
  await logIn(page, demoAccount('admin').email, demoAccount('admin').password);
  const card = page.getByRole('region', { name: 'SMS updates' });
  await expect(card.getByText(/No texting provider is configured/)).toBeVisible();
  const phone = `(312) 555-${String(1000 + Math.floor(Math.random() * 8999))}`;
  await card.getByLabel('From (phone)').fill(phone);
  await card.getByLabel('Text').fill('music cleveland');
  await expect(card.getByRole('listitem').filter({ hasText: 'Chicagoland' })).toBeVisible();
  const before = await card.getByText(/numbers? (is|are) subscribed/).textContent();
  await card.getByRole('button', { name: 'Send Test Text' }).click();
  await expect(card.getByText("Reply (1 segment): Marquee: you're subscribed to weekly gig updates for Cleveland. Reply STOP to end, HELP for help.")).toBeVisible();
  await expect(card.getByText('A test only: no subscription was changed.')).toBeVisible();
  // The pointer off the button, so axe reads its resting colours rather than a hover transition.
  await page.mouse.move(0, 0);
  await expect(card.getByRole('button', { name: 'Send Test Text' })).toBeEnabled();
  await expectAccessible(page);
  await shot(page, 'admin-sms');
  await page.reload();
  await expect(card.getByRole('listitem').filter({ hasText: 'Chicagoland' })).toBeVisible();
  await expect(card.getByText(/numbers? (is|are) subscribed/)).toHaveText(before!);
});
