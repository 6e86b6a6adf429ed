import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { requireChromium } from '../../scripts/find-chromium.ts';
import { demoAccount, expectAccessible, logIn, shot, uniqueEmail } from './helpers.ts';
import { writeQrCameraVideo } from './fake-camera.ts';
import { buyTickets, createDoorGig, doorStatus, NO_CAMERA, result, scanNext } from './door-helpers.ts';

// The door on a phone: Chromium's fake camera plays a video of the ticket's QR code (D15). The door
// app (issue 24) keeps scanning without a tap: the guest just admitted, still in front of the lens,
// is amber "already scanned", not a red refusal.
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

let gigId: string;
let ticketCode: string;
test.beforeAll(async ({ browser, request, baseURL }) => {
  gigId = await createDoorGig(browser, `Camera night ${Date.now()}`);
  const [code] = await buyTickets(request, baseURL!, gigId, uniqueEmail('door'), 1);
  ticketCode = code!;
  await writeQrCameraVideo(VIDEO, code!);
});

test('a venue opens the door from the gig card and scans with the camera, non-stop: admitted once, then amber', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page, demoAccount('venue').email, demoAccount('venue').password);
  // Issue 21 (no dead ends): the door is reached from a ticketed gig's card on the dashboard.
  await page.goto(`/dashboard?gig=${gigId}`);
  await page.locator(`#gig-card-${gigId}`).getByRole('link', { name: /^Door scanner/ }).click();
  await expect(page).toHaveURL(new RegExp(`/qr-scanner/\\?gig=${gigId}$`));
  await expect(page.getByRole('heading', { name: 'Set up this door' })).toBeVisible();
  await page.getByLabel('Door name').fill('Front door');
  await page.getByRole('button', { name: 'Use this device as a door' }).click();
  await expect(result(page)).toContainText('ADMIT', { timeout: 30_000 });
  await expect(result(page)).toContainText('Valid Ticket');
  await shot(page, 'scanner-valid');
  // No tap: the ticket still in front of the camera is ignored a few seconds, then amber.
  await expect(result(page)).toContainText(/Already scanned \(\d+ s ago, this door\)/, { timeout: 30_000 });
  await shot(page, 'scanner-used');
  await scanNext(page);
  await expect(doorStatus(page)).toContainText('Online');
  await expect(page.getByRole('definition').first()).toHaveText('1');
  await expectAccessible(page);
});

test('without the camera: its message and typed codes; what a fan and a visitor see', async ({ browser }) => {
  const page = await (await browser.newContext({ permissions: [] })).newPage();
  await page.addInitScript(NO_CAMERA);
  await logIn(page, demoAccount('band').email, demoAccount('band').password);
  await page.goto(`/qr-scanner/?gig=${gigId}`);
  await page.getByLabel('Door name').fill('Band door');
  await page.getByRole('button', { name: 'Use this device as a door' }).click();
  await expect(page.getByText('Camera access denied or not available. Please use manual entry.')).toBeVisible();
  await page.getByLabel('Ticket ID').fill('not-a-real-ticket-code-at-all');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(result(page)).toContainText('REFUSED');
  await expect(result(page)).toContainText('Invalid Ticket');
  // The answer closes by itself; 'Scan next' (the spec's Reset) is there meanwhile.
  await expect(result(page).getByRole('button', { name: 'Scan next' })).toBeVisible();
  await scanNext(page);

  const fan = await (await browser.newContext()).newPage();
  await logIn(fan, demoAccount('fan').email, demoAccount('fan').password);
  await fan.goto('/qr-scanner');
  await expect(fan.getByRole('heading', { name: 'Access Restricted' })).toBeVisible();
  // Issue 34, item 17: the spec's test validation box checks a code's form on the device, admitting no one.
  await fan.getByLabel('Ticket code').fill(ticketCode);
  await fan.getByRole('button', { name: 'Check code' }).click();
  await expect(fan.getByText('Valid Ticket', { exact: true })).toBeVisible();
  await expect(fan.getByText('This check admits no one', { exact: false })).toBeVisible();
  await fan.getByLabel('Ticket code').fill('hello world');
  await fan.getByRole('button', { name: 'Check code' }).click();
  await expect(fan.getByText('Invalid Ticket', { exact: true })).toBeVisible();
  await expect(fan.getByText('Invalid ticket: this is not a Marquee ticket code.')).toBeVisible();
  await shot(fan, 'scanner-access-restricted');
  await expectAccessible(fan);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/qr-scanner');
  await expect(visitor.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
});
