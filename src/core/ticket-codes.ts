const TICKET_ID = /^[A-Za-z0-9_-]{22,64}$/;

/** What a scanner read: the ticket id as plain text, or JSON {"ticketId": "…"} (D14); null if neither. */
export function readTicketCode(code: string): string | null {
  const text = code.trim();
  let id = text;
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { ticketId?: unknown };
      id = typeof parsed.ticketId === 'string' ? parsed.ticketId : '';
    } catch {
      return null;
    }
  }
  return TICKET_ID.test(id) ? id : null;
}

/** Why the door refused a ticket, in the words the scanner shows (D15). */
export const REFUSAL_TEXT = {
  unknown: 'Invalid ticket: no Marquee ticket has this code.',
  already_used: 'Invalid ticket: already used',
  other_gig: 'Invalid ticket: it is for another gig.',
  refunded: 'Invalid ticket: it was refunded.',
  transferred: 'Invalid ticket: it was passed on to someone else, who has a new code.',
} as const;
