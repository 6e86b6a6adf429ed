import { expect, test } from '@playwright/test';
import { bookTicketedGig, daysFromToday, expectAccessible, shot, signedInAs } from './helpers.ts';


test('the band directory shows each band with its next gigs and links to its own site', async ({ page }) => {
  await page.goto('/bands');
  await expect(page.getByRole('heading', { level: 1, name: 'Bands' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'The Velvet Static' }) });
  await expect(card.getByRole('link', { name: 'The Velvet Static' })).toHaveAttribute('href', /^http:\/\/thevelvetstatic\.localhost:\d+\/$/);
  await expect(card.getByText('Indie Rock / Shoegaze / Dream Pop')).toBeVisible();
  // The demo band has more upcoming gigs than a card shows.
  await expect(card.getByRole('listitem')).toHaveCount(2);
  await expect(card.getByText(/^\+ \d+ more$/)).toBeVisible();
  await expect(card.getByText(/\d:\d{2} [AP]M C[SD]T/).first()).toBeVisible();
  // Descriptions stop at 75 characters.
  for (const text of await page.getByRole('article').locator('p.text-zinc-300').allTextContents()) expect(text.length).toBeLessThanOrEqual(76);
  await shot(page, 'bands');
  await expectAccessible(page);

  await page.getByLabel('Search by name').fill('salt');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/bands\?search=salt$/);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(['Salt & Static']);
  await expect(page.getByRole('link', { name: 'Salt & Static' })).toHaveAttribute('href', /^http:\/\/saltandstatic\.localhost:\d+\/$/);

  await page.getByLabel('Search by name').fill('no band is called this');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No bands match “no band is called this”.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/bands$/);
  await expect(page.getByRole('heading', { name: 'The Velvet Static' })).toBeVisible();
});

test('a fan finds a venue in the directory and sees its shows with tickets', async ({ page }) => {
  await page.goto('/venues');
  await expect(page.getByRole('heading', { level: 1, name: 'Venues' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'The Lantern Room' }) });
  await expect(card.getByText('1842 W Division St, Chicago, IL 60622')).toBeVisible();
  await expect(card.getByText('Chicagoland')).toBeVisible();
  await expect(card.getByRole('link', { name: 'The Velvet Static' }).first()).toHaveAttribute('href', /^http:\/\/thevelvetstatic\.localhost:\d+\/$/);
  await expect(card.getByText(/^\+ \d+ more$/)).toBeVisible();
  await shot(page, 'venues');
  await expectAccessible(page);

  await card.getByRole('link', { name: 'The Lantern Room', exact: true }).click();
  await expect(page).toHaveURL(/\/venue\/theLanternRoom$/);
  await expect(page.getByRole('heading', { level: 1, name: 'The Lantern Room' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'venue@demo.marquee.test' })).toHaveAttribute('href', 'mailto:venue@demo.marquee.test');
  await expect(page.getByRole('link', { name: '312-555-0142' })).toHaveAttribute('href', 'tel:3125550142');
  const socials = page.getByRole('list', { name: 'The Lantern Room elsewhere' });
  await expect(socials.getByRole('link', { name: /^Instagram of The Lantern Room/ })).toHaveAttribute('href', /^https:\/\/instagram\.com\//);
  await expect(socials.getByRole('link', { name: /^Facebook of The Lantern Room/ })).toHaveAttribute('href', /^https:\/\/facebook\.com\//);
  await expect(page.getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute('href', '/calendar/venue/theLanternRoom.ics');

  const featured = page.getByRole('region', { name: 'Featured Shows' });
  await expect(featured.getByRole('article')).toHaveCount(4);
  const upcoming = page.getByRole('region', { name: 'Upcoming Performances' });
  await expect(upcoming.getByRole('article').first()).toBeVisible();
  expect(await upcoming.getByRole('article').count()).toBeGreaterThanOrEqual(4);
  await expect(upcoming.getByText(/\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M (CST|CDT)/).first()).toBeVisible();
  // One card, one set of facts: a featured show reads exactly like its upcoming-performance card.
  expect(await featured.getByRole('article').first().innerText()).toBe(await upcoming.getByRole('article').first().innerText());
  await expect(featured.getByRole('link', { name: /^Buy Tickets/ }).first()).toBeVisible();
  await expect(page).toHaveTitle('The Lantern Room | Live music in Chicagoland | Marquee');
  const buy = upcoming.getByRole('link', { name: /^Buy Tickets \$\d+\.\d{2} \+ fees/ }).first();
  await expect(buy).toHaveAttribute('href', /^\/tickets\?band=.+&event=The\+Lantern\+Room&price=\d+\.\d{2}&date=\d{4}-\d{2}-\d{2}&bandId=.+&gigId=.+/);
  await shot(page, 'venue-page');
  await expectAccessible(page);
  await buy.click();
  await expect(page).toHaveURL(/\/tickets\?band=/);
});

test('a gig with several ticket types shows its price range on its card; a presale type’s price stays hidden (issue 34)', async ({ page, browser }) => {
  // The demo venue books a ticketed gig and sells it as General $20, VIP $45 and a presale-only $10.
  const venue = await signedInAs(browser, 'venue');
  const localDate = daysFromToday(290);
  const gigId = await bookTicketedGig(venue, { localDate, startTime: '21:15', endTime: '23:45', priceCents: '25.00' });
  const res = await venue.request.put(`/api/booking/gigs/${gigId}/ticket-types`, {
    headers: { origin: new URL(venue.url()).origin },
    data: {
      types: [
        { name: 'General', price: '20', quantity: 60 },
        { name: 'VIP', price: '45', quantity: 20 },
        { name: 'Fan club', price: '10', quantity: 10, isHidden: true },
      ],
      codes: [{ code: `FANS-${Date.now()}`, typeName: 'Fan club', maxUses: 5 }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await venue.context().close();

  await page.goto(`/gigs?from=${localDate}&to=${localDate}`);
  const card = page.getByRole('article').filter({ hasText: '9:15 PM - 11:45 PM' }).filter({ has: page.getByRole('heading', { name: 'The Velvet Static' }) });
  await expect(card.getByRole('link', { name: /^Buy Tickets \$20\.00–\$45\.00 \+ fees/ })).toBeVisible();
  await expect(card).not.toContainText('$10.00');
  await shot(page, 'gig-card-price-range');
});

test('a venue page opened from its address alone works, and an unknown venue is not found', async ({ page }) => {
  await page.goto('/venue/theLanternRoom');
  await expect(page.getByRole('heading', { level: 1, name: 'The Lantern Room' })).toBeVisible();
  await page.goto('/venue/doesNotExist');
  await expect(page.getByText('Venue not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse all venues' })).toHaveAttribute('href', '/venues');
  await shot(page, 'venue-not-found');
  await expectAccessible(page);
});

test('the rehearsal-space directory lists spaces with ways to get in touch', async ({ page }) => {
  await page.goto('/rehearsal-space');
  await expect(page.getByRole('heading', { level: 1, name: 'Rehearsal Spaces' })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: 'Loud Room Rehearsal Studios' }) });
  await expect(card.getByText('2750 W Fulton St, Chicago, IL 60612')).toBeVisible();
  await expect(card.getByRole('link', { name: /^Call/ })).toHaveAttribute('href', 'tel:3125550133');
  await expect(card.getByRole('link', { name: /^Email/ })).toHaveAttribute('href', 'mailto:rehearsal@demo.marquee.test');
  await expect(card.getByRole('link', { name: /^Website/ })).toHaveAttribute('href', /^https:\/\//);
  await expect(card.getByText('Chicagoland')).toBeVisible();
  // The long description is cut at a word boundary within 100 characters.
  const description = card.getByText(/^Twelve soundproofed rooms/);
  await expect(description).toHaveText(/…$/);
  expect((await description.textContent())!.length).toBeLessThanOrEqual(101);
  await expect(page.getByRole('heading', { name: 'Own a Rehearsal Space?' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'List your space' })).toHaveAttribute('href', '/register');
  await shot(page, 'rehearsal-spaces');
  await expectAccessible(page);
});

test('the rehearsal-space directory shows its empty state when loading fails', async ({ page }) => {
  await page.route('**/api/rehearsal-spaces', (route) => route.fulfill({ status: 500, body: '{}' }));
  await page.goto('/rehearsal-space');
  await expect(page.getByText('No rehearsal spaces yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register Your Space' })).toHaveAttribute('href', '/register');
});

test('all upcoming gigs can be filtered by region and genre, and the filters are in the address', async ({ page }) => {
  await page.goto('/gigs');
  await expect(page.getByRole('heading', { level: 1, name: 'All upcoming gigs' })).toBeVisible();
  const count = page.getByRole('status').filter({ hasText: /^\d+ gigs?/ });
  await expect(count).toHaveText(/^\d+ gigs$/);
  const allCount = Number((await count.textContent())!.split(' ')[0]);
  await expect(page.getByRole('link', { name: /Subscribe to calendar/ })).toHaveCount(0);
  await shot(page, 'gigs');
  await expectAccessible(page);

  // The demo scene has more upcoming gigs than one page holds.
  const pages = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  const firstOnPage1 = await page.getByRole('article').first().textContent();
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/gigs\?page=2$/);
  await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect(await page.getByRole('article').first().textContent()).not.toBe(firstOnPage1);
  await pages.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/gigs$/);

  await page.getByLabel('Region').selectOption({ label: 'Cleveland' });
  await expect(page).toHaveURL(/\/gigs\?region=cleveland$/);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(count).toHaveText(/^\d+ gigs? in Cleveland$/);
  const clevelandCount = Number((await count.textContent())!.split(' ')[0]);
  expect(clevelandCount).toBeGreaterThan(0);
  expect(clevelandCount).toBeLessThan(allCount);
  await expect(page.getByText(/(EST|EDT)$/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Subscribe to calendar/ })).toHaveAttribute('href', '/calendar/region/cleveland.ics');

  // Choose the genre of the first gig shown: every result then plays it.
  const firstGenres = (await page.getByRole('article').first().locator('p.text-zinc-300').first().textContent())!;
  const genre = firstGenres.split(' / ')[0]!;
  await page.getByLabel('Genre').selectOption({ label: genre });
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ region: 'cleveland', genre });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
  // The list may show the region's gigs for a moment before the genre's arrive (the address
  // changes first): wait until every gig shown plays the genre.
  await expect
    .poll(async () => (await page.getByRole('article').locator('p.text-zinc-300').filter({ hasText: ' / ' }).allTextContents()).every((text) => text.toLowerCase().includes(genre.toLowerCase())))
    .toBe(true);
  await expect(count).toHaveText(/^\d+ gigs? in Cleveland$/);
  const genreCount = Number((await count.textContent())!.split(' ')[0]);
  expect(genreCount).toBeLessThanOrEqual(clevelandCount);
  await shot(page, 'gigs-filtered');

  // The address can be shared: opening it again shows the same filters.
  await page.goto(page.url());
  await expect(page.getByLabel('Region')).toHaveValue('cleveland');
  await expect(page.getByLabel('Genre')).toHaveValue(genre);

  await page.getByLabel('From').fill('2001-01-01');
  await page.getByLabel('To').fill('2001-01-02');
  await expect(page.getByText('No upcoming gigs match these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/gigs$/);
  // All of them again (other browser tests running alongside may have booked a gig meanwhile).
  await expect(count).toHaveText(/^\d+ gigs$/);
  expect(Number((await count.textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(allCount);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('the band directory shows one card per row', async ({ page }) => {
    await page.goto('/bands');
    const cards = page.getByRole('article');
    await expect(cards.nth(1)).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.x).toBe(first!.x);
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(first!.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page);
    await page.getByLabel('Search by name').fill('static');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveCount(2);
    await shot(page, 'phone-bands');
  });
});
