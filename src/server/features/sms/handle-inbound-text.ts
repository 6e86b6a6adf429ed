import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { regions, smsSubscribers } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';

/** Carrier stop words (CTIA): any of them ends every text from Marquee. */
export const STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'];

/** A phone number in E.164 (+13125550142), or null when it is not a real number. US numbers may omit +1. */
export function normalisePhone(value: string): string | null {
  const phone = parsePhoneNumberFromString(value.trim(), 'US');
  return phone?.isValid() ? phone.number : null;
}

/**
 * An inbound text (D29): 'MUSIC' (any case, optionally followed by a region, e.g. 'MUSIC
 * CLEVELAND'; else the default region) subscribes the number to the weekly digest by text; the
 * stop words unsubscribe it; 'START' subscribes it again; 'HELP' explains; anything else gets a
 * hint. Every answer fits in one SMS segment. Returns the answer to send back. A dry run (the
 * admin's 'Send Test Text', issue 21) answers the same and changes no subscription.
 */
export async function handleInboundText(
  db: DbOrTx,
  { from, body, supportEmail, isDryRun = false }: { from: string; body: string; supportEmail: string; isDryRun?: boolean },
): Promise<{ reply: string; phone: string }> {
  const phone = normalisePhone(from);
  if (!phone) throw new AppError('VALIDATION', 'That phone number is not valid.', { from: 'That phone number is not valid.' });
  const [keyword = '', ...rest] = body.trim().split(/\s+/);
  const word = keyword.toUpperCase().replace(/[^A-Z]/g, '');
  const allRegions = await db.select().from(regions);
  const defaultRegion = allRegions.find((r) => r.isDefault) ?? allRegions[0]!;
  const subscribe = async (regionSlug: string) => {
    if (isDryRun) return;
    await db
      .insert(smsSubscribers)
      .values({ phone, regionSlug })
      .onConflictDoUpdate({ target: smsSubscribers.phone, set: { regionSlug, unsubscribedAt: null, subscribedAt: sql`now()` } });
  };

  if (word === 'MUSIC') {
    const asked = rest.join(' ').trim().toLowerCase().replace(/[^a-z ]/g, '');
    const region = asked ? allRegions.find((r) => r.slug.replace(/-/g, ' ') === asked || r.name.toLowerCase().replace(/[^a-z ]/g, '') === asked || r.name.toLowerCase().startsWith(asked)) : defaultRegion;
    if (!region) return { phone, reply: `Marquee: we don't cover "${rest.join(' ').slice(0, 30)}" yet. Text MUSIC for ${defaultRegion.name}, or MUSIC and a city such as CLEVELAND.` };
    await subscribe(region.slug);
    return { phone, reply: `Marquee: you're subscribed to weekly gig updates for ${region.name}. Reply STOP to end, HELP for help.` };
  }
  if (STOP_WORDS.includes(word)) {
    if (!isDryRun) await db.update(smsSubscribers).set({ unsubscribedAt: sql`coalesce(${smsSubscribers.unsubscribedAt}, now())` }).where(eq(smsSubscribers.phone, phone));
    return { phone, reply: "Marquee: you're unsubscribed and will get no more texts. Reply START to subscribe again." };
  }
  if (word === 'START') {
    const [existing] = await db.select({ regionSlug: smsSubscribers.regionSlug }).from(smsSubscribers).where(or(eq(smsSubscribers.phone, phone)));
    const region = allRegions.find((r) => r.slug === existing?.regionSlug) ?? defaultRegion;
    await subscribe(region.slug);
    return { phone, reply: `Marquee: you're subscribed again to weekly gig updates for ${region.name}. Reply STOP to end.` };
  }
  if (word === 'HELP') {
    return { phone, reply: `Marquee weekly gig updates. Text MUSIC (or MUSIC CLEVELAND) to join, STOP to end. Msg&data rates may apply. Help: ${supportEmail}` };
  }
  return { phone, reply: 'Marquee: text MUSIC for weekly gig updates near you, or HELP for help.' };
}
