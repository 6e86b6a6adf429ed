// Issue 21 items 18 and 20, decision 41: a band's dashboard leads with its own shows and their
// sales, filters open gigs, and shows the band (and the venue) what its tickets made, at laptop
// and phone width, with the year's CSV. Issue 34 item 6: a gig's sales by ticket type, each at its
// own price, and the type on the organiser's holder list.
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { todayIn } from '../../src/core/time.ts';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';

const ZONE = 'America/Chicago';
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

async function signedIn(browser: Browser, role: string, options = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await logIn(page, demoAccount(role).email, demoAccount(role).password);
  return page;
}

/** A write as the page's own account, from its origin (the cross-site guard wants one). */
async function postAs<T>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(path, { data, headers: { origin } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/** A fan pays on the sandbox checkout for one ticket, or for a mixed order's lines (issue 34). */
async function buyTicket(browser: Browser, gigId: string, lines?: { ticketTypeId: string; quantity: number }[]) {
  const fan = await (await browser.newContext()).newPage();
  await fan.goto('/');
  const { url } = await postAs<{ url: string }>(fan, '/api/tickets/checkout', { gigId, email: uniqueEmail('report-fan'), lines });
  await fan.goto(url);
  await fan.getByLabel('Card number').fill('4242 4242 4242 4242');
  await fan.getByLabel('Expiry (MM/YY)').fill('12/30');
  await fan.getByLabel('CVC').fill('123');
  await fan.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(fan).toHaveURL(/\/success\?session_id=/);
  await fan.context().close();
}

const top = async (page: Page, name: string) => (await page.getByRole('heading', { name, exact: true }).boundingBox())!.y;

test("a band's dashboard: its shows and their sales first, filtered open gigs, and what its tickets made, on a laptop and a phone", async ({ page, browser }) => {
  // Two purchases, three accounts and two screen sizes: longer than one story's usual two minutes.
  test.setTimeout(240_000);
  // The demo venue books the demo band straight onto a ticketed gig ('Band already Chosen'), and two fans buy.
  const venue = await signedIn(browser, 'venue');
  const bandsRes = await venue.request.get('/api/booking/bands');
  const band = ((await bandsRes.json()) as { bands: { id: string; name: string }[] }).bands.find((b) => b.name === demoAccount('band').name)!;
  const description = `Report night ${Date.now()}`;
  const { gigIds } = await postAs<{ gigIds: string[] }>(venue, '/api/booking/gigs', {
    localDate: todayIn(ZONE),
    startTime: '23:00',
    endTime: '23:50',
    description,
    loadInSoundCheck: 'Load in 9pm',
    compensation: 'Door split',
    isBandChosen: true,
    bandId: band.id,
    ticketing: { isEnabled: true, priceCents: '12.50', quantity: 60, bandPercent: 50, organiserPercent: 25 },
  });
  await buyTicket(browser, gigIds[0]!);
  await buyTicket(browser, gigIds[0]!);

  // Issue 34: a later show the same night with two ticket types, General $20 and VIP $45, and one mixed order of 2 General + 1 VIP.
  const typed = await postAs<{ gigIds: string[] }>(venue, '/api/booking/gigs', {
    localDate: todayIn(ZONE),
    startTime: '23:30',
    endTime: '23:50',
    description: `Typed night ${Date.now()}`,
    loadInSoundCheck: 'Load in 10pm',
    compensation: 'Door split',
    isBandChosen: true,
    bandId: band.id,
    ticketing: { isEnabled: true, priceCents: '15', quantity: 50, bandPercent: 50, organiserPercent: 25 },
  });
  const typedGigId = typed.gigIds[0]!;
  const typesRes = await venue.request.put(`/api/booking/gigs/${typedGigId}/ticket-types`, {
    data: { types: [{ name: 'General', price: '20', quantity: 40 }, { name: 'VIP', price: '45', quantity: 10 }], codes: [] },
    headers: { origin: new URL(venue.url()).origin },
  });
  expect(typesRes.status(), await typesRes.text()).toBe(200);
  const typeId = Object.fromEntries(((await typesRes.json()) as { types: { id: string; name: string }[] }).types.map((type) => [type.name, type.id]));
  await buyTicket(browser, typedGigId, [
    { ticketTypeId: typeId.General!, quantity: 2 },
    { ticketTypeId: typeId.VIP!, quantity: 1 },
  ]);

  await logIn(page, demoAccount('band').email, demoAccount('band').password);
  const shows = page.getByRole('region', { name: 'Your shows' });
  const show = shows.getByRole('listitem').filter({ hasText: 'The Lantern Room' }).filter({ hasText: '2 of 60 tickets sold' });
  await expect(show).toBeVisible();
  await expect(show.getByText('$12.50 · 2 of 60 tickets sold · your share 50%')).toBeVisible();
  // Tickets are sold, so this direct booking is no longer declined here.
  await expect(show.getByText(/can no longer be declined here/)).toBeVisible();
  // The band scans its own show's tickets at the door (issue 21: no dead ends).
  // The door app (issue 24), opened at this show's door.
  await expect(show.getByRole('link', { name: /^Door scanner/ })).toHaveAttribute('href', /^\/qr-scanner\/\?gig=[0-9a-f-]{36}$/);

  // Shows, then open gigs, then money; the payment setup and the folded profile below.
  expect(await top(page, 'Your shows')).toBeLessThan(await top(page, 'Open gig opportunities'));
  expect(await top(page, 'Open gig opportunities')).toBeLessThan(await top(page, 'Sales and payouts'));
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeHidden();
  await page.getByText('Profile summary').click();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();

  // Open gigs start in the band's own region; the server filters.
  const filters = page.getByRole('search', { name: 'Filter gig opportunities' });
  await expect(filters.getByLabel('Region')).toHaveValue('chicagoland');
  await filters.getByLabel('Region').selectOption({ label: 'All regions' });
  await filters.getByLabel('Pay').selectOption({ label: 'A fee in dollars' });
  await filters.getByRole('button', { name: 'Show gigs' }).click();
  await expect(page).toHaveURL(/region=all/);
  await expect(page).toHaveURL(/pay=fee/);
  await filters.getByLabel('Genre').fill('no genre is called this');
  await filters.getByRole('button', { name: 'Show gigs' }).click();
  const openGigs = page.getByRole('region', { name: 'Open gig opportunities' });
  // Issue 34: filters that match nothing say so, with a Clear button beside the message.
  const noMatch = openGigs.locator('div').filter({ hasText: /^No gigs match these filters\.Clear filters$/ });
  await expect(noMatch.getByText('No gigs match these filters.')).toBeVisible();
  await expect(openGigs.getByText('No gigs available at this time.')).toHaveCount(0);
  await noMatch.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(openGigs.getByRole('button', { name: /^Apply/ }).first()).toBeVisible();

  // The report: the demo band has no payout account, so its share is held until it sets one up, and says so (issue 34).
  const report = page.getByRole('region', { name: 'Sales and payouts' });
  const year = todayIn(ZONE).slice(0, 4);
  await expect(report.getByLabel('Year')).toHaveValue(year);
  const row = report.getByRole('row').filter({ hasText: 'The Lantern Room' }).filter({ hasText: '$28.76' });
  // Two tickets at $12.50 + $1.88 fee = $28.76 gross; band 2 x $6.25, venue 2 x $3.12.
  await expect(row.getByRole('cell', { name: '$12.50', exact: true }).first()).toBeVisible();
  await expect(row.getByRole('cell', { name: '$6.24', exact: true })).toHaveCount(2); // the venue's share, all of it held
  await expect(report.getByRole('columnheader', { name: 'Band share (yours)' }).first()).toBeVisible();
  await expect(report.getByRole('columnheader', { name: 'Held for band' }).first()).toBeVisible();
  // Issue 34: the typed show's row (2 × $20 + $45 = $85.00 and one fee of $12.75: $97.75), then a row per type at its own price.
  const typedRow = report.getByRole('row').filter({ hasText: 'The Lantern Room' }).filter({ hasText: '$97.75' });
  await expect(typedRow.getByRole('cell', { name: '3', exact: true })).toBeVisible();
  const generalRow = report.getByRole('row').filter({ hasText: 'General · $20.00' });
  await expect(generalRow.getByRole('cell', { name: '$46.00', exact: true })).toBeVisible(); // 2 × ($20.00 + $3.00)
  await expect(generalRow.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await expect(report.getByRole('row').filter({ hasText: 'VIP · $45.00' }).getByRole('cell', { name: '$51.75', exact: true })).toBeVisible();
  // The show of one simple price has no breakdown.
  await expect(report.getByRole('row').filter({ hasText: /^Tickets/ })).toHaveCount(0);
  await expectAccessible(page);
  await report.scrollIntoViewIfNeeded();
  await shot(page, 'band-dashboard-laptop');
  await report.screenshot({ path: 'test-results/screenshots/sales-report-laptop.png' });

  // The CSV is the same year, cell for cell, and formula-safe.
  const [download] = await Promise.all([page.waitForEvent('download'), report.getByRole('link', { name: /^Download CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe(`marquee-sales-${year}.csv`);
  const csv = fs.readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe(
    'month,date,start_time,venue,band,organiser,ticket_price,tickets_sold,tickets_refunded,gross,service_fees,refunded,band_share,organiser_share,platform_share,band_transferred,band_held,organiser_held,organiser_released,band_forfeited,organiser_forfeited,band_transfer_failed,organiser_transfer_failed,ticket_type',
  );
  expect(csv).toContain(`${todayIn(ZONE)},23:00,The Lantern Room,The Velvet Static,The Lantern Room,12.50,2,0,28.76,3.76,0.00,12.50,6.24,10.02,0.00,12.50,6.24,0.00,0.00,0.00,0.00,0.00,\r\n`);
  // Issue 34: the typed show is a row per type, its price what those tickets were sold at (not the show's $15 base).
  const typedLines = csv.split('\r\n').filter((line) => line.includes(`${todayIn(ZONE)},23:30,`));
  expect(typedLines.map((line) => line.split(',').filter((_, i) => [6, 7, 9, 23].includes(i)))).toEqual([
    ['20.00', '2', '46.00', 'General'],
    ['45.00', '1', '51.75', 'VIP'],
  ]);

  // The venue's dashboard has its side of the same gig: its share held until the gig is completed.
  const venueReport = venue.getByRole('region', { name: 'Sales and payouts' });
  await venue.reload();
  await expect(venueReport.getByRole('columnheader', { name: 'Organiser share (yours)' }).first()).toBeVisible();
  await expect(venueReport.getByRole('row').filter({ hasText: `${demoAccount('band').name} at The Lantern Room` }).filter({ hasText: '$28.76' })).toBeVisible();
  await venueReport.screenshot({ path: 'test-results/screenshots/sales-report-venue-laptop.png' });

  // Issue 34: the venue's holder list names each ticket's type, a mixed order's tickets each their own.
  await venue.goto(`/dashboard?gig=${typedGigId}`);
  const typedCard = venue.locator(`#gig-card-${typedGigId}`);
  await typedCard.getByText('Ticket holders', { exact: true }).click();
  const holders = typedCard.getByRole('listitem').filter({ hasText: /^report-fan/ });
  await expect(holders).toHaveCount(3);
  await expect(holders.filter({ hasText: 'ticket 1 of 3' })).toContainText('General');
  await expect(holders.filter({ hasText: 'ticket 2 of 3' })).toContainText('General');
  await expect(holders.filter({ hasText: 'ticket 3 of 3' })).toContainText('VIP');
  await expectAccessible(venue);
  await typedCard.screenshot({ path: 'test-results/screenshots/ticket-holders-types-laptop.png' });
  await venue.setViewportSize({ width: 375, height: 812 });
  await expect(holders.filter({ hasText: 'ticket 3 of 3' })).toContainText('VIP');
  expect(await venue.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(venue, 'ticket-holders-types-phone');
  await typedCard.screenshot({ path: 'test-results/screenshots/ticket-holders-types-phone.png' });

  // On a phone: no sideways scrolling, the gig as a card of figures, buttons a thumb can hit.
  const phone = await signedIn(browser, 'band', PHONE);
  const phoneReport = phone.getByRole('region', { name: 'Sales and payouts' });
  const card = phoneReport.getByRole('listitem').filter({ hasText: 'The Lantern Room' }).filter({ hasText: '$28.76' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: '$6.24' }).first()).toBeVisible();
  // Issue 34: the typed show's card says what each type sold and took.
  const typedReportCard = phoneReport.getByRole('listitem').filter({ hasText: 'The Lantern Room' }).filter({ hasText: '$97.75' });
  await expect(typedReportCard.getByText('By ticket type')).toBeVisible();
  await expect(typedReportCard.getByRole('definition').filter({ hasText: '2 sold · $46.00 gross' })).toBeVisible();
  await expect(typedReportCard.getByRole('definition').filter({ hasText: '1 sold · $51.75 gross' })).toBeVisible();
  await expect(card.getByText('By ticket type')).toHaveCount(0);
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const control of [phoneReport.getByRole('link', { name: /^Download CSV/ }), phone.getByRole('button', { name: 'Show gigs' }), phone.getByText('Profile summary')]) {
    expect((await control.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await expectAccessible(phone);
  await shot(phone, 'band-dashboard-phone');
  await phoneReport.screenshot({ path: 'test-results/screenshots/sales-report-phone.png' });
});
