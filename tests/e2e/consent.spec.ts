import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { todayIn } from '../../src/core/time.ts';
import { DEMO_PASSWORD, demoAccount, expectAccessible, logIn, shot } from './helpers.ts';

// Issue 20, decision 34: a venue answers a promoter's request; a band booked with 'Band already
// Chosen' declines, from its dashboard or from the link in its e-mail.
const ORIGIN = process.env.E2E_PORT ? `http://localhost:${process.env.E2E_PORT}` : 'http://localhost:3199';
const tag = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-7);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Registers an account through the API in this page's context, which is then signed in as it. */
async function registerAs(page: Page, role: string, name: string): Promise<string> {
  const email = `${role}-${tag()}@e2e.test`;
  const res = await page.request.post('/api/register', {
    headers: { origin: ORIGIN },
    multipart: { data: JSON.stringify({ email, password: DEMO_PASSWORD, location: 'chicagoland', role, name }) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Laptop and phone screenshots of the current screen, or of one part of a long dashboard. */
async function shots(page: Page, name: string, part?: Locator) {
  const take = async (width: string) => (part ? part.screenshot({ path: `test-results/screenshots/${name}-${width}.png` }) : shot(page, `${name}-${width}`));
  await take('laptop');
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 812 });
  await take('phone');
  await page.setViewportSize(size);
}

async function bookBand(venue: Page, bandName: string, description: string) {
  await venue.goto('/dashboard');
  await venue.getByRole('button', { name: 'Post a gig' }).click();
  const form = venue.getByRole('region', { name: 'Add New Gig Opportunity' });
  await form.getByLabel('Date').fill(todayIn('America/Chicago'));
  await form.getByLabel('Start time hour').selectOption('21');
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Load in & sound check').fill('Load in 7pm');
  await form.getByLabel('Compensation').fill('$200');
  await form.getByLabel('Band already Chosen').check();
  await form.getByLabel('Band', { exact: true }).selectOption({ label: bandName });
  await form.getByRole('button', { name: 'Add Gig Opportunity' }).click();
  await expect(venue.getByText('Gig opportunity created successfully!')).toBeVisible();
}

test("a venue accepts a promoter's request, and only then can the promoter post there", async ({ page, browser }) => {
  const promoterName = `Consent Promotions ${tag()}`;
  await registerAs(page, 'promoter', promoterName);
  await page.goto('/edit-promoter-profile');
  await expect(page.getByText('Each venue you choose is asked first: you can post gigs there once it accepts.')).toBeVisible();
  await page.getByRole('checkbox', { name: /The Lantern Room/ }).check();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('definition').filter({ hasText: 'The Lantern Room (waiting for the venue)' })).toBeVisible();
  await page.getByRole('button', { name: 'Post a gig' }).click();
  await expect(page.getByText('Each venue is asked first: once it accepts, you post gigs for it here.')).toBeVisible();
  await page.goto('/edit-promoter-profile');
  await expect(page.getByRole('listitem').filter({ hasText: 'The Lantern Room' }).getByText('Waiting for the venue')).toBeVisible();

  const venue = await newPage(browser);
  await logIn(venue, demoAccount('venue').email, demoAccount('venue').password);
  const promoters = venue.getByRole('region', { name: 'Promoters', exact: true });
  const request = promoters.getByRole('listitem').filter({ hasText: promoterName });
  await expect(request.getByText('Asks to promote here')).toBeVisible();
  await expectAccessible(venue);
  await shots(venue, 'venue-promoter-request', promoters);
  await request.getByRole('button', { name: `Accept ${promoterName}` }).click();
  await expect(request.getByText('Accepted')).toBeVisible();
  await expect(request.getByRole('button', { name: `End association ${promoterName}` })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Post a gig' }).click();
  const form = page.getByRole('region', { name: 'Add New Gig Opportunity' });
  await expect(form.getByLabel('Venue', { exact: true }).locator('option', { hasText: 'The Lantern Room' })).toHaveCount(1);
  await page.goto('/edit-promoter-profile');
  await expect(page.getByRole('listitem').filter({ hasText: 'The Lantern Room' }).getByText('Accepted')).toBeVisible();
  await shots(page, 'promoter-venue-requests', page.getByRole('group', { name: 'Venues', exact: true }));
});

test("a band booked with 'Band already Chosen' declines from its dashboard, and from its e-mail's link", async ({ page, browser }) => {
  const bandName = `Consent Band ${tag()}`;
  const bandEmail = await registerAs(page, 'band', bandName);
  const venue = await newPage(browser);
  await logIn(venue, demoAccount('venue').email, demoAccount('venue').password);
  await bookBand(venue, bandName, 'Booked without asking: dashboard');

  // The band's dashboard lists the booking first among its shows; Decline asks once more, then declines.
  await page.goto('/dashboard');
  const booked = page.getByRole('region', { name: 'Your shows' });
  const booking = booked.getByRole('listitem').filter({ hasText: 'The Lantern Room' });
  await expect(booking.getByText('Booked for you by The Lantern Room.')).toBeVisible();
  await booking.getByRole('button', { name: /^Decline/ }).click();
  await expect(booking.getByText(/^Decline this gig\?/)).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'band-bookings', booked);
  await booking.getByRole('button', { name: 'Yes, decline' }).click();
  await expect(booked.getByText(/^You declined the gig at The Lantern Room on .+ The Lantern Room has been told, and the gig is open to other bands again\.$/)).toBeVisible();
  await expect(booked.getByRole('listitem')).toHaveCount(0);

  // The gig is open again on the venue's dashboard.
  await venue.reload();
  await expect(venue.getByRole('article').filter({ hasText: 'Booked without asking: dashboard' })).toBeVisible();

  // A second booking: the band follows the link in its e-mail, read here through the admin outbox.
  await bookBand(venue, bandName, 'Booked without asking: link');
  const admin = await newPage(browser);
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  await admin.goto('/admin/outbox');
  await admin.getByRole('button', { name: new RegExp(`booked ${escape(bandName)} on Marquee.*To ${escape(bandEmail)}`) }).first().click();
  await admin.getByRole('button', { name: 'Show hidden links' }).click();
  const link = await admin.getByTestId('message-body').getByRole('link', { name: /\/booking\/decline\// }).first().getAttribute('href');

  const visitor = await newPage(browser);
  await visitor.goto(link!);
  await expect(visitor.getByText(new RegExp(`The Lantern Room booked ${escape(bandName)} for a gig on`))).toBeVisible();
  await expectAccessible(visitor);
  await shots(visitor, 'decline-link-page');
  await visitor.getByRole('button', { name: 'Decline this booking' }).click();
  await expect(visitor.getByText(/has been told, and the gig is open to other bands again\./)).toBeVisible();
  await shots(visitor, 'decline-link-done');
  await visitor.reload();
  await expect(visitor.getByText('You have already declined this booking. The organiser has been told.')).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Decline this booking' })).toHaveCount(0);

  // The venue is told by e-mail.
  await admin.goto('/admin/outbox');
  await expect(admin.getByRole('button', { name: new RegExp(`${escape(bandName)} declined your booking at The Lantern Room`) })).toHaveCount(2);
});
