import { z } from 'zod';
import { emailField } from './fields.ts';
import { INVALID_EVENT } from '../public-pages.ts';
import { MAX_TICKETS_PER_ORDER, ORDER_MESSAGES } from '../messages/tickets.ts';

// The words and shapes the public ticket screens need live in a module without zod (issue 34: the
// /tickets budget); they are exported here too, for the server and tests.
export { MAX_TICKETS_PER_ORDER, ORDER_MESSAGES, PROOF_MESSAGES, type OfferedTicketType, type TicketOffer } from '../messages/tickets.ts';

/** Starting a checkout (D14, issue 23): the gig, how many tickets, the type and code, the buyer's e-mail. The price comes from the gig. */
export const checkoutSchema = z.object({
  gigId: z.uuid({ error: INVALID_EVENT }),
  email: emailField(),
  quantity: z.coerce
    .number({ error: ORDER_MESSAGES.quantity })
    .int({ error: ORDER_MESSAGES.quantity })
    .min(1, { error: ORDER_MESSAGES.quantity })
    .max(MAX_TICKETS_PER_ORDER, { error: ORDER_MESSAGES.quantity })
    .default(1),
  ticketTypeId: z.uuid({ error: ORDER_MESSAGES.unknownType }).nullish(),
  /** Issue 34: a mixed order, how many of each type (instead of quantity and ticketTypeId); the per-order limit applies to the total. */
  lines: z
    .array(
      z.object({
        ticketTypeId: z.uuid({ error: ORDER_MESSAGES.unknownType }),
        quantity: z.coerce.number({ error: ORDER_MESSAGES.quantity }).int({ error: ORDER_MESSAGES.quantity }).min(0, { error: ORDER_MESSAGES.quantity }).max(MAX_TICKETS_PER_ORDER, { error: ORDER_MESSAGES.quantity }),
      }),
    )
    .max(20)
    .nullish()
    .refine((lines) => !lines || lines.reduce((sum, l) => sum + l.quantity, 0) >= 1, { error: ORDER_MESSAGES.quantity })
    .refine((lines) => !lines || lines.reduce((sum, l) => sum + l.quantity, 0) <= MAX_TICKETS_PER_ORDER, { error: ORDER_MESSAGES.quantity }),
  presaleCode: z
    .string()
    .trim()
    .max(40, { error: ORDER_MESSAGES.unknownCode })
    .nullish()
    .transform((code) => code?.toUpperCase() || null),
  /** Issue 23: a solved on-sale check, when the server asked for one (checked on the server). */
  proof: z.unknown().optional(),
});

/** Issue 23: asking what a presale code unlocks. */
export const presaleCodeCheckSchema = z.object({
  gigId: z.uuid({ error: INVALID_EVENT }),
  presaleCode: z
    .string({ error: 'Please enter a presale code.' })
    .trim()
    .min(1, { error: 'Please enter a presale code.' })
    .max(40, { error: ORDER_MESSAGES.unknownCode })
    .transform((code) => code.toUpperCase()),
});

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const localDateTime = z
  .string()
  .trim()
  .refine((value) => value === '' || LOCAL_DATE_TIME.test(value), { error: 'Please enter a date and time.' })
  .nullish()
  .transform((value) => value || null);
const typePrice = z.union([z.string(), z.number()], { error: 'Please enter the price.' }).transform((value, ctx) => {
  const text = String(value).trim();
  const m = /^\$?\s*(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a price in dollars and cents, $1.00 or more.' });
    return z.NEVER;
  }
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents < 100) {
    ctx.addIssue({ code: 'custom', message: 'Please enter a price in dollars and cents, $1.00 or more.' });
    return z.NEVER;
  }
  return cents;
});

/** Issue 23: one ticket type as the organiser edits it; times are the gig's local time (YYYY-MM-DDTHH:MM). */
export const ticketTypeInput = z
  .object({
    id: z.uuid().nullish(),
    name: z.string({ error: 'Please name the ticket type.' }).trim().min(1, { error: 'Please name the ticket type.' }).max(40, { error: 'Please keep the name under 40 characters.' }),
    price: typePrice,
    quantity: z.coerce.number({ error: 'Please enter how many there are.' }).int({ error: 'Please enter how many there are.' }).min(1, { error: 'Please enter how many there are.' }).max(100_000),
    salesStart: localDateTime,
    salesEnd: localDateTime,
    isHidden: z.boolean().default(false),
  })
  .refine((type) => !type.salesStart || !type.salesEnd || type.salesStart < type.salesEnd, { error: 'The sale must end after it starts.', path: ['salesEnd'] });

/** Issue 23: a presale code for a hidden type, named by the type's name. */
export const presaleCodeInput = z.object({
  code: z
    .string({ error: 'Please enter the code.' })
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, { error: 'A code is 4 to 40 letters, digits or dashes.' })
    .transform((code) => code.toUpperCase()),
  typeName: z.string().trim().min(1, { error: 'Please choose the ticket type the code unlocks.' }),
  maxUses: z.coerce.number({ error: 'Please enter how many tickets the code allows.' }).int().min(1, { error: 'Please enter how many tickets the code allows.' }).max(100_000),
  expires: localDateTime,
});

/** Issue 23: a gig's whole set of ticket types and presale codes, saved at once. */
export const ticketTypesSchema = z.object({
  types: z.array(ticketTypeInput).max(10, { error: 'A gig may have up to 10 ticket types.' }),
  codes: z.array(presaleCodeInput).max(50, { error: 'A gig may have up to 50 presale codes.' }).default([]),
});
export type TicketTypesInput = z.input<typeof ticketTypesSchema>;

/** Issue 33: the shortest new presale code (codes made before, of 4 or 5, keep working). */
export const NEW_PRESALE_CODE_MIN = 6;

export const TICKET_TYPE_MESSAGES = {
  notTicketed: 'Turn on ticket sales for this gig first.',
  // Issue 34: the sum is given, so the organiser sees by how much.
  overCapacity: (total: number, capacity: number) => `The ticket types add up to ${total.toLocaleString('en-US')}, over the gig's capacity of ${capacity.toLocaleString('en-US')}.`,
  belowSold: (name: string, taken: number) => `${taken} ${name} tickets are sold or in open checkouts: the quantity cannot be lower.`,
  removeSold: (name: string) => `${name} tickets have been sold, so that type stays.`,
  duplicateName: 'Each ticket type needs its own name.',
  codeForUnknownType: (name: string) => `There is no ticket type called ${name}.`,
  codeForPublicType: 'Presale codes unlock hidden ticket types: mark the type hidden, or drop the code.',
  duplicateCode: 'Each presale code must be different.',
  codeBelowUses: (code: string, uses: number) => `${code} has been used for ${uses} tickets: it cannot allow fewer.`,
  removeUsedCode: (code: string) => `${code} has been used, so it stays (you can set its uses to what it has).`,
  shortCode: (code: string) => `${code} is too short: a new presale code has at least ${NEW_PRESALE_CODE_MIN} letters, digits or dashes, so it cannot be guessed.`,
} as const;
