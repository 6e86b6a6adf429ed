import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { NEW_PRESALE_CODE_MIN, TICKET_TYPE_MESSAGES as M, ticketTypesSchema } from '../../../core/schemas/tickets.ts';
import { toInstant } from '../../../core/time.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { gigs, presaleCodes, regions, ticketTypes } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import { asOrganiser, findOrganisedGig } from '../booking/gig-ownership.ts';
import { publishGigsChanged } from '../live/live-events.ts';

/** A UTC instant as the gig's local 'YYYY-MM-DDTHH:MM' (what the organiser typed). */
function toLocalInput(instant: Date | null, timeZone: string): string | null {
  if (!instant) return null;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
const fromLocalInput = (value: string | null, timeZone: string) => (value ? toInstant(value.slice(0, 10), value.slice(11, 16), timeZone) : null);

async function zoneOf(db: DbOrTx, regionSlug: string) {
  const [region] = await db.select({ timeZone: regions.timeZone }).from(regions).where(eq(regions.slug, regionSlug));
  return region!.timeZone;
}

/** Issue 23: a gig's ticket types (with what is sold and held) and presale codes (with their uses), for its organiser. */
export async function listTicketTypes(db: Db, user: SessionUser, gigId: string) {
  const gig = await findOrganisedGig(db, asOrganiser(user), gigId);
  const timeZone = await zoneOf(db, gig.regionSlug);
  const types = await db.select().from(ticketTypes).where(eq(ticketTypes.gigId, gig.id)).orderBy(asc(ticketTypes.position), asc(ticketTypes.createdAt));
  const codes = await db.select().from(presaleCodes).where(eq(presaleCodes.gigId, gig.id)).orderBy(asc(presaleCodes.createdAt));
  const nameOf = new Map(types.map((type) => [type.id, type.name]));
  return {
    capacity: gig.ticketQuantity,
    timeZone,
    types: types.map((type) => ({
      id: type.id,
      name: type.name,
      priceCents: type.priceCents,
      quantity: type.quantity,
      sold: type.sold,
      held: type.held,
      salesStart: toLocalInput(type.salesStartAt, timeZone),
      salesEnd: toLocalInput(type.salesEndAt, timeZone),
      isHidden: type.isHidden,
    })),
    codes: codes.map((code) => ({ code: code.code, typeName: nameOf.get(code.ticketTypeId) ?? '', maxUses: code.maxUses, uses: code.uses, expires: toLocalInput(code.expiresAt, timeZone) })),
  };
}

/**
 * Issue 23: saves a ticketed gig's whole set of ticket types and presale codes. Types are matched
 * by id, codes by their text. The quantities must fit in the gig's capacity; a type or code with
 * tickets sold or held cannot go below them or be removed. The rows checkouts update are locked
 * first (codes, then types, then the gig: the order checkouts take them in), so a sale that lands
 * while the organiser saves is counted. The gig's shown price becomes its cheapest public type.
 */
export async function saveTicketTypes(db: Db, user: SessionUser, gigId: string, rawInput: unknown) {
  const organiser = asOrganiser(user);
  const input = parseInput(ticketTypesSchema, rawInput);
  const names = input.types.map((type) => type.name.toLowerCase());
  if (new Set(names).size !== names.length) throw new AppError('VALIDATION', M.duplicateName, { types: M.duplicateName });
  const codeTexts = input.codes.map((code) => code.code);
  if (new Set(codeTexts).size !== codeTexts.length) throw new AppError('VALIDATION', M.duplicateCode, { codes: M.duplicateCode });
  await db.transaction(async (tx) => {
    const found = await findOrganisedGig(tx, organiser, gigId);
    const existingCodes = await tx.select().from(presaleCodes).where(eq(presaleCodes.gigId, found.id)).orderBy(asc(presaleCodes.id)).for('update');
    const existing = await tx.select().from(ticketTypes).where(eq(ticketTypes.gigId, found.id)).orderBy(asc(ticketTypes.id)).for('update');
    const [gig] = await tx.select().from(gigs).where(eq(gigs.id, found.id)).for('update');
    if (!gig!.isTicketed || gig!.ticketQuantity === null) throw new AppError('CONFLICT', M.notTicketed);
    const timeZone = await zoneOf(tx, gig!.regionSlug);
    const total = input.types.reduce((sum, type) => sum + type.quantity, 0);
    if (total > gig!.ticketQuantity) throw new AppError('VALIDATION', M.overCapacity(total, gig!.ticketQuantity), { types: M.overCapacity(total, gig!.ticketQuantity) });
    const byId = new Map(existing.map((type) => [type.id, type]));
    for (const type of input.types) {
      const before = type.id ? byId.get(type.id) : undefined;
      if (type.id && !before) throw new AppError('NOT_FOUND', 'That ticket type was not found.');
      if (before && type.quantity < before.sold + before.held) throw new AppError('VALIDATION', M.belowSold(type.name, before.sold + before.held), { types: M.belowSold(type.name, before.sold + before.held) });
    }
    const kept = new Set(input.types.flatMap((type) => (type.id ? [type.id] : [])));
    const removed = existing.filter((type) => !kept.has(type.id));
    const removedInUse = removed.find((type) => type.sold + type.held > 0);
    if (removedInUse) throw new AppError('CONFLICT', M.removeSold(removedInUse.name));
    // A gig that has sold at its simple price keeps selling that way: types would not count those seats.
    if (existing.length === 0 && input.types.length > 0 && gig!.ticketsSold + gig!.ticketsHeld > 0) {
      throw new AppError('CONFLICT', 'Tickets have been sold at this gig\'s one price, so it keeps selling that way.');
    }
    // Codes: checked against the types as they will be.
    const hiddenNames = new Map(input.types.map((type) => [type.name.toLowerCase(), type.isHidden]));
    for (const code of input.codes) {
      const isHidden = hiddenNames.get(code.typeName.toLowerCase());
      if (isHidden === undefined) throw new AppError('VALIDATION', M.codeForUnknownType(code.typeName), { codes: M.codeForUnknownType(code.typeName) });
      if (!isHidden) throw new AppError('VALIDATION', M.codeForPublicType, { codes: M.codeForPublicType });
      const before = existingCodes.find((c) => c.code === code.code);
      // Issue 33: a new code is at least 6 characters, so it cannot be guessed; codes made before stay as they are.
      if (!before && code.code.length < NEW_PRESALE_CODE_MIN) throw new AppError('VALIDATION', M.shortCode(code.code), { codes: M.shortCode(code.code) });
      if (before && code.maxUses < before.uses) throw new AppError('VALIDATION', M.codeBelowUses(code.code, before.uses), { codes: M.codeBelowUses(code.code, before.uses) });
    }
    const removedCode = existingCodes.find((c) => !codeTexts.includes(c.code) && c.uses > 0);
    if (removedCode) throw new AppError('CONFLICT', M.removeUsedCode(removedCode.code));

    if (existingCodes.length) await tx.delete(presaleCodes).where(and(eq(presaleCodes.gigId, gig!.id), codeTexts.length ? notInArray(presaleCodes.code, codeTexts) : undefined));
    if (removed.length) await tx.delete(ticketTypes).where(inArray(ticketTypes.id, removed.map((type) => type.id)));
    const idByName = new Map<string, string>();
    for (const [position, type] of input.types.entries()) {
      const values = {
        name: type.name,
        priceCents: type.price,
        quantity: type.quantity,
        salesStartAt: fromLocalInput(type.salesStart, timeZone),
        salesEndAt: fromLocalInput(type.salesEnd, timeZone),
        isHidden: type.isHidden,
        position,
      };
      const [row] = type.id
        ? await tx.update(ticketTypes).set(values).where(eq(ticketTypes.id, type.id)).returning({ id: ticketTypes.id })
        : await tx.insert(ticketTypes).values({ ...values, gigId: gig!.id }).returning({ id: ticketTypes.id });
      idByName.set(type.name.toLowerCase(), row!.id);
    }
    for (const code of input.codes) {
      const values = { ticketTypeId: idByName.get(code.typeName.toLowerCase())!, maxUses: code.maxUses, expiresAt: fromLocalInput(code.expires, timeZone) };
      await tx
        .insert(presaleCodes)
        .values({ ...values, gigId: gig!.id, code: code.code })
        .onConflictDoUpdate({ target: [presaleCodes.gigId, presaleCodes.code], set: values });
    }
    // The card's price: the cheapest public type (a gig of hidden types only shows its cheapest).
    const shown = input.types.filter((type) => !type.isHidden);
    const prices = (shown.length ? shown : input.types).map((type) => type.price);
    if (prices.length) await tx.update(gigs).set({ ticketPriceCents: Math.min(...prices), updatedAt: sql`now()` }).where(eq(gigs.id, gig!.id));
    if (gig!.isApproved) await publishGigsChanged(tx);
  });
  return listTicketTypes(db, user, gigId);
}
