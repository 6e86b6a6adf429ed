// Issue 35: a gig's and venue's schema.org data as a reader sees it: expanded by `jsonld` (the
// JSON-LD processor search engines' tools use), then checked for the fields Google's event
// documentation requires and recommends, with the venue's address as a PostalAddress.
import { readFile } from 'node:fs/promises';
import jsonld from 'jsonld';
import type { JsonLd, RemoteDocument } from 'jsonld/jsonld-spec.d.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressColumnsOf } from '../../../core/postal-address.ts';
import { createBand, createGig, createVenue, dayIn } from '../../../../tests/helpers/factories.ts';
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app.ts';
import { getPageMeta } from './get-page-meta.ts';

const S = 'http://schema.org/';
type Node = Record<string, unknown>;

/** schema.org's context, from a stored copy of its terms (tests never reach the internet). */
const schemaOrgContext = JSON.parse(await readFile(new URL('../../../../tests/fixtures/schema-org-context.json', import.meta.url), 'utf8')) as JsonLd;
const documentLoader = (url: string): Promise<RemoteDocument> => {
  if (!/^https?:\/\/schema\.org\/?$/.test(url)) throw new Error(`No network in tests: ${url}`);
  return Promise.resolve({ documentUrl: url, document: schemaOrgContext });
};
/** A document as a reader expands it: its top node. */
const expand = async (doc: unknown) => ((await jsonld.expand(doc as JsonLd, { documentLoader })) as Node[])[0]!;

/** The expanded document's one value of a schema.org property (a node or the literal's value). */
function one(node: Node, property: string): Node {
  const values = node[`${S}${property}`] as Node[] | undefined;
  expect(values, `${property} present`).toHaveLength(1);
  return values![0]!;
}
const text = (node: Node, property: string) => one(node, property)['@value'] ?? one(node, property)['@id'];
const typeOf = (node: Node) => (node['@type'] as string[])[0];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('schema.org as a JSON-LD processor reads it (issue 35)', () => {
  it('a gig on its venue page expands to a MusicEvent with every field Google requires and its address as a PostalAddress', async () => {
    // The fields as the venue editor stores them (profiles.test.ts saves them through it).
    const venue = await createVenue(t.db, { name: 'Reader Hall', ...addressColumnsOf({ address: '1842 W Division St', addressLocality: 'Chicago', addressRegion: 'IL', postalCode: '60622' }) });
    const band = await createBand(t.db, { name: 'The Expanders' });
    const approvedAt = new Date('2026-11-01T15:00:00Z');
    await createGig(t.db, { venueId: venue.id, bandId: band.id, localDate: dayIn('America/Chicago', 12), startTime: '20:00', isTicketed: true, ticketPriceCents: 1800, ticketQuantity: 100, approvedAt });

    const meta = await getPageMeta(t.services, 'localhost:3000', `/venue/${venue.slug}`);
    const [venueNode, eventNode] = await Promise.all((meta.jsonLd ?? []).map(expand));

    expect(typeOf(venueNode!)).toBe(`${S}MusicVenue`);
    const event = eventNode!;
    expect(typeOf(event)).toBe(`${S}MusicEvent`);
    // Required: name, startDate, location (a Place with an address).
    expect(text(event, 'name')).toBe('The Expanders at Reader Hall');
    expect(text(event, 'startDate')).toMatch(/^\d{4}-\d\d-\d\dT20:00:00-0[56]:00$/);
    const location = one(event, 'location');
    expect(text(location, 'name')).toBe('Reader Hall');
    for (const address of [one(location, 'address'), one(venueNode!, 'address')]) {
      expect(typeOf(address)).toBe(`${S}PostalAddress`);
      expect([text(address, 'streetAddress'), text(address, 'addressLocality'), text(address, 'addressRegion'), text(address, 'postalCode'), text(address, 'addressCountry')]).toEqual(['1842 W Division St', 'Chicago', 'IL', '60622', 'US']);
    }
    // Recommended: endDate, eventStatus, eventAttendanceMode, organizer, performer, offers with its price and when it went on sale.
    expect(text(event, 'endDate')).toBeTruthy();
    expect(text(event, 'eventStatus')).toBe('https://schema.org/EventScheduled');
    expect(text(one(event, 'organizer'), 'name')).toBe('Reader Hall');
    expect(text(one(event, 'performer'), 'name')).toBe('The Expanders');
    const offer = one(event, 'offers');
    expect(typeOf(offer)).toBe(`${S}Offer`);
    expect([text(offer, 'price'), text(offer, 'priceCurrency'), text(offer, 'availability'), text(offer, 'validFrom')]).toEqual(['18.00', 'USD', 'https://schema.org/InStock', '2026-11-01T15:00:00Z']);
    expect(String(text(offer, 'url'))).toContain('/tickets?');
  });

  it('a venue that gave its address on one line is read into the same fields', async () => {
    const venue = await createVenue(t.db, { name: 'One Line Room', address: '4419 N Ravenswood Ave, Chicago, IL 60640' });
    const meta = await getPageMeta(t.services, 'localhost:3000', `/venue/${venue.slug}`);
    const address = one(await expand(meta.jsonLd![0]), 'address');
    expect([text(address, 'streetAddress'), text(address, 'addressLocality'), text(address, 'postalCode')]).toEqual(['4419 N Ravenswood Ave', 'Chicago', '60640']);
  });
});
