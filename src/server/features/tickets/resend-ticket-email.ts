import {
  TICKET_EMAIL_LIMITED_FOR_ADDRESS,
  TICKET_EMAIL_LIMITED_FOR_TICKET,
  TICKET_EMAIL_NOT_VALID_TICKET,
  TICKET_EMAILS_PER_ADDRESS_PER_HOUR,
  TICKET_EMAILS_PER_TICKET_PER_HOUR,
} from '../../../core/ticket-page.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import type { Services } from '../../services.ts';
import { ticketFromToken } from './get-ticket-page.ts';
import { sendTicketEmail } from './send-ticket-email.ts';

const HOUR_MS = 60 * 60_000;

/**
 * 'Send the ticket e-mail again' (decision 46): the same e-mail, to the ticket's holder address
 * only (the page never takes an address), at most a few times an hour per ticket and per client
 * address. The client address is counted first, so a flood from one place spends its own budget
 * and not the tickets'. Only a ticket that still admits is sent: the e-mail says it does.
 */
export async function resendTicketEmail(services: Pick<Services, 'db' | 'mailer' | 'env' | 'ticketLinkKey' | 'doorKeySecret' | 'isRateLimitEnabled'>, token: string, { ipAddress }: { ipAddress: string | null }) {
  const show = await ticketFromToken(services, token);
  if (show.status !== 'valid') throw new AppError('CONFLICT', TICKET_EMAIL_NOT_VALID_TICKET);
  if (ipAddress) await limitHits(services, `ticket-email-ip:${ipAddress}`, { windowMs: HOUR_MS, max: TICKET_EMAILS_PER_ADDRESS_PER_HOUR, message: TICKET_EMAIL_LIMITED_FOR_ADDRESS });
  await limitHits(services, `ticket-email:${show.ticketId}`, { windowMs: HOUR_MS, max: TICKET_EMAILS_PER_TICKET_PER_HOUR, message: TICKET_EMAIL_LIMITED_FOR_TICKET });
  await sendTicketEmail(services.db, services, [show.ticketId]);
  return { sentTo: show.holderEmail };
}
