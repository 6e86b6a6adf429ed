// Decision 51 (issue 24), the organiser's side of the door: from a gig's card the venue invites door
// staff (whose link registers a door), puts a name +2 on the guest list, watches the counts and
// downloads the door report as CSV; and on its dashboard invites its door team for every gig.
// At laptop size, with the screens looked at on a phone too.
import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatLocalDate } from '../../src/core/time.ts';
import { DOOR_MESSAGES } from '../../src/core/schemas/door.ts';
import { bookTicketedGig, daysFromToday, demoAccount, expectAccessible, logIn, readEmailedLink, signedInAs, uniqueEmail } from './helpers.ts';

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1366, height: 900 };
const SHOTS = 'test-results/screenshots';

/** One card of the (long) dashboard, cut from a full-page screenshot, so the sticky header stays at the top and off it. */
async function cardShot(page: Page, card: Locator, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await card.boundingBox())!;
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, clip: box });
}

/** A fan checks out a ticket and pays on the sandbox's hosted checkout. */
async function buyTicket(request: APIRequestContext, baseURL: string, gigId: string, email: string) {
  const checkout = await request.post('/api/tickets/checkout', { headers: { origin: baseURL }, data: { gigId, email, quantity: 1 } });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await request.post(`/sandbox/checkout/${sessionId}`, { form: { action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, maxRedirects: 0 });
  await expect.poll(async () => ((await (await request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: unknown }).ticket).toBeTruthy();
}

test('an organiser invites door staff, puts a guest +2 on the list, sees the door report and downloads it as CSV', async ({ page, browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const venue = await signedInAs(browser, 'venue');
  const band = { name: demoAccount('band').name };
  const localDate = daysFromToday(6);
  const gigId = await bookTicketedGig(venue, { localDate, description: `Door night ${Date.now()}`, priceCents: '15.00', quantity: 80 });
  await venue.context().close();
  await buyTicket(request, baseURL!, gigId, uniqueEmail('door-fan'));

  await logIn(page, demoAccount('venue').email, demoAccount('venue').password);
  await page.goto(`/dashboard?gig=${gigId}`);
  const card = page.locator(`#gig-card-${gigId}`);
  await card.locator('summary', { hasText: /^Door$/ }).click();
  const counts = card.getByRole('status', { name: 'Door counts' });
  await expect(counts.getByText('Checked in')).toBeVisible();
  await expect(counts.locator('dd')).toHaveText(['0', '1', '0', '80']);
  // Issue 34: one way to the scanner from the gig card, straight to this gig's door.
  await expect(card.getByRole('link', { name: 'Open the scanner' })).toHaveCount(0);
  await expect(card.getByRole('link', { name: /^Door scanner/ })).toHaveCount(1);
  await expect(card.getByRole('link', { name: /^Door scanner/ })).toHaveAttribute('href', `/qr-scanner/?gig=${gigId}`);

  // Door staff: invited by e-mail, for this gig.
  const doorPerson = uniqueEmail('door-dee');
  const invite = card.getByRole('form', { name: 'Invite door staff for this gig' });
  await invite.getByLabel("Door person's e-mail").fill(doorPerson);
  await invite.getByLabel('Name (optional)').fill('Dee Rivera');
  await invite.getByRole('button', { name: 'Invite door staff' }).click();
  await expect(invite.getByText(DOOR_MESSAGES.staffInvited(doorPerson))).toBeVisible();
  const staff = card.getByRole('list', { name: 'Door staff' }).getByRole('listitem').filter({ hasText: 'Dee Rivera' });
  await expect(staff.getByText('Invited', { exact: true })).toBeVisible();

  // Dee opens the e-mailed link on a phone: the door app registers it (as the app does, by its API).
  const link = await readEmailedLink(browser, `Door staff for ${band.name}`, doorPerson, 'door-staff-invite-email');
  expect(link).toMatch(new RegExp(`^${baseURL}/qr-scanner/join#[A-Za-z0-9_-]{43}$`));
  const accepted = await request.post('/api/door/invitations/accept', { headers: { origin: baseURL! }, data: { token: link.split('#')[1], label: "Dee's phone" } });
  expect(accepted.status(), await accepted.text()).toBe(201);
  await page.reload();
  await card.locator('summary', { hasText: /^Door$/ }).click();
  await expect(staff.getByText('Active', { exact: true })).toBeVisible();
  await expect(staff.getByRole('list', { name: 'Devices of Dee Rivera' })).toContainText("Dee's phone");

  // The guest list: a name +2, with an address (the guest is e-mailed a ticket).
  const guestEmail = uniqueEmail('door-maya');
  const addGuest = card.getByRole('form', { name: 'Add to the guest list' });
  await addGuest.getByLabel("Guest's name").fill('Maya Chen');
  await addGuest.getByLabel('Plus guests').fill('2');
  await addGuest.getByLabel('E-mail (optional)').fill(guestEmail);
  await addGuest.getByLabel('Note (optional)').fill('Band family');
  await addGuest.getByRole('button', { name: 'Add to guest list' }).click();
  await expect(addGuest.getByText(`Maya Chen +2 is on the guest list: their ticket is on its way to ${guestEmail}.`)).toBeVisible();
  const guests = card.getByRole('list', { name: 'Guests' });
  await expect(guests.getByRole('listitem').filter({ hasText: 'Maya Chen +2' })).toContainText('0 of 3 in');
  await expect(card.getByText('3 on the list · 76 of 80 seats left')).toBeVisible();

  // The report counts the comps; its CSV downloads with the same figures.
  const report = card.getByRole('region', { name: 'Door report' });
  await expect(report.locator('div', { hasText: /^Guests\d/ }).locator('dd')).toHaveText('3');
  await expect(report.locator('div', { hasText: /^Sold\d/ }).locator('dd')).toHaveText('1');
  await expectAccessible(page);
  await cardShot(page, card, 'door-organiser-panel');
  await page.setViewportSize(PHONE);
  await cardShot(page, card, 'door-organiser-panel-phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.setViewportSize(LAPTOP);
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('link', { name: 'Download the door report (CSV)' }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^door-report-${localDate}-.+\\.csv$`));
  const csv = await fs.readFile(await download.path(), 'utf8');
  expect(csv).toContain('Sold,1\r\n');
  expect(csv).toContain('Guests,3\r\n');
  expect(csv).toContain('Capacity,80\r\n');

  // Revoking Dee: her phone stops at once, and the card says so.
  await staff.getByRole('button', { name: /^Revoke Dee Rivera/ }).click();
  await staff.getByRole('button', { name: 'Revoke access' }).click();
  await expect(staff.getByText('Revoked', { exact: true })).toBeVisible();

  // The band runs the same door at its show: it sees the guest list the venue made.
  const bandPage = await signedInAs(browser, 'band');
  await bandPage.goto('/dashboard');
  const showAll = bandPage.getByRole('button', { name: /^Show all \d+ shows$/ });
  const show = bandPage.getByRole('listitem').filter({ has: bandPage.getByRole('heading', { name: `${demoAccount('venue').name} · ${formatLocalDate(localDate)}`, exact: false }) });
  // The shows load after the page: wait for them (the show itself, or the button that shows the rest) before choosing.
  await expect(show.or(showAll).first()).toBeVisible();
  if (await showAll.isVisible()) await showAll.click();
  await show.locator('summary', { hasText: /^Door$/ }).click();
  await expect(show.getByRole('list', { name: 'Guests' })).toContainText('Maya Chen +2');
  await bandPage.context().close();

  // The venue's door team, invited once for every gig at the venue.
  const team = page.getByRole('region', { name: 'Door team' });
  const teamMember = uniqueEmail('door-team');
  await team.getByLabel("Door person's e-mail").fill(teamMember);
  await team.getByRole('button', { name: 'Invite door staff' }).click();
  await expect(team.getByText(DOOR_MESSAGES.staffInvited(teamMember))).toBeVisible();
  await expect(team.getByRole('list', { name: 'Door staff' })).toContainText('Every gig at the venue');
  await team.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await page.setViewportSize(PHONE);
  await cardShot(page, team, 'door-team-card-phone');
  await page.setViewportSize(LAPTOP);
  await cardShot(page, team, 'door-team-card');
});
