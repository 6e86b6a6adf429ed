import jsQRImport from 'jsqr';
import sharp from 'sharp';
import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { bookTicketedGig, demoAccount, logIn, openEmailedMessage, signedInAs } from './helpers.ts';

// The door app's browser tests (issue 24): gigs, tickets and doors made the way people make them.

type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: Decode = (jsQRImport as unknown as { default?: Decode }).default ?? (jsQRImport as unknown as Decode);

/** A camera that was refused: the door falls back to typed codes (a laptop, or a handheld scanner). */
export const NO_CAMERA = () => {
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) } });
};

/** A ticketed gig at The Lantern Room, approved, a few days from now. */
export async function createDoorGig(browser: Browser, title = `Door night ${Date.now()}`): Promise<string> {
  const venue = await signedInAs(browser, 'venue');
  const gigId = await bookTicketedGig(venue, { description: title });
  await venue.context().close();
  return gigId;
}

/** The QR code a page draws (an SVG), read back as the scanner would read it. */
export async function readQrSvg(svg: string): Promise<string> {
  const { data, info } = await sharp(Buffer.from(svg)).resize(600, 600, { kernel: 'nearest' }).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const found = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  if (!found) throw new Error('No QR code in the SVG');
  return found.data;
}

/** A fan buys `quantity` tickets and pays on the sandbox checkout; the signed codes their QR codes carry. */
export async function buyTickets(request: APIRequestContext, baseURL: string, gigId: string, email: string, quantity = 1): Promise<string[]> {
  const checkout = await request.post('/api/tickets/checkout', { headers: { origin: baseURL }, data: { gigId, email, quantity } });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await request.post(`/sandbox/checkout/${sessionId}`, { form: { action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, maxRedirects: 0 });
  let tickets: { qrSvg: string }[] = [];
  await expect
    .poll(async () => {
      tickets = ((await (await request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { tickets?: { qrSvg: string }[] }).tickets ?? [];
      return tickets.length;
    })
    .toBe(quantity);
  return Promise.all(tickets.map((t) => readQrSvg(t.qrSvg)));
}

/** A venue's phone or laptop set up as a door for the gig: signed in, named, the list downloaded. */
export async function openVenueDoor(browser: Browser, gigId: string, label: string, options: BrowserContextOptions = {}, withCamera = false): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  if (!withCamera) await page.addInitScript(NO_CAMERA);
  await logIn(page, demoAccount('venue').email, demoAccount('venue').password);
  await page.goto(`/qr-scanner/?gig=${gigId}`);
  await page.getByLabel('Door name').fill(label);
  await page.getByRole('button', { name: 'Use this device as a door' }).click();
  await expect(page.getByRole('status', { name: 'Door status' })).toContainText('Online');
  return page;
}

/** The answer filling the screen, named by its big word; it closes by itself after a few seconds. */
export const result = (door: Page) => door.getByRole('region', { name: /^(ADMIT|REFUSED|ALREADY IN)$/ });

/**
 * The next guest: the answer closes by itself (2.5 s for ADMIT), so 'Scan next' is tapped only if it
 * is still there (a slow machine may have lost it already); either way the answer is gone after.
 */
export async function scanNext(door: Page): Promise<void> {
  await result(door)
    .getByRole('button', { name: 'Scan next' })
    .click({ timeout: 1_000 })
    .catch(() => undefined);
  await expect(result(door)).toHaveCount(0, { timeout: 10_000 });
}

/** A handheld scanner: types the payload and Enter into whatever has focus (the door keeps it on its field). */
export async function wedgeScan(door: Page, code: string): Promise<string> {
  // Nothing is clicked first: the door holds the focus on its code field.
  await expect(door.getByLabel('Ticket ID')).toBeFocused();
  await door.keyboard.type(code, { delay: 0 });
  await door.keyboard.press('Enter');
  await expect(result(door)).toBeVisible();
  const text = (await result(door).innerText()).replace(/\s+/g, ' ').trim();
  await scanNext(door);
  return text;
}

/** The door's own status line. */
export const doorStatus = (door: Page) => door.getByRole('status', { name: 'Door status' });

/** The ticket reference (printed under its QR code, issue 33) in the latest e-mail with this subject to this address. */
export async function readEmailedTicketReference(browser: Browser, subject: string, email: string): Promise<string> {
  const admin = await openEmailedMessage(browser, subject, email);
  const code = /Ticket: ([0-9A-Z]{4}-[0-9A-Z]{4})/.exec((await admin.getByTestId('message-body').textContent()) ?? '')?.[1];
  await admin.context().close();
  if (!code) throw new Error(`No ticket reference in the e-mail to ${email}`);
  return code;
}

/** The number on one of the door app's count tiles, by its word ('Checked in', 'Sold', 'Door sales', 'Left'…). */
export const doorCount = (door: Page, word: string) => door.locator('dl[aria-label="Counts"] > div').filter({ has: door.locator('dt', { hasText: new RegExp(`^${word}$`) }) }).locator('dd');
