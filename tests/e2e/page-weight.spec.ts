import { expect, test, type APIRequestContext, type CDPSession } from '@playwright/test';
import { uniqueEmail } from './helpers.ts';
import { BUDGET_BYTES, HEADER_BYTES_PER_FILE, PUBLIC_ROUTES, type PublicRoute } from '../../scripts/public-routes.ts';

// Issue 22: the JavaScript a public page transfers before it is usable, measured as the browser
// receives it (decision 43). Each test has a new browser context, so the cache is cold; the page
// counts as usable when its heading shows and the network has gone quiet after `load`. Every
// script counts (those index.html loads and the route's lazy chunks), each with what DevTools
// calls "transferred": Chromium's encodedDataLength, the response headers plus the compressed
// body. Headers count, because the browser receives them: about 350 bytes a script (1 KB before
// decision 43). scripts/check-bundle-size.ts gives the same figures from the build alone.

const PORT = Number(process.env.E2E_PORT ?? 3199);
const urlOf = (route: PublicRoute) => (route.subdomain ? `http://${route.subdomain}.localhost:${PORT}${route.path}` : route.path);

/** A demo gig on sale (issue 34): /tickets sells it. */
async function gigOnSale(request: APIRequestContext): Promise<string> {
  const { gigs } = (await (await request.get('/api/gigs')).json()) as { gigs: { id: string; ticketPriceCents: number | null; isSoldOut: boolean }[] };
  const gig = gigs.find((g) => g.ticketPriceCents !== null && !g.isSoldOut);
  if (!gig) throw new Error('The demo scene has no gig on sale.');
  return gig.id;
}

/**
 * A fan's paid order of a demo gig, for /success and its ticket's page (issue 34): bought over the
 * API, not in the page, so the page's scripts still come cold; its tickets are issued before the
 * page opens.
 */
async function paidOrder(request: APIRequestContext, baseURL: string): Promise<{ sessionId: string; ticketPagePath: string }> {
  const checkout = await request.post('/api/tickets/checkout', { headers: { origin: baseURL }, data: { gigId: await gigOnSale(request), email: uniqueEmail('page-weight'), quantity: 1 } });
  expect(checkout.status(), await checkout.text()).toBe(201);
  const sessionId = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await request.post(`/sandbox/checkout/${sessionId}`, { form: { action: 'pay', card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' }, maxRedirects: 0 });
  let ticketPagePath = '';
  await expect.poll(async () => {
    const { ticket } = (await (await request.get(`/api/tickets/checkout/${sessionId}`)).json()) as { ticket: { pagePath: string } | null };
    ticketPagePath = ticket?.pagePath ?? '';
    return ticketPagePath;
  }).toBeTruthy();
  return { sessionId, ticketPagePath };
}

/** The id that ends the route's path, from the scene it needs. */
async function sceneId(route: PublicRoute, request: APIRequestContext, baseURL: string): Promise<string> {
  if (route.scene === 'gig-on-sale') return gigOnSale(request);
  const order = await paidOrder(request, baseURL);
  return route.scene === 'paid-order' ? order.sessionId : order.ticketPagePath.slice(route.path.length);
}
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

type ScriptTransfer = { file: string; acceptEncoding: string; contentEncoding: string; headers: Record<string, string>; isFromCache: boolean; headerBytes: number; bytes: number };

/** Records every script response of the page over the DevTools protocol, as the Network panel does. */
async function recordScripts(cdp: CDPSession): Promise<() => ScriptTransfer[]> {
  const acceptEncodings = new Map<string, string>();
  const responses = new Map<string, Omit<ScriptTransfer, 'acceptEncoding' | 'bytes'>>();
  const finished = new Map<string, number>();
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    const name = Object.keys(event.headers).find((header) => header.toLowerCase() === 'accept-encoding');
    acceptEncodings.set(event.requestId, name ? event.headers[name]! : '');
  });
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    if (type !== 'Script' && !response.mimeType.includes('javascript')) return;
    responses.set(requestId, {
      file: new URL(response.url).pathname,
      contentEncoding: response.headers['content-encoding'] ?? 'none',
      headers: Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value])),
      isFromCache: Boolean(response.fromDiskCache || response.fromPrefetchCache || response.fromServiceWorker),
      headerBytes: response.encodedDataLength,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => finished.set(requestId, encodedDataLength));
  await cdp.send('Network.enable');
  return () =>
    [...responses].map(([requestId, response]) => ({
      ...response,
      acceptEncoding: acceptEncodings.get(requestId) ?? '',
      bytes: finished.get(requestId) ?? Number.NaN,
    }));
}

const figures: { route: string; scripts: number; headerBytes: number; bytes: number }[] = [];

test.afterAll(() => {
  if (figures.length === 0) return;
  const lines = figures.map((f) => `${f.route.padEnd(28)} ${String(f.scripts).padStart(7)} ${kb(f.headerBytes).padStart(9)} ${kb(f.bytes).padStart(9)} ${String(f.bytes).padStart(7)} B ${kb(BUDGET_BYTES - f.bytes).padStart(9)}`);
  console.log(['', `${'JavaScript transferred'.padEnd(28)} scripts   headers     total             left`, ...lines].join('\n'));
});

for (const route of PUBLIC_ROUTES) {
  test(`${route.name} transfers at most ${kb(BUDGET_BYTES)} of JavaScript before it is usable`, async ({ page, request, baseURL }) => {
    const url = route.scene ? `${urlOf(route)}${await sceneId(route, request, baseURL!)}` : urlOf(route);
    const scripts = await recordScripts(await page.context().newCDPSession(page));
    await page.goto(url, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');

    const transfers = scripts();
    const bytes = transfers.reduce((sum, t) => sum + t.bytes, 0);
    const headerBytes = transfers.reduce((sum, t) => sum + t.headerBytes, 0);
    figures.push({ route: route.name, scripts: transfers.length, headerBytes, bytes });
    test.info().annotations.push({ type: 'JavaScript transferred', description: `${kb(bytes)} in ${transfers.length} scripts, ${kb(headerBytes)} of it headers (budget ${kb(BUDGET_BYTES)})` });

    expect(transfers.length).toBeGreaterThan(0);
    for (const transfer of transfers) {
      expect(transfer.isFromCache, `${transfer.file} came from a cache`).toBe(false);
      expect(transfer.bytes, `${transfer.file} did not finish loading`).toBeGreaterThan(0);
      expect(transfer.acceptEncoding, `${transfer.file} was asked for with brotli and gzip, as Chromium asks`).toMatch(/^(?=.*\bbr\b)(?=.*\bgzip\b)/);
      // Files that brotli cannot make smaller are sent as they are (scripts/precompress-plugin.ts).
      expect(['br', 'none'], `${transfer.file} arrived as ${transfer.contentEncoding}`).toContain(transfer.contentEncoding);
      // Few headers, but those that apply to a script (src/server/app.ts), within what
      // scripts/check-bundle-size.ts allows for each file.
      expect(transfer.headers, transfer.file).toMatchObject({ 'x-content-type-options': 'nosniff', 'cache-control': 'public, max-age=31536000, immutable' });
      expect(transfer.headerBytes, `${transfer.file}'s response headers`).toBeLessThanOrEqual(HEADER_BYTES_PER_FILE);
    }
    const largest = transfers.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    expect(largest.contentEncoding, `${largest.file}, the largest script, arrived compressed`).toBe('br');
    const breakdown = transfers.map((t) => `  ${t.file} ${t.bytes} B (${t.headerBytes} B headers, ${t.contentEncoding})`).join('\n');
    expect(bytes, `${route.name} transferred ${kb(bytes)} of JavaScript:\n${breakdown}\n`).toBeLessThanOrEqual(BUDGET_BYTES);
  });
}
