import { expect, test } from '@playwright/test';
import { demoAccount, expectAccessible, expectImageLinksToBand, expectUnderlined, logIn, shot } from './helpers.ts';

const PORT = Number(process.env.E2E_PORT ?? 3199);
const site = (slug: string) => `http://${slug}.localhost:${PORT}/`;


test('the home page shows upcoming gigs in the spec layout, each with its details', async ({ page }) => {
  await page.goto('/');
  const grid = page.getByRole('region', { name: 'Upcoming shows' });
  const cards = grid.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThan(5);
  // 1 large, then rows of 2: the first card spans the whole width, the next two share a row.
  const [first, second, third] = await Promise.all([0, 1, 2].map((i) => cards.nth(i).boundingBox()));
  expect(first!.width).toBeGreaterThan(second!.width * 1.5);
  expect(Math.abs(second!.y - third!.y)).toBeLessThan(2);
  const card = cards.first();
  await expect(card.getByText(/(AM|PM) - .*(AM|PM) C[SD]T|E[SD]T/)).toBeVisible();
  await expect(card.getByRole('link').first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Follow' })).toBeVisible();
  // Band and venue names look like links, and the picture is one too.
  await expectUnderlined(card.getByRole('heading', { level: 3 }).getByRole('link'));
  await expectUnderlined(card.locator('a[href^="/venue/"]'));
  await expectImageLinksToBand(card);
  await shot(page, 'home-with-gigs');
  await expectAccessible(page);
});

test('a fan follows a band from a gig card, confirms by e-mail and unsubscribes', async ({ page, browser }) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Upcoming shows' }).getByRole('article').first();
  const bandName = (await card.getByRole('heading', { level: 3 }).innerText()).trim();
  const email = `follower-${Date.now()}@e2e.test`;
  await card.getByLabel(`Your e-mail to follow ${bandName}`).fill('not-an-email');
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(card.getByText('Please enter a valid email address.')).toBeVisible();
  await card.getByLabel(`Your e-mail to follow ${bandName}`).fill(email);
  await card.getByRole('button', { name: 'Follow' }).click();
  await expect(card.getByText(`Almost there: check your inbox to confirm you're following ${bandName}.`)).toBeVisible();
  await shot(page, 'follow-success');
  // The tick message goes after 3 seconds.
  await expect(card.getByText(`Almost there: check your inbox to confirm you're following ${bandName}.`)).toBeHidden({ timeout: 6000 });

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  await admin.goto('/admin/outbox');
  await admin.getByRole('button', { name: new RegExp(`follow.*To ${email.replace(/[.+]/g, '\\$&')}`) }).click();
  await expect(admin.getByTestId('message-body')).toContainText('[link hidden]');
  await admin.getByRole('button', { name: 'Show hidden links' }).click();
  const links = admin.getByTestId('message-body').getByRole('link');
  await expect(links).toHaveCount(2);
  const [confirmLink, unsubscribeLink] = [await links.nth(0).getAttribute('href'), await links.nth(1).getAttribute('href')];
  await adminContext.close();

  await page.goto(confirmLink!);
  await expect(page.getByText(`You're now following ${bandName}! We'll e-mail you when they announce a new show.`)).toBeVisible();
  await shot(page, 'follow-confirmed');
  await page.goto(unsubscribeLink!);
  await expect(page.getByText(`You're unsubscribed: no more e-mails about ${bandName}.`)).toBeVisible();
  await shot(page, 'unsubscribed');
});

test("a band's site on its subdomain shows everything, and its head is shareable", async ({ page }) => {
  await page.goto(site('thevelvetstatic'));
  await expect(page.getByRole('heading', { level: 1, name: 'The Velvet Static' })).toBeVisible();
  await expect(page.getByText('Indie Rock / Shoegaze / Dream Pop').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Upcoming shows' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Band members' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'The Velvet Static elsewhere' }).getByRole('link', { name: /Instagram/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Subscribe to calendar' })).toHaveAttribute('href', '/calendar/band/thevelvetstatic.ics');
  // The gallery: clicking a thumbnail swaps the main image.
  const gallery = page.getByRole('region', { name: 'Gallery' });
  await gallery.getByRole('button', { name: 'Show photo 2' }).click();
  await expect(gallery.getByRole('img', { name: /photo 2 of/ })).toBeVisible();
  // Header links go to the main domain.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bands' })).toHaveAttribute('href', `http://localhost:${PORT}/bands`);
  await shot(page, 'band-site-subdomain');
  await expectAccessible(page);

  // The HTML as the server sends it (what a link-preview bot reads, without running JavaScript).
  const html = await page.evaluate(async () => (await fetch('/', { headers: { accept: 'text/html' } })).text());
  expect(html).toContain('<title>The Velvet Static | Marquee</title>');
  expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/files\/images\//);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
  const event = jsonLd.find((item) => item['@type'] === 'MusicEvent');
  expect(event).toMatchObject({ performer: { '@type': 'MusicGroup', name: 'The Velvet Static' }, location: { '@type': 'MusicVenue' } });
  expect(event.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d-0[56]:00$/);
});

test('/band/{name} matches names loosely and says when a band does not exist', async ({ page }) => {
  await page.goto('/band/salt and static');
  await expect(page.getByRole('heading', { level: 1, name: 'Salt & Static' })).toBeVisible();
  await page.goto('/band/no-such-band-anywhere');
  await expect(page.getByRole('heading', { name: 'Band not found' })).toBeVisible();
  await expect(page.getByText("Sorry, that band doesn't exist here.")).toBeVisible();
});

test('/test-band-website shows a demo band site, saying it is one (spec 1 §2, issue 34 item 17)', async ({ page }) => {
  await page.goto('/test-band-website');
  await expect(page.getByRole('note').filter({ hasText: 'A demo band site: every band on Marquee gets one like it on its own address.' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Sample Sessions', level: 1 })).toBeVisible();
  await expect(page.getByText('Ada Lind')).toBeVisible();
  await expect(page.getByText("On a real band's site, fans follow here to hear about its next gigs by e-mail.")).toBeVisible();
  await shot(page, 'test-band-website');
  await expectAccessible(page);
});

test("a promoter's subdomain shows the promoter; an unknown one says page not found", async ({ page }) => {
  await page.goto(site('northsidesound'));
  await expect(page.getByRole('heading', { level: 1, name: 'Northside Sound' })).toBeVisible();
  await expect(page.getByText('Music Promoter')).toBeVisible();
  await shot(page, 'promoter-site');
  await expectAccessible(page);
  await page.goto(site('nobodyatall'));
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText("Sorry, that page doesn't exist here.")).toBeVisible();
});

test('region pages are accessible and carry their own head', async ({ page, request }) => {
  await page.goto('/cleveland');
  await expect(page.getByRole('heading', { name: 'Live Music in Cleveland' })).toBeVisible();
  await expect(page.getByText(/E[SD]T/).first()).toBeVisible();
  await expectAccessible(page);
  // The cards' headings sit one level below the page's h1.
  const card = page.getByRole('article').first();
  await expect(card.getByRole('heading', { level: 2 })).toBeVisible();
  expect(await page.getByRole('heading', { level: 3 }).count()).toBe(0);
  await expectUnderlined(card.getByRole('heading', { level: 2 }).getByRole('link'));
  await expectUnderlined(card.locator('a[href^="/venue/"]'));
  await expectImageLinksToBand(card);
  // Each screen names itself in the tab, also after navigating inside the app.
  await expect(page).toHaveTitle('Live Music in Cleveland | Marquee');
  await page.getByRole('link', { name: 'All gigs in Cleveland' }).click();
  await expect(page).toHaveTitle('All upcoming gigs | Marquee');
  await page.goBack();
  await expect(page).toHaveTitle('Live Music in Cleveland | Marquee');
  const html = await (await request.get('/cleveland')).text();
  expect(html).toContain('<title>Live Music in Cleveland | Marquee</title>');
  expect(html).toContain('"@type":"MusicEvent"');
});

test('a band sees its website address and a live preview', async ({ page }) => {
  const band = demoAccount('band');
  await logIn(page, band.email, band.password);
  await page.goto('/my-website');
  await expect(page.getByRole('link', { name: `http://thevelvetstatic.localhost:${PORT}` })).toBeVisible();
  await expect(page.frameLocator('iframe[title="Preview of your band website"]').getByRole('heading', { level: 1, name: 'The Velvet Static' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(page.getByRole('link', { name: 'Edit Profile' })).toHaveAttribute('href', '/edit-profile');
  await shot(page, 'my-website');
});

test('the debug page shows the visit', async ({ page }) => {
  await page.goto('/debug-test');
  await expect(page.getByText('Not logged in')).toBeVisible();
  for (const name of ['QR scanner', 'Login', 'Home']) await expect(page.getByRole('navigation', { name: 'Debug links' }).getByRole('link', { name })).toBeVisible();
});

test('the sitemap and calendar feeds are served', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`<loc>http://thevelvetstatic.localhost:${PORT}/</loc>`);
  const feed = await request.get('/calendar/region/chicagoland.ics');
  expect(feed.headers()['content-type']).toContain('text/calendar');
  expect(await feed.text()).toContain('BEGIN:VEVENT');
});

test('band site screenshots at laptop and phone width, for a look at the hero', async ({ page }) => {
  // The demo backdrop carries no text: the page's own logo and heading are the only name in the hero.
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(site('thevelvetstatic'));
    await expect(page.getByRole('heading', { level: 1, name: 'The Velvet Static' })).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/band-hero-${width}.png` });
  }
});
