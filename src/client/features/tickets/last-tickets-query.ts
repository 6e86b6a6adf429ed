/** The query /tickets was opened with, so /cancel's Try Again returns to the same ticket. */
export const LAST_TICKETS_QUERY = 'marquee:last-tickets-query';
