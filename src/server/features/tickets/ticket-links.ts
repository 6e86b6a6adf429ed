import { createHmac, timingSafeEqual } from 'node:crypto';
import { TICKET_LINK_NOT_FOUND } from '../../../core/ticket-page.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';

const TICKET_ID = /^[A-Za-z0-9_-]{22,64}$/;
/** 128 bits of HMAC-SHA256: as hard to guess as the ticket id itself. */
const MAC_BYTES = 16;
const MAC = /^[A-Za-z0-9_-]{22}$/;

type LinkServices = Pick<Services, 'env' | 'ticketLinkKey'>;

/** The key ticket links are signed with, derived from the server's secret (decision 46); create-services.ts keeps it. */
export function deriveTicketLinkKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('marquee ticket page links').digest();
}

const macOf = (key: Buffer, ticketId: string) => createHmac('sha256', key).update(`ticket-page:v1:${ticketId}`).digest().subarray(0, MAC_BYTES);

/**
 * The token of a ticket's own page: the ticket id and an HMAC of it (decision 46). The id alone
 * is what the door admits, and door staff see it; only the holder's link manages the ticket
 * (e-mail it again, ask for a refund).
 */
export function ticketPageToken({ ticketLinkKey }: Pick<LinkServices, 'ticketLinkKey'>, ticketId: string): string {
  return `${ticketId}.${macOf(ticketLinkKey, ticketId).toString('base64url')}`;
}

/** The ticket page's path, for links within the site (/success, the dashboard). */
export const ticketPagePath = (services: Pick<LinkServices, 'ticketLinkKey'>, ticketId: string) => `/ticket/${ticketPageToken(services, ticketId)}`;

/** The page anyone holding the link can open, no account needed: e.g. https://marquee.example/ticket/{token}. */
export function ticketPageUrl(services: LinkServices, ticketId: string): string {
  return `${services.env.PUBLIC_URL}${ticketPagePath(services, ticketId)}`;
}

/** The ticket id a token names, or null when the token was not made by this server (compared in constant time). */
export function readTicketPageToken({ ticketLinkKey }: Pick<LinkServices, 'ticketLinkKey'>, token: string): string | null {
  const dot = token.lastIndexOf('.');
  const ticketId = token.slice(0, dot);
  const mac = token.slice(dot + 1);
  if (dot < 0 || !TICKET_ID.test(ticketId) || !MAC.test(mac)) return null;
  // Compared as text, so each ticket has exactly one token (base64url's last character has spare bits).
  return timingSafeEqual(Buffer.from(mac), Buffer.from(macOf(ticketLinkKey, ticketId).toString('base64url'))) ? ticketId : null;
}

/**
 * The ticket a page link names, for the page's actions (pass it on, return it, keep it, ask for a
 * refund): a token this server did not sign answers 404 as the page does. The bare ticket id is
 * never enough (issue 33).
 */
export function ticketIdOfLink(services: Pick<LinkServices, 'ticketLinkKey'>, token: string): string {
  const ticketId = readTicketPageToken(services, token);
  if (!ticketId) throw new AppError('NOT_FOUND', TICKET_LINK_NOT_FOUND);
  return ticketId;
}

/** Where the ticket page's answers live: the page's data, its calendar entry, its passes, its actions (ticket-page-routes.ts). */
export const ticketApiPath = (services: Pick<LinkServices, 'ticketLinkKey'>, ticketId: string) => `/api/ticket-page/${ticketPageToken(services, ticketId)}`;

/** The show as an .ics download, for 'Add to calendar' in the e-mail (the same entry is attached to it). */
export function ticketCalendarUrl(services: LinkServices, ticketId: string): string {
  return `${services.env.PUBLIC_URL}${ticketApiPath(services, ticketId)}/calendar.ics`;
}
