// Issue 25: the outreach venue database and both kinds of old campaigns (decision 52). An
// imported campaign is history: Marquee never sends its e-mails nor looks up its old payment.
import { outreachCampaigns, venueDirectory } from '../../db/schema.ts';
import type { LegacyDocument } from './export-format.ts';
import type { ImportContext } from './import-context.ts';
import { bool, count, email, refuse, requireText, text, textList, timestamp } from './legacy-values.ts';
import { mapEach, type Mapped } from './map-collection.ts';
import { importedLink } from './public-web-address.ts';

export const VENUE_DATABASE_WRITERS = [{ key: 'entry', table: venueDirectory, mode: 'upsert' as const, target: [venueDirectory.id], keep: ['optedOutAt'] }];
export const CAMPAIGN_WRITERS = [{ key: 'campaign', table: outreachCampaigns, mode: 'upsert' as const, target: [outreachCampaigns.id] }];

export function mapVenueDatabase(context: ImportContext, documents: Record<string, LegacyDocument>): Mapped {
  const seen = new Map<string, string>();
  return mapEach(context, 'venueDatabase', documents, (legacyId, doc, newId) => {
    const name = requireText(doc, 'name');
    const location = text(doc.location)?.toLowerCase() ?? refuse('missing location');
    if (!context.regions.has(location)) refuse(`unknown location "${location}"`);
    const address = email(doc.email, 'email');
    const city = text(doc.city);
    // The natural key of decision 23: the e-mail, else name, location and city.
    const key = address ?? `${name.toLowerCase()}|${location}|${(city ?? '').toLowerCase()}`;
    const earlier = seen.get(key);
    if (earlier) refuse(`duplicate venue: the same ${address ? 'e-mail' : 'name and city'} as venueDatabase/${earlier}`);
    seen.set(key, legacyId);
    const createdAt = timestamp(doc.createdAt, 'createdAt');
    const updatedAt = timestamp(doc.updatedAt, 'updatedAt');
    return {
      entry: [
        {
          id: newId,
          name,
          regionSlug: location,
          address: text(doc.address),
          city,
          state: text(doc.state),
          zipCode: text(doc.zipCode),
          phone: text(doc.phone),
          email: address,
          bookingEmail: email(doc.bookingEmail, 'bookingEmail'),
          website: importedLink(context, { collection: 'venueDatabase', legacyId }, 'website', doc.website),
          contactPerson: text(doc.contactPerson),
          venueType: text(doc.venueType) ?? 'Bar/Pub',
          capacity: count(doc.capacity, 'capacity'),
          notes: text(doc.notes),
          musicGenres: textList(doc.musicGenres),
          hasStage: doc.hasStage !== false,
          hasSoundSystem: doc.hasSoundSystem !== false,
          allowsOriginalMusic: doc.allowsOriginalMusic !== false,
          typicalBookingLeadDays: count(doc.typicalBookingLead, 'typicalBookingLead') ?? 30,
          paymentStructure: text(doc.paymentStructure),
          isActive: doc.active !== false,
          ...(createdAt ? { createdAt } : {}),
          ...(updatedAt ? { updatedAt } : {}),
        },
      ],
    };
  });
}

const CAMPAIGN_STATUSES = new Set(['pending', 'processing', 'completed', 'completed_test']);
/** A beta campaign names its outreach type, not a package: the basic package of that type. */
const BETA_PACKAGE = { opener: 'opener-basic', headline: 'headline-basic' } as const;

export function mapCampaigns(context: ImportContext, collection: 'outreachCampaigns' | 'betaOutreachCampaigns', documents: Record<string, LegacyDocument>, packageIds: Set<string>): Mapped {
  return mapEach(context, collection, documents, (legacyId, doc, newId) => {
    const bandLegacyId = requireText(doc, 'bandId', 'bandID');
    const band = context.users.get(bandLegacyId);
    if (band?.role !== 'band') refuse(`missing user: bandId ${bandLegacyId} is not an imported band`);
    let packageId = text(doc.packageId);
    if (collection === 'betaOutreachCampaigns' && !packageId) {
      const type = text(doc.outreachType)?.toLowerCase();
      packageId = type === 'opener' || type === 'headline' ? BETA_PACKAGE[type] : refuse(`unknown outreachType "${String(doc.outreachType)}"`);
    }
    if (!packageId) refuse('missing packageId');
    if (!packageIds.has(packageId!)) refuse(`unknown package "${packageId}"`);
    const location = text(doc.location)?.toLowerCase();
    const regionSlug = location && context.regions.has(location) ? location : band!.regionSlug;
    if (location && !context.regions.has(location)) context.notes.push({ collection, legacyId, note: `unknown location "${location}": the band's region ${regionSlug}` });
    let status = (text(doc.status) ?? 'pending').toLowerCase();
    if (!CAMPAIGN_STATUSES.has(status)) refuse(`unknown status "${status}"`);
    if (status === 'processing') {
      // Marquee's sender takes up every processing campaign; the old system was sending this one.
      status = 'completed';
      context.notes.push({ collection, legacyId, note: 'was processing in the old system: imported as completed, Marquee sends none of its e-mails' });
    }
    const reached = count(doc.venuesReached, 'venuesReached') ?? 0;
    const createdAt = timestamp(doc.createdAt, 'createdAt');
    return {
      campaign: [
        {
          id: newId,
          bandId: band!.newId,
          packageId,
          regionSlug,
          status,
          venuesTargeted: count(doc.venuesTargeted, 'venuesTargeted') ?? reached,
          venuesReached: reached,
          responses: count(doc.responses, 'responses') ?? 0,
          isTest: bool(doc.testMode) || status === 'completed_test',
          ...(createdAt ? { createdAt } : {}),
        },
      ],
    };
  });
}
