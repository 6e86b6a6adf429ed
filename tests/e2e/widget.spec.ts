import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { bookTicketedGig, demoAccount, expectAccessible, shot, signedInAs } from './helpers.ts';

// Issue 26: the gig widget on someone else's site. A host page on another origin (its own small
// server, 127.0.0.1 beside Marquee's localhost) with hostile CSS pastes the two snippets.
const MARQUEE = `http://localhost:${Number(process.env.E2E_PORT ?? 3199)}`;
const HOST_PORT = Number(process.env.E2E_PORT ?? 3199) + 10;
const BAND = 'thevelvetstatic';

const HOST_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>The Velvet Static - official site</title>
<style>
  * { color: red !important; font-size: 40px !important; font-family: serif !important; }
  a { display: none !important; }
  li { list-style: square; }
  marquee-gigs { letter-spacing: 6px; line-height: 3; }
</style>
<script src="${MARQUEE}/embed.js" async></script>
</head><body>
<h1>Our shows</h1>
<marquee-gigs id="gigs" band="${BAND}" limit="50"></marquee-gigs>
<marquee-gigs id="hostile" band="<img src=x onerror=alert(1)>"></marquee-gigs>
<marquee-gigs id="nobody" venue="no-such-venue"></marquee-gigs>
<marquee-gigs id="dark" band="${BAND}" theme="dark" limit="2"></marquee-gigs>
<iframe id="marquee-frame" src="${MARQUEE}/embed/gigs?band=${BAND}&limit=3" title="Upcoming gigs" style="width:100%;height:120px;border:0"></iframe>
<script type="module">
  import { initialize } from "${MARQUEE}/embed/iframe-resizer.js";
  initialize({}, "#marquee-frame");
</script>
</body></html>`;

let host: http.Server;
const HOST_URL = `http://127.0.0.1:${HOST_PORT}/`;

test.beforeAll(async () => {
  host = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HOST_PAGE));
  await new Promise<void>((resolve) => host.listen(HOST_PORT, '127.0.0.1', resolve));
  expect((host.address() as AddressInfo).port).toBe(HOST_PORT);
});
test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

/** Every console error and uncaught exception of a page, and any dialog it tries to open. */
function watchForNoise(page: Page) {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') noise.push(message.text());
  });
  page.on('pageerror', (error) => noise.push(error.message));
  page.on('dialog', (dialog) => {
    noise.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return noise;
}

test("a band's own site shows its gigs, untouched by the site's CSS, and Buy Tickets opens Marquee's checkout", async ({ browser }) => {
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { priceCents: '18.00' });
  await venue.context().close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const noise = watchForNoise(page);
  await page.goto(HOST_URL);

  const gigs = page.locator('#gigs');
  const buyLink = page.locator(`a[href*="gigId=${gigId}"]`);
  const buy = gigs.locator(buyLink);
  await expect(buy).toHaveText(/Buy Tickets/);
  await expect(buy).toBeVisible();
  await expect(gigs.locator('li').first()).toContainText('The Velvet Static');
  const booked = gigs.locator('li', { has: buyLink });
  await expect(booked).toContainText('$18.00 + fees');
  await expect(booked).toContainText('The Lantern Room');
  await expect(booked).toContainText('8:00 PM');

  // Inside the shadow root the host's `* { color: red; font-size: 40px }` and letter-spacing do not apply.
  const style = await gigs.locator('.title').first().evaluate((el) => {
    const s = getComputedStyle(el);
    return { color: s.color, fontSize: s.fontSize, letterSpacing: s.letterSpacing, fontFamily: s.fontFamily };
  });
  expect(style.color).not.toBe('rgb(255, 0, 0)');
  expect(style.fontSize).toBe('15px');
  expect(style.letterSpacing).toBe('normal');
  expect(style.fontFamily).not.toBe('serif');
  // …and the widget's styles do not leak out: the host's own heading keeps the host's.
  expect(await page.locator('h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 0, 0)');

  // A name that matches nothing, and a hostile one: the quiet empty line, nothing injected.
  await expect(page.locator('#nobody .empty')).toHaveText('No upcoming gigs');
  await expect(page.locator('#hostile .empty')).toHaveText('No upcoming gigs');
  expect(await page.locator('#hostile').evaluate((el) => el.shadowRoot!.querySelectorAll('img, script').length)).toBe(0);

  // The dark theme, by attribute, and a limit.
  await expect(page.locator('#dark li')).toHaveCount(2);
  expect(await page.locator('#dark .mq').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(24, 24, 27)');
  expect(await page.locator('#gigs .mq').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');

  // The iframe form loads on the host page and the resizer grows it to fit its list.
  const frame = page.frameLocator('#marquee-frame');
  await expect(frame.locator('li')).toHaveCount(3);
  // The frame answers the host's first call with its height, even below the fold (iframe-resizer.ts).
  await expect.poll(() => page.locator('#marquee-frame').evaluate((el) => el.getBoundingClientRect().height), { timeout: 30_000 }).toBeGreaterThan(200);
  const frameHeight = await page.locator('#marquee-frame').evaluate((el) => el.getBoundingClientRect().height);
  const contentHeight = await frame.locator('html').evaluate((el) => el.getBoundingClientRect().height);
  expect(Math.abs(frameHeight - contentHeight)).toBeLessThanOrEqual(2);
  await shot(page, 'widget-host-page');
  // A full-page screenshot leaves another origin's frame blank: the frame gets one of its own.
  await page.locator('#marquee-frame').screenshot({ path: 'test-results/screenshots/widget-iframe-form.png' });

  // Changing an attribute reloads the list.
  await page.locator('#dark').evaluate((el) => el.setAttribute('limit', '1'));
  await expect(page.locator('#dark li')).toHaveCount(1);

  // A plain click opens the checkout overlay (the stories below); any other opens the new tab.
  const [checkout] = await Promise.all([context.waitForEvent('page'), buy.click({ modifiers: ['ControlOrMeta'] })]);
  await expect(checkout).toHaveURL(new RegExp(`^${MARQUEE}/tickets\\?.*gigId=${gigId}`));
  await expect(checkout.getByRole('heading', { level: 1, name: 'Get your ticket' })).toBeVisible();
  await expect(checkout.getByRole('button', { name: /Buy Ticket/ })).toBeVisible();

  expect(noise).toEqual([]);
  await context.close();
});

test('the scripts are served for other sites: compressed, cached a day, loadable cross-origin', async ({ request }) => {
  for (const path of ['/embed.js', '/embed/iframe-resizer.js']) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status(), path).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers()['content-encoding']).toBe('br');
    expect(res.headers()['cache-control']).toBe('public, max-age=86400');
    expect(res.headers()['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers()['access-control-allow-origin']).toBe('*');
    expect(res.headers()['set-cookie']).toBeUndefined();
  }
});

async function expectCardAccessible(page: Page) {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).include('section[aria-labelledby="embed-heading"]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test("the band's dashboard shows both snippets to copy and the widget itself as a preview", async ({ browser }) => {
  const page = await signedInAs(browser, 'band', { viewport: { width: 1366, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const noise = watchForNoise(page);
  const card = page.locator('section', { has: page.getByRole('heading', { name: 'Embed your gigs' }) });
  await expect(card).toBeVisible();
  const scriptCode = `<script src="${MARQUEE}/embed.js" async></script>\n<marquee-gigs band="${BAND}"></marquee-gigs>`;
  await expect(card.locator('pre').first()).toHaveText(scriptCode);
  await expect(card.locator('pre').nth(1)).toContainText(`src="${MARQUEE}/embed/gigs?band=${BAND}"`);
  await expect(card.locator('pre').nth(1)).toContainText('initialize({}, "#marquee-gigs")');

  await card.getByRole('button', { name: 'Copy', exact: false }).first().click();
  await expect(card.getByRole('status').first()).toHaveText('Copied. Paste it into your site.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(scriptCode);

  const preview = page.getByTestId('embed-preview');
  await card.getByRole('button', { name: 'Show preview' }).click();
  await expect(preview.locator('li').first()).toContainText('The Velvet Static');
  await card.getByLabel('Colours').selectOption('dark');
  await expect(card.locator('pre').first()).toContainText(`<marquee-gigs band="${BAND}" theme="dark">`);
  await expect.poll(() => preview.locator('.mq').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(24, 24, 27)');
  await expectCardAccessible(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'widget-dashboard-card-laptop');
  expect(noise).toEqual([]);
  await page.context().close();

  const phone = await signedInAs(browser, 'band', { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const phoneCard = phone.locator('section', { has: phone.getByRole('heading', { name: 'Embed your gigs' }) });
  await phoneCard.getByRole('button', { name: 'Show preview' }).click();
  await expect(phone.getByTestId('embed-preview').locator('li').first()).toBeVisible();
  // Fits the phone: the long snippets scroll inside their box, the page does not widen.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phoneCard.scrollIntoViewIfNeeded();
  await shot(phone, 'widget-dashboard-card-phone');
  await phone.context().close();
});

test('venue and promoter dashboards offer their own widget', async ({ browser }) => {
  for (const [role, attribute] of [['venue', 'venue'], ['promoter', 'promoter']] as const) {
    const page = await signedInAs(browser, role);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Embed your gigs' }) });
    await expect(card.locator('pre').first(), demoAccount(role).email).toContainText(new RegExp(`<marquee-gigs ${attribute}="[A-Za-z0-9-]+"></marquee-gigs>`));
    await card.getByRole('button', { name: 'Show preview' }).click();
    await expect(page.getByTestId('embed-preview').locator('.mq')).toBeVisible();
    await page.context().close();
  }
});

// Decision 61: Buy Tickets completes checkout in an overlay on the host's own page; the payment
// page opens top-level in a new tab, and the link is still a real new-tab link for every fallback.
test("a fan buys a ticket in the overlay on the band's own site, pays in the new tab, sees the ticket there, and closes it with Escape", async ({ browser }) => {
  test.setTimeout(180_000);
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { priceCents: '21.00' });
  await venue.context().close();

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const noise = watchForNoise(page);
  await page.goto(HOST_URL);
  const buy = page.locator('#gigs').locator(`a[href*="gigId=${gigId}"]`);
  await expect(buy).toHaveText(/Buy Tickets/);
  // Without JavaScript, or for any click but a plain one, it is the plain new-tab link it was.
  await expect(buy).toHaveAttribute('target', '_blank');

  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Tickets: The Velvet Static' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  const frame = page.frameLocator('#gigs dialog iframe');
  await expect(frame.getByRole('heading', { level: 1, name: 'Get your ticket' })).toBeVisible();
  await expectAccessible(page, '#gigs');
  await page.screenshot({ path: 'test-results/screenshots/widget-overlay-laptop.png' });

  // The frame has no cookies: the fan buys as a guest, as anyone may (D14).
  await frame.getByLabel('Email for your ticket').fill('overlay-fan@fans.test');
  await frame.getByRole('button', { name: /^Buy Ticket · \$/ }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Finish paying in the new tab' })).toBeVisible();
  // Money is taken only on the payment page, top-level in its own tab (never inside the host's frame).
  const [payTab] = await Promise.all([context.waitForEvent('page'), frame.getByRole('link', { name: /Continue to payment/ }).click()]);
  await expect(payTab).toHaveURL(new RegExp(`^${MARQUEE}/sandbox/checkout/`));
  await payTab.getByLabel('Card number').fill('4242 4242 4242 4242');
  await payTab.getByLabel('Expiry (MM/YY)').fill('12/30');
  await payTab.getByLabel('CVC').fill('123');
  await payTab.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(payTab).toHaveURL(/\/success\?session_id=/);
  await payTab.close();

  // The overlay shows the confirmation, the normal success page, with the ticket's QR code.
  await expect(frame.getByRole('heading', { level: 1, name: 'Payment successful!' })).toBeVisible();
  await expect(frame.getByRole('img', { name: 'QR code of your ticket' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/widget-overlay-paid-laptop.png' });
  // Every other page opens top-level: only the checkout is framed.
  const [ticketTab] = await Promise.all([context.waitForEvent('page'), frame.getByRole('link', { name: 'Open your ticket page' }).click()]);
  await expect(ticketTab).toHaveURL(new RegExp(`^${MARQUEE}/ticket/`));
  await ticketTab.close();
  await expect(frame.getByRole('heading', { level: 1, name: 'Payment successful!' })).toBeVisible();

  // Escape, pressed inside the frame, closes the overlay; focus is back on the link and the page scrolls.
  await frame.getByRole('heading', { level: 1, name: 'Payment successful!' }).click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('visible');

  // A modifier click opens Marquee's ticket page in a new tab, as the link always did; no overlay.
  const [newTab] = await Promise.all([context.waitForEvent('page'), buy.click({ modifiers: ['ControlOrMeta'] })]);
  await expect(newTab).toHaveURL(new RegExp(`^${MARQUEE}/tickets\\?.*gigId=${gigId}`));
  await expect(dialog).toBeHidden();
  await newTab.close();

  // The Close button closes it too.
  await buy.click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();
  expect(noise).toEqual([]);
  await context.close();
});

test('on a phone the overlay is the whole screen; a cancelled payment can start again; where the checkout cannot load in it, the overlay offers the new tab', async ({ browser }) => {
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { priceCents: '16.00' });
  await venue.context().close();

  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(HOST_URL);
  const buy = page.locator('#gigs').locator(`a[href*="gigId=${gigId}"]`);
  await buy.click();
  const dialog = page.getByRole('dialog', { name: 'Tickets: The Velvet Static' });
  await expect(page.frameLocator('#gigs dialog iframe').getByRole('heading', { level: 1, name: 'Get your ticket' })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect([box.x, box.y, box.width, box.height].map(Math.round)).toEqual([0, 0, 375, 812]);
  await page.screenshot({ path: 'test-results/screenshots/widget-overlay-phone.png' });

  // The fan cancels on the payment page: the overlay says nothing was taken, and offers the form again.
  const frame = page.frameLocator('#gigs dialog iframe');
  await frame.getByLabel('Email for your ticket').fill('phone-fan@fans.test');
  await frame.getByRole('button', { name: /^Buy Ticket · \$/ }).click();
  const [payTab] = await Promise.all([context.waitForEvent('page'), frame.getByRole('link', { name: /Continue to payment/ }).click()]);
  await payTab.getByRole('button', { name: 'Cancel' }).click();
  await expect(payTab).toHaveURL(/\/cancel\?session_id=/);
  await payTab.close();
  await expect(frame.getByRole('heading', { level: 1, name: 'Payment cancelled' })).toBeVisible();
  await expect(frame.getByText('The payment was cancelled or ran out of time. No payment was taken.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/widget-overlay-cancelled-phone.png' });
  await frame.getByRole('button', { name: 'Start again' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Get your ticket' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A host whose page cannot show the checkout (here: the frame's page never arrives). The clock
  // is pinned, so the wait for the page is moved on rather than waited out.
  await page.clock.install();
  await page.route('**/embed/checkout?**', (route) => route.abort());
  await buy.click();
  await expect(dialog).toBeVisible();
  await page.clock.runFor(20_000);
  const fallback = dialog.getByRole('link', { name: /Open it in a new tab/ });
  await expect(dialog).toContainText('The checkout could not open here.');
  const [newTab] = await Promise.all([context.waitForEvent('page'), fallback.click()]);
  await expect(newTab).toHaveURL(new RegExp(`^${MARQUEE}/tickets\\?.*gigId=${gigId}`));
  await context.close();
});
