// The ticket e-mail as the buyer receives it over SMTP (issue 9): the ticket's QR code as an
// inline image that scans to the ticket, and the show as a calendar entry in its own zone; the
// stored copy admins can read holds neither the ticket id nor its QR code.
import { ticketDisplayRefOf } from '../../../core/door-codes.ts';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import jsQRModule from 'jsqr';
import { outbox, tickets } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { startTestSmtpServer } from '../../../../tests/helpers/smtp-server.ts';
import { ticketPageToken } from './ticket-links.ts';
import { parseSignedCode } from '../../../core/door-codes.ts';

// jsqr is CommonJS: under Node its default import is the module object holding the decoder.
type Decode = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
const jsQR: Decode = (jsQRModule as unknown as { default?: Decode }).default ?? (jsQRModule as unknown as Decode);

let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
/** Each message as the SMTP server received it. */
const received = () => smtp.received.map((m) => m.raw);

let t: TestApp;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await createTestApp({ env: smtp.env, startJobs: true });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** One MIME part of a raw message, found by a header it carries: its headers and decoded body. */
function mimePart(raw: string, header: RegExp) {
  const part = raw.split(/\r?\n--[^\r\n]+\r?\n/).find((p) => header.test(p.split(/\r?\n\r?\n/)[0]!));
  if (!part) throw new Error(`No part with ${String(header)}`);
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const encoded = body.join('\n\n').replace(/\r?\n--[^\r\n]*--\s*$/, '');
  return { head: head!, body: /base64/i.test(head!) ? Buffer.from(encoded.replace(/\s+/g, ''), 'base64') : Buffer.from(encoded) };
}

it('arrives with its QR code inline and the show as a calendar entry', async () => {
  const venueId = (await createVenue(t.db, { name: 'The Hideout', address: '1354 W Wabansia Ave, Chicago' })).id;
  const bandId = (await createBand(t.db, { name: 'Inline Images' })).id;
  const localDate = dayIn('America/Chicago', 12);
  const gigId = await createGig(t.db, { venueId, bandId, localDate, startTime: '21:00', endTime: '01:00', isTicketed: true, ticketPriceCents: 1500, ticketQuantity: 10 });
  const res = await t.client().post('/api/tickets/checkout', { gigId, email: 'inline@tickets.test' });
  const path = new URL(res.json.url as string).pathname;
  await t.app.request(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ card: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', action: 'pay' }) });

  await vi.waitFor(() => expect(received().some((m) => m.includes('inline@tickets.test'))).toBe(true), { timeout: 20_000, interval: 200 });
  const raw = received().find((m) => m.includes('inline@tickets.test'))!;
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.gigId, gigId));

  // The HTML shows the inline image; the image is a PNG QR code that scans to the ticket.
  const html = mimePart(raw, /Content-Type: text\/html/i).body.toString().replace(/=\r?\n/g, '');
  expect(html).toMatch(/src=(3D)?"cid:ticket-qr@marquee"/);
  const qr = mimePart(raw, /Content-ID: <ticket-qr@marquee>/i);
  expect(qr.head).toMatch(/Content-Type: image\/png/i);
  const { data, info } = await sharp(qr.body).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // Decision 51: the signed code of this ticket and its gig, which a door with no signal can check.
  expect(parseSignedCode(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? '')).toMatchObject({ ticketId: ticket!.id, gigId: ticket!.gigId });

  // The calendar entry: the show, in Chicago time, ending after midnight.
  const ics = mimePart(raw, /filename="?show\.ics/i).body.toString();
  expect(ics).toContain('SUMMARY:Inline Images at The Hideout');
  expect(ics).toContain(`DTSTART;TZID=America/Chicago:${localDate.replaceAll('-', '')}T210000`);
  expect(ics).toMatch(/DTEND;TZID=America\/Chicago:\d{8}T010000/);
  expect(ics).toContain('BEGIN:VTIMEZONE');
  expect(ics).toMatch(/LOCATION:The Hideout\\, 1354 W Wabansia Ave\\, Chicago/);

  // Decision 46: the ticket's own page and 'Add to calendar', as the buyer receives them, open the page and the entry.
  const text = mimePart(raw, /Content-Type: text\/plain/i).body.toString().replace(/=\r?\n/g, '');
  const pagePath = text.match(/Your ticket page \(no account needed\): http:\/\/localhost:3000(\/ticket\/\S+)/)?.[1];
  expect(pagePath).toBe(`/ticket/${ticketPageToken(t.services, ticket!.id)}`);
  expect((await t.client().get(`/api${pagePath!.replace('/ticket/', '/ticket-page/')}`)).json.ticket.status).toBe('valid');
  // Issue 33: the text names the ticket by its printed reference (the id is only inside the QR code and the page's signed link).
  expect(text).toContain(`Ticket: ${await ticketDisplayRefOf(ticket!.id)}`);
  expect(html).toContain(await ticketDisplayRefOf(ticket!.id));
  const calendarPath = text.match(/Add to calendar: http:\/\/localhost:3000(\S+)/)?.[1];
  expect((await t.client().get(calendarPath!)).text).toContain('SUMMARY:Inline Images at The Hideout');

  // What admins can read in the outbox names the QR code's secret, never its value.
  const [stored] = await t.db.select().from(outbox).where(eq(outbox.toAddress, 'inline@tickets.test'));
  expect(JSON.stringify(stored!.attachments)).not.toContain(ticket!.id);
  expect(stored!.textBody).not.toContain(ticket!.id);
  expect(stored!.htmlBody).not.toContain(ticket!.id);
}, 40_000);
