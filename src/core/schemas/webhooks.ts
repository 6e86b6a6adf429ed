import { z } from 'zod';

/** Issue 26, decision 54: what an organiser's webhook endpoint may hear. */
export const WEBHOOK_EVENT_TYPES = ['gig.published', 'gig.changed', 'gig.cancelled', 'ticket.sold', 'ticket.refunded', 'ticket.checked_in'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event means, in the dashboard's words. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'gig.published': 'A gig is booked and goes public',
  'gig.changed': 'A public gig’s details change',
  'gig.cancelled': 'A gig is cancelled',
  'ticket.sold': 'Tickets are sold (one event per order)',
  'ticket.refunded': 'A ticket is refunded',
  'ticket.checked_in': 'A ticket is checked in at the door',
};

export const MAX_WEBHOOK_ENDPOINTS = 10;

export const createWebhookEndpointSchema = z.object({
  url: z
    .string({ error: 'Please enter the address of your endpoint.' })
    .trim()
    .min(1, { error: 'Please enter the address of your endpoint.' })
    .max(2000, { error: 'That address is too long.' })
    .pipe(z.url({ protocol: /^https?$/, error: 'Please enter a full address, like https://example.com/marquee-webhooks.' })),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: 'Please choose events from the list.' }), { error: 'Please choose at least one event.' })
    .min(1, { error: 'Please choose at least one event.' })
    .transform((events) => WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type))),
});
export type CreateWebhookEndpointInput = z.input<typeof createWebhookEndpointSchema>;

export const updateWebhookEndpointSchema = z.object({
  isEnabled: z.boolean({ error: 'Please say whether the endpoint is on or off.' }),
});

/** Rotating a secret takes no input (an empty object, so the route goes through a schema like every write). */
export const rotateWebhookSecretSchema = z.object({}).strict();

/** Issue 33: after a rotation, deliveries are signed with the old secret too for this long. */
export const SECRET_ROTATION_OVERLAP_HOURS = 24;

export type WebhookAttempt = { attemptedAt: string; statusCode: number | null; responseExcerpt: string | null; durationMs: number; error: string | null };

export type WebhookDeliverySummary = {
  id: string;
  type: WebhookEventType | typeof WEBHOOK_TEST_TYPE;
  createdAt: string;
  status: 'pending' | 'delivered';
  attempts: number;
  nextAttemptAt: string | null;
  lastAttempt: WebhookAttempt | null;
};

export type WebhookEndpointSummary = {
  id: string;
  url: string;
  events: WebhookEventType[];
  isEnabled: boolean;
  /** Set when Marquee turned it off after days of failed deliveries. */
  autoDisabledAt: string | null;
  failingSince: string | null;
  /** Until when deliveries are still signed with the secret before the last rotation too (null when none is). */
  previousSecretExpiresAt: string | null;
  /** Issue 33: whether the endpoint answered the signed verification request with its challenge (nothing is delivered before). */
  isVerified: boolean;
  createdAt: string;
  deliveries: WebhookDeliverySummary[];
};

/** Issue 33: what an endpoint is told, and answers, before anything is delivered to it. */
export const WEBHOOK_VERIFICATION_TYPE = 'webhook.verification';
/**
 * Issue 35: 'Send test event' on an endpoint: a message like any other (signed, logged, retried on
 * failure, as Svix's "send example" is), sent at once, with nothing behind it on Marquee.
 */
export const WEBHOOK_TEST_TYPE = 'webhook.test';
export const WEBHOOK_TEST_MESSAGES = {
  notVerified: 'Your endpoint has not answered the verification request yet: use Verify again first.',
  disabled: 'This endpoint is off: turn it on first.',
  tooMany: 'Too many test events in a short time. Please try again in a few minutes.',
} as const;
/** What the test event's answer says on the dashboard. */
export function describeTestResult(r: { isDelivered: boolean; statusCode: number | null; durationMs: number; error: string | null }): string {
  if (r.isDelivered) return `Test event delivered: your endpoint answered HTTP ${r.statusCode ?? ''} in ${r.durationMs} ms.`;
  return `Test event not delivered: ${r.error ?? 'no answer'}${r.statusCode ? ` (HTTP ${r.statusCode})` : ''}. It is retried like any other event; see the log below.`;
}
export const WEBHOOK_VERIFICATION_MESSAGES = {
  verified: 'Your endpoint answered the verification request: events are delivered to it from now on.',
  waiting:
    "Waiting for your endpoint to answer the verification request: it must reply with a 2xx status and the request's data.challenge in its body (for example {\"challenge\": \"…\"}). Nothing is delivered until it does.",
  tooMany: 'Too many verification requests in a short time. Please try again in a few minutes.',
} as const;
