import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, logIn, logOut, shot, uniqueEmail } from './helpers.ts';

// Decision 33: a venue sells tickets and books a band directly once its e-mail is verified and an
// admin approved it from the queue on the admin dashboard.

test('a new venue is told why ticketing waits, and is refused another venue’s name', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('venue'));
  await page.getByLabel('Password', { exact: true }).fill('e2e-password-123');
  await page.getByLabel('Account type').selectOption({ label: 'Venue' });
  await page.getByLabel('Venue name', { exact: true }).fill('Тhe Lаntern Rооm');
  await page.getByLabel('Address', { exact: true }).fill('1 Fake St, Chicago');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The name "Тhe Lаntern Rооm" is already taken on Marquee. Please choose another.').first()).toBeVisible();

  await page.getByLabel('Venue name', { exact: true }).fill(`Harbor Nights ${Date.now() % 100000}`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Your venue is not verified yet' })).toBeVisible();
  await page.getByRole('button', { name: 'Post a gig' }).click();
  const form = page.getByRole('region', { name: 'Add New Gig Opportunity' });
  await expect(form.getByLabel('Sell tickets through Marquee')).toBeDisabled();
  await expect(form.getByLabel('Band already Chosen')).toBeDisabled();
  await expect(page.getByText('Ticket sales and booking a band directly open once your venue is verified. Please verify your e-mail address: follow the link in the e-mail we sent you. An admin then checks that your venue is who it says it is.')).toBeVisible();
  await expect(form.getByText('Available once your venue is verified: see "Your venue is not verified yet" on your dashboard.')).toHaveCount(2);
  await expectAccessible(page);
  await shot(page, 'venue-unverified-dashboard');
});

test('an admin approves a waiting venue from the queue, and the venue can then sell tickets', async ({ page }) => {
  const admin = demoAccount('admin');
  await logIn(page, admin.email, admin.password);
  const queue = page.getByRole('region', { name: 'Venue verification' });
  const waiting = queue.getByRole('listitem', { name: 'The Side Door' });
  await expect(waiting.getByText('(e-mail verified)')).toBeVisible();
  await expect(waiting.getByText('2410 W North Ave, Chicago, IL 60647 · Chicagoland')).toBeVisible();
  await expect(waiting.getByRole('link', { name: 'The Side Door' })).toHaveAttribute('href', '/venue/theSideDoor');
  await waiting.scrollIntoViewIfNeeded();
  await shot(page, 'admin-venue-queue');
  await expectAccessible(page);

  await waiting.getByRole('button', { name: 'Approve The Side Door' }).click();
  await expect(queue.getByText('The Side Door is verified.')).toBeVisible();
  await expect(queue.getByRole('listitem', { name: 'The Side Door' })).toHaveCount(0);
  await queue.getByLabel('Show').selectOption({ label: 'Verified' });
  await expect(queue.getByRole('listitem', { name: 'The Side Door' })).toBeVisible();

  // The admin acts as the venue: ticketing is open now.
  await page.getByLabel('Search users').fill('bookings@the-side-door.example.com');
  await page.getByLabel('Search users').press('Enter');
  await page.getByRole('button', { name: 'Impersonate bookings@the-side-door.example.com' }).click();
  await expect(page.getByText(/Currently Impersonating/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your venue is not verified yet' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Post a gig' }).click();
  const form = page.getByRole('region', { name: 'Add New Gig Opportunity' });
  await expect(form.getByLabel('Band already Chosen')).toBeEnabled();
  await form.getByLabel('Sell tickets through Marquee').check();
  await expect(form.getByLabel('Ticket price ($)')).toBeVisible();
  await shot(page, 'verified-venue-ticketing');
  await page.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Stop Impersonating' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await logOut(page);
});
