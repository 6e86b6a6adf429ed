import fs from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { todayIn } from '../../src/core/time.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/db/seed/demo-content.ts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

const SHOTS = path.join('test-results', 'screenshots');

/** Saves a full-page screenshot of the screen under test-results/screenshots. */
export async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await loadImages(page);
  const save = () => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  try {
    await save();
  } catch (error) {
    // Chromium on two busy cores now and then has no frame ready ("Unable to capture screenshot");
    // the screenshot is a record of the screen, not the test's claim: take it again after a frame.
    if (!String(error).includes('Unable to capture screenshot')) throw error;
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await save();
  }
}

export function demoAccount(role: string) {
  const account = DEMO_ACCOUNTS.find((a) => a.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  return account;
}

export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Registers a fan with just an e-mail and a password, as the form allows, and lands on the dashboard. */
export async function registerFan(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * The latest e-mail with this subject to this address, as a person would get it: the demo admin
 * opens the message in the outbox and shows its hidden links (audited). Close its context after.
 */
export async function openEmailedMessage(browser: Browser, subject: string, email: string): Promise<Page> {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await logIn(admin, demoAccount('admin').email, demoAccount('admin').password);
  await admin.goto('/admin/outbox');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await admin.getByRole('button', { name: new RegExp(`${escape(subject)}.*To ${escape(email)}`) }).first().click();
  await expect(admin.getByTestId('message-body')).toContainText('[link hidden]');
  await admin.getByRole('button', { name: 'Show hidden links' }).click();
  // The links are revealed by a request: an e-mail with an open link too (the welcome's dashboard) must not be read before.
  await expect(admin.getByTestId('message-body')).not.toContainText('[link hidden]');
  return admin;
}

/**
 * The link of the latest e-mail with this subject to this address (openEmailedMessage).
 * With `linkName`, the first link whose address (the outbox shows the text version) matches it.
 */
export async function readEmailedLink(browser: Browser, subject: string, email: string, shotName?: string, linkName?: string | RegExp): Promise<string> {
  const admin = await openEmailedMessage(browser, subject, email);
  const links = admin.getByTestId('message-body').getByRole('link', linkName ? { name: linkName } : {});
  const link = await links.first().getAttribute('href');
  if (shotName) await shot(admin, shotName);
  await admin.context().close();
  return link!;
}

/** A photo file for upload fields, made on the fly. */
export async function photoFile(name = 'photo.png') {
  const buffer = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#7c3aed' } })
    .composite([{ input: Buffer.from('<svg width="1600" height="1000"><circle cx="800" cy="500" r="300" fill="#fbbf24"/></svg>') }])
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

/**
 * No serious or critical accessibility violations (axe-core); embedded third-party frames excluded.
 * `within` checks one part of the page (a gig card on a dashboard that every story adds gigs to,
 * where a whole-page check grows with the suite and, late in a run on two cores, took minutes).
 */
export async function expectAccessible(page: Page, within?: string): Promise<void> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  // Colours are read as they are at that instant: a button left by the pointer may still be fading
  // from its hover colour. Move the pointer off and let finite transitions end (spinners run on).
  await page.mouse.move(0, 0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).exclude('iframe');
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Lazy images below the fold load only when scrolled to; load them all so full-page screenshots show them. */
export async function loadImages(page: Page) {
  await page.evaluate(async () => {
    const images = Array.from(document.images);
    for (const img of images) img.loading = 'eager';
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
  });
}

/** A text link a person recognises as one: underlined. */
export async function expectUnderlined(link: Locator): Promise<void> {
  expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toContain('underline');
}

/** A gig card's picture leads to the band's site, like its name. */
export async function expectImageLinksToBand(card: Locator): Promise<void> {
  const href = await card.locator('a:has(img)').first().getAttribute('href');
  expect(href).toMatch(/^http:\/\/[a-z0-9]+\.localhost:\d+\/$/);
}

/** A page in a fresh browser context, signed in as a demo account (context options: a phone's size, say). */
export async function signedInAs(browser: Browser, role: string, options = {}): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await logIn(page, demoAccount(role).email, demoAccount(role).password);
  return page;
}

/** A write as the page's own account, from its origin (the cross-site guard wants one); expects success. */
export async function postFrom<T>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data, headers: { origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

/** The Lantern Room's calendar date `days` from today (noon, so no zone change moves it). */
export const daysFromToday = (days: number) => new Date(Date.parse(`${todayIn('America/Chicago')}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A ticketed gig the demo venue (signed in on `venue`) books for the demo band, approved at once
 * ('Band already Chosen'); its id. A few days ahead by default, so the hour the suite runs at never
 * makes it a show already under way.
 */
export async function bookTicketedGig(
  venue: Page,
  { localDate = daysFromToday(3), startTime = '20:00', endTime = '23:00', description = `Gig night ${Date.now()}`, priceCents = '12.00', quantity = 100, bandName = demoAccount('band').name } = {},
): Promise<string> {
  const { bands } = (await (await venue.request.get('/api/booking/bands')).json()) as { bands: { id: string; name: string }[] };
  const { gigIds } = await postFrom<{ gigIds: string[] }>(venue, '/api/booking/gigs', {
    localDate,
    startTime,
    endTime,
    description,
    loadInSoundCheck: 'Load in 6pm',
    compensation: 'Door split',
    isBandChosen: true,
    bandId: bands.find((b) => b.name === bandName)!.id,
    ticketing: { isEnabled: true, priceCents, quantity, bandPercent: 50, organiserPercent: 25 },
  });
  return gigIds[0]!;
}

/** A fresh band account, signed in on `page` (the demo band is other stories' business); its e-mail. */
export async function registerBand(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('band');
  const origin = new URL(page.url() === 'about:blank' ? `http://localhost:${Number(process.env.E2E_PORT ?? 3199)}` : page.url()).origin;
  const res = await page.request.post('/api/register', {
    headers: { origin },
    multipart: { data: JSON.stringify({ email, password: 'correct-horse-e2e-9', location: 'chicagoland', role: 'band', name }) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return email;
}

/**
 * The subject and text of the latest e-mail to `email` whose subject starts with `subject`, as the
 * admin's outbox shows it; waits for it (jobs may send it a little later).
 */
export async function readEmailText(browser: Browser, subject: string, email: string, timeout = 60_000): Promise<string> {
  const admin = await signedInAs(browser, 'admin');
  let text = '';
  await expect
    .poll(
      async () => {
        const { messages } = (await (await admin.request.get('/api/admin/outbox')).json()) as { messages: { id: string; toAddress: string; subject: string }[] };
        const found = messages.find((m) => m.toAddress === email && m.subject.startsWith(subject));
        if (!found) return false;
        const { message } = (await (await admin.request.get(`/api/admin/outbox/${found.id}`)).json()) as { message: { subject: string; textBody: string } };
        text = `${message.subject}\n${message.textBody}`;
        return true;
      },
      { timeout, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true);
  await admin.context().close();
  return text;
}

/** The organiser (signed in on `venue`) sets a gig's ticket types, as the types editor saves them. */
export async function saveTicketTypes(venue: Page, gigId: string, types: { name: string; price: string; quantity: number; salesStart?: string }[]) {
  const res = await venue.request.put(`/api/booking/gigs/${gigId}/ticket-types`, { data: { types, codes: [] }, headers: { origin: new URL(venue.url()).origin } });
  expect(res.status(), await res.text()).toBeLessThan(300);
}
