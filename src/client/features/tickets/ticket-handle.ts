import { postJson } from '../../lib/api.ts';

/**
 * How a screen names the ticket it acts on: the fan dashboard by its id, which the signed-in
 * holder's session backs; a ticket's own page by the signed token of its link. The bare id is
 * never proof of holding a ticket (issue 33): it is in the QR code, and door staff see it.
 */
export type TicketHandle = { ticketId: string } | { token: string };

/** Passes a ticket on, returns it to the waitlist, or keeps it, through the route its handle calls for. */
export function postTicketAction<T>(handle: TicketHandle, action: 'transfer' | 'return' | 'keep', body: Record<string, unknown> = {}): Promise<T> {
  return 'token' in handle
    ? postJson<T>(`/api/ticket-page/${encodeURIComponent(handle.token)}/${action}`, body)
    : postJson<T>(`/api/tickets/mine/${action}`, { ...body, ticketId: handle.ticketId });
}
