import { describe, expect, it } from 'vitest';
import { loggedPath } from './request-log.ts';

describe('the request log (issue 33)', () => {
  it('keeps no key a path carries: ticket page tokens, checkout session ids, e-mailed links', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUv.wXyZ0123456789abcdefgh';
    expect(loggedPath(`/ticket/${token}`)).toBe('/ticket/:redacted');
    expect(loggedPath(`/api/ticket-page/${token}`)).toBe('/api/ticket-page/:redacted');
    expect(loggedPath(`/api/ticket-page/${token}/transfer`)).toBe('/api/ticket-page/:redacted/transfer');
    expect(loggedPath('/api/tickets/checkout/cs_test_a1b2c3d4e5')).toBe('/api/tickets/checkout/:redacted');
    expect(loggedPath('/sandbox/checkout/sbx_12345678')).toBe('/sandbox/checkout/:redacted');
    expect(loggedPath('/api/waitlist/offers/tok123')).toBe('/api/waitlist/offers/:redacted');
    expect(loggedPath('/api/booking/declines/tok123')).toBe('/api/booking/declines/:redacted');
    expect(loggedPath('/booking/decline/tok123')).toBe('/booking/decline/:redacted');
    expect(loggedPath('/api/unsubscribe/tok123')).toBe('/api/unsubscribe/:redacted');
    expect(loggedPath('/outreach/respond/tok123')).toBe('/outreach/respond/:redacted');
    expect(loggedPath('/outreach/opt-out/tok123')).toBe('/outreach/opt-out/:redacted');
    expect(loggedPath('/api/outreach/campaigns/session/cs_1')).toBe('/api/outreach/campaigns/session/:redacted');
    // Everything else is logged as it is.
    for (const path of ['/api/tickets/mine', '/api/gigs', '/chicago', '/api/tickets/checkout', '/ticket']) expect(loggedPath(path)).toBe(path);
  });
});
