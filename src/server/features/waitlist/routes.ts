import { Hono, type Context } from 'hono';
import { ticketReturnSchema, WAITLIST_MESSAGES, waitlistTokenSchema } from '../../../core/schemas/waitlist.ts';
import { clientIp } from '../../http/client-ip.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { requireSession } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { ticketIdOfLink } from '../tickets/ticket-links.ts';
import { confirmWaitlistEntry, joinWaitlist, leaveWaitlist } from './join-waitlist.ts';
import { keepMyTicket, keepTicket, returnMyTicket, returnTicket } from './return-ticket.ts';
import { declineOffer, getWaitlistOffer, startOfferCheckout } from './waitlist-offers.ts';

const TEN_MINUTES_MS = 10 * 60_000;
/** A waitlist link's actions (confirm, leave, an offer's checkout and pass) per client address per 10 minutes. */
const LINK_ACTIONS_PER_10_MINUTES = 60;
/** Returns and 'keep' per client address (or account) per 10 minutes. */
const RETURNS_PER_10_MINUTES = 20;

/** The sold-out waitlist and ticket returns (decision 50). */
export function waitlistRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  /** Wakes the sweep that makes offers (decision 50); its schedule covers a lost wake-up. */
  const wakeOffers = () => void services.jobs?.send(QUEUES.offerWaitlist).catch(() => undefined);
  const limitLinks = (c: Context) =>
    limitHits(services, `waitlist-link:${clientIp(c) ?? 'unknown'}`, { windowMs: TEN_MINUTES_MS, max: LINK_ACTIONS_PER_10_MINUTES, message: WAITLIST_MESSAGES.tooManyRequests });
  const limitReturns = (key: string) => limitHits(services, `ticket-return:${key}`, { windowMs: TEN_MINUTES_MS, max: RETURNS_PER_10_MINUTES, message: WAITLIST_MESSAGES.returnRateLimited });
  const token = async (c: Context) => parseInput(waitlistTokenSchema, await readJsonBody(c)).token;
  const ticketId = async (c: Context) => parseInput(ticketReturnSchema, await readJsonBody(c)).ticketId;

  app.post('/waitlist', async (c) => c.json(await joinWaitlist(services, await readJsonBody(c), clientIp(c)), 202));

  app.post('/waitlist/confirm', async (c) => {
    await limitLinks(c);
    const entry = await confirmWaitlistEntry(db, await token(c));
    wakeOffers();
    return c.json(entry);
  });

  app.post('/waitlist/leave', async (c) => {
    await limitLinks(c);
    const entry = await leaveWaitlist(db, await token(c));
    wakeOffers();
    return c.json(entry);
  });

  // An offer's link: the token is the key (like the decline links of D34); the answer names its person, so no cache keeps it.
  app.get('/waitlist/offers/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await getWaitlistOffer(db, c.req.param('token')));
  });

  app.post('/waitlist/offers/checkout', async (c) => {
    await limitLinks(c);
    return c.json(await startOfferCheckout(services, await token(c)), 201);
  });

  app.post('/waitlist/offers/decline', async (c) => {
    await limitLinks(c);
    const result = await declineOffer(db, await token(c));
    wakeOffers();
    return c.json(result);
  });

  // A ticket's own page (no account): its signed link is the proof of holding it, never the bare id (issue 33).
  app.post('/ticket-page/:token/return', async (c) => {
    await limitReturns(clientIp(c) ?? 'unknown');
    const result = await returnTicket(db, { ticketId: ticketIdOfLink(services, c.req.param('token')) });
    wakeOffers();
    return c.json(result);
  });

  app.post('/ticket-page/:token/keep', async (c) => {
    await limitReturns(clientIp(c) ?? 'unknown');
    const result = await keepTicket(db, { ticketId: ticketIdOfLink(services, c.req.param('token')) });
    wakeOffers();
    return c.json(result);
  });

  // The dashboard's 'Your tickets': the account's own tickets only.
  app.post('/tickets/mine/return', async (c) => {
    const { user } = await requireSession(services, c);
    await limitReturns(user.id);
    const result = await returnMyTicket(db, user, await ticketId(c));
    wakeOffers();
    return c.json(result);
  });

  app.post('/tickets/mine/keep', async (c) => {
    const { user } = await requireSession(services, c);
    await limitReturns(user.id);
    const result = await keepMyTicket(db, user, await ticketId(c));
    wakeOffers();
    return c.json(result);
  });

  return app;
}
