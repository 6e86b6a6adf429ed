import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { requireChromium } from '../../scripts/find-chromium.ts';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';
import { writeQrCameraVideo } from './fake-camera.ts';

// The door on a phone: Chromium's fake camera plays a video of the ticket's QR code (D15).
const VIDEO = path.join(os.tmpdir(), `marquee-ticket-qr-${process.pid}.y4m`);
const chromium = await requireChromium();
test.use({
  viewport: { width: 375, height: 812 },
  hasTouch: true,
  isMobile: true,
  permissions: ['camera'],
  launchOptions: {
    executablePath: chromium.executablePath,
    args: [...chromium.args, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${VIDEO}`],
  },
});

/** Buys a ticket for one of The Lantern Room's ticketed gigs through the API and the sandbox checkout. */
async function buyTicket(request: APIRequestContext, baseURL: string): Promise<string> {
  const venue = (await (await request.get('/api/venues/page?name=theLanternRoom')).json()) as { gigs: { id: string; ticketPriceCents: number | null; isSoldOut: boolean }[] };
  const gig = venue.gigs.find((g) => g.ticketPriceCents !== null && !g.isSoldOut)!;
  const checkout = await request.post('/api/tickets/checkout', { headers: { origin: baseURL }, data: { gigId: gig.id, email: uniqueEmail('door') } });
  const { url } = (await checkout.json()) as { url: string };
  const sessionId = url.split('/').pop()!;
  await request.post(`/sandbox/checkout/${sessionId}`, { form: { action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, maxRedirects: 0 });
  const result = (await (await request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: { id: string } };
  return result.ticket.id;
}

let ticketId: string;
test.beforeAll(async ({ request, baseURL }) => {
  ticketId = await buyTicket(request, baseURL!);
  await writeQrCameraVideo(VIDEO, JSON.stringify({ ticketId }));
});

test('a venue scans a ticket with the camera: valid once, then already used', async ({ page }) => {
  await logIn(page, demoAccount('venue').email, demoAccount('venue').password);
  // Issue 21 (no dead ends): the door is reached from a ticketed gig's card on the dashboard.
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Upcoming Approved Gigs' }).click();
  await page.getByRole('tabpanel').getByRole('link', { name: /^Door scanner/ }).first().click();
  await expect(page).toHaveURL(/\/qr-scanner$/);
  await expect(page.getByRole('heading', { name: 'Valid Ticket' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/The Lantern Room ·/)).toBeVisible();
  await shot(page, 'scanner-valid');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('heading', { name: 'Invalid Ticket' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(/Invalid ticket: already used at/)).toBeVisible();
  await shot(page, 'scanner-used');
  await expectAccessible(page);
});

test('without the camera: its message, manual entry, and what others see', async ({ browser }) => {
  // A door whose browser was refused the camera.
  const page = await (await browser.newContext({ permissions: [] })).newPage();
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia: () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')) } });
  });
  await logIn(page, demoAccount('band').email, demoAccount('band').password);
  await page.goto('/qr-scanner');
  await expect(page.getByText('Camera access denied or not available. Please use manual entry.')).toBeVisible();
  await page.getByLabel('Ticket ID').fill('not-a-real-ticket-code-at-all');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('Invalid ticket: no Marquee ticket has this code.')).toBeVisible();

  const fan = await (await browser.newContext()).newPage();
  await logIn(fan, demoAccount('fan').email, demoAccount('fan').password);
  await fan.goto('/qr-scanner');
  await expect(fan.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  await fan.getByLabel('Ticket ID').fill(ticketId);
  await fan.getByRole('button', { name: 'Test' }).click();
  await expect(fan.getByText('This code has the shape of a Marquee ticket.')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/qr-scanner');
  await expect(visitor.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
});
