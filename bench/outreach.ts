// Outreach benchmark (issue 11): a Pro campaign to 999 venues, from the payment event to every
// e-mail handed to a local SMTP server (smtp-server on loopback, as the SMTP delivery test uses).
//
//   npx node bench/outreach.ts            (npm run bench:outreach)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx node bench/outreach.ts
//
// Settings (environment): BENCH_VENUES (999).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { outreachCampaigns } from '../src/server/db/schema.ts';
import { createTestApp } from '../tests/helpers/test-app.ts';
import { signUpAs } from '../tests/helpers/accounts.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const VENUES = Number(process.env.BENCH_VENUES ?? 999);
if (!Number.isInteger(VENUES) || VENUES < 1 || VENUES > 999) throw new Error('BENCH_VENUES must be a whole number from 1 to 999 (the Pro limit)');

let received = 0;
let firstAt = 0;
let lastAt = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disableReverseLookup: true, // no DNS here: a lookup per connection would be timed, not Marquee
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      if (!session.envelope.rcptTo.some((r) => r.address.endsWith('@venues.test'))) return callback();
      received++;
      if (received === 1) firstAt = performance.now();
      lastAt = performance.now();
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const t = await createTestApp({ env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String((smtp.server.address() as AddressInfo).port) } });
const engine = t.services.database.kind === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL server';
console.log(`Outreach benchmark on ${engine}: a Pro campaign to ${VENUES} venues over SMTP (loopback)`);

await t.db.execute(sql`
  insert into venue_directory (name, region_slug, city, state, email, contact_person, venue_type)
  select 'Bench Venue ' || lpad(n::text, 4, '0'), 'austin', 'Austin', 'TX', 'bench-venue-' || n || '@venues.test', 'Booker ' || n, 'Music Venue'
  from generate_series(1, ${VENUES}) n`);
const band = await signUpAs(t, 'band', { name: 'Bench Outreach Band' });
const checkout = await band.client.post('/api/outreach/checkout', { packageId: 'pro', regionSlug: 'austin', customMessage: 'We bring 80 people on a weeknight.' });
if (checkout.status !== 201) throw new Error(`checkout answered ${checkout.status}: ${checkout.text}`);
const { url, campaignId } = checkout.json as { url: string; campaignId: string };

// The buyer pays on the sandbox checkout; its signed event is applied and the campaign sent.
const start = performance.now();
const paid = await t.app.request(new URL(url).pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }) });
if (paid.status !== 303) throw new Error(`payment answered ${paid.status}`);
console.log(`payment applied after ${((performance.now() - start) / 1000).toFixed(1)} s; first e-mail at ${((firstAt - start) / 1000).toFixed(1)} s`);
const deadline = Date.now() + 300_000;
while (received < VENUES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const [campaign] = await t.db.select().from(outreachCampaigns).where(eq(outreachCampaigns.id, campaignId));
const seconds = (lastAt - start) / 1000;
if (received !== VENUES || campaign!.status !== 'completed' || campaign!.venuesReached !== VENUES) {
  throw new Error(`received ${received} of ${VENUES}; campaign ${campaign!.status}, reached ${campaign!.venuesReached}`);
}
await t.close();
await new Promise<void>((resolve) => smtp.close(resolve));

const result = { date: new Date().toISOString().slice(0, 10), engine, venues: VENUES, seconds, perSecond: VENUES / seconds, status: campaign!.status, venuesReached: campaign!.venuesReached };
console.log(`
payment event to the last of ${VENUES} e-mails received by the SMTP server: ${seconds.toFixed(1)} s (${result.perSecond.toFixed(0)} e-mails/s)
campaign ${campaign!.status}, venues reached ${campaign!.venuesReached}, each venue e-mailed once`);
await fs.mkdir(path.join(HERE, 'results'), { recursive: true });
await fs.writeFile(path.join(HERE, 'results', `${t.services.database.kind === 'pglite' ? 'outreach' : 'outreach-postgres'}.json`), `${JSON.stringify(result, null, 2)}\n`);
