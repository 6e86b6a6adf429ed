import { z } from 'zod';
import { optionalText, pageNumber } from './fields.ts';
import { localDate } from './gigs.ts';

/** 'all' lists every region; without a region the applicant's own location is used (decision 41). */
export const ALL_REGIONS = 'all';

export const PAY_FILTERS = ['any', 'ticketed', 'fee'] as const;
export type PayFilter = (typeof PAY_FILTERS)[number];
export const PAY_FILTER_LABELS: Record<PayFilter, string> = {
  any: 'Any pay',
  ticketed: 'Band share of ticket sales',
  fee: 'A fee in dollars',
};

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** The band dashboard's filters on open gig opportunities, from the query string. */
export const openGigFiltersSchema = z
  .object({
    page: pageNumber(),
    region: z.preprocess(blankToUndefined, z.string().max(60, { error: 'Please choose a region.' }).optional()),
    from: z.preprocess(blankToUndefined, localDate.optional()),
    to: z.preprocess(blankToUndefined, localDate.optional()),
    genre: optionalText(40),
    pay: z.preprocess(blankToUndefined, z.enum(PAY_FILTERS, { error: 'Please choose a kind of pay.' }).default('any')),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { error: 'Please choose an end date on or after the start date.', path: ['to'] });
export type OpenGigFilters = z.output<typeof openGigFiltersSchema>;
