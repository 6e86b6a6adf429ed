import { Hono } from 'hono';
import { requireRole } from '../../http/session.ts';
import { readJsonBody } from '../../http/validate.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import type { Services } from '../../services.ts';
import { createWebhookEndpoint, deleteWebhookEndpoint, listWebhookEndpoints, resendWebhookDelivery, revealWebhookSecret, rotateWebhookSecret, sendTestWebhookEvent, updateWebhookEndpoint, verifyWebhookEndpoint } from './webhook-endpoints.ts';

/** Decision 54: an organiser's webhook endpoints, their secrets and delivery log. Each domain function checks whose endpoint it is. */
export function webhookRoutes(services: Services) {
  const app = new Hono();
  const { db } = services;
  const organiser = (c: Parameters<typeof requireRole>[1]) => requireRole(services, c, 'venue', 'promoter');
  /** Wakes the delivery job (after the change is committed); the sweep every minute delivers it anyway. */
  const wake = () => services.jobs?.send(QUEUES.deliverWebhooks).catch(() => undefined);

  app.get('/webhooks/endpoints', async (c) => {
    const { user } = await organiser(c);
    return c.json(await listWebhookEndpoints(db, user));
  });
  app.post('/webhooks/endpoints', async (c) => {
    const session = await organiser(c);
    return c.json(await createWebhookEndpoint(services, session, await readJsonBody(c)), 201);
  });
  app.get('/webhooks/endpoints/:id/secret', async (c) => {
    const session = await organiser(c);
    return c.json(await revealWebhookSecret(db, session, c.req.param('id')));
  });
  app.post('/webhooks/endpoints/:id/rotate-secret', async (c) => {
    const session = await organiser(c);
    return c.json(await rotateWebhookSecret(services, session, c.req.param('id'), await readJsonBody(c)));
  });
  /** Issue 33: send the verification request again (the endpoint answers with its challenge). */
  app.post('/webhooks/endpoints/:id/verify', async (c) => {
    const session = await organiser(c);
    return c.json(await verifyWebhookEndpoint(services, session, c.req.param('id'), await readJsonBody(c)));
  });
  /** Issue 35: a test event, sent at once; the answer is the endpoint's. */
  app.post('/webhooks/endpoints/:id/test', async (c) => {
    const { user } = await organiser(c);
    return c.json(await sendTestWebhookEvent(services, user, c.req.param('id')));
  });
  app.patch('/webhooks/endpoints/:id', async (c) => {
    const { user } = await organiser(c);
    const result = await updateWebhookEndpoint(services, user, c.req.param('id'), await readJsonBody(c));
    if (result.isEnabled) await wake();
    return c.json(result);
  });
  app.delete('/webhooks/endpoints/:id', async (c) => {
    const { user } = await organiser(c);
    await deleteWebhookEndpoint(services, user, c.req.param('id'));
    return c.body(null, 204);
  });
  app.post('/webhooks/deliveries/:id/resend', async (c) => {
    const { user } = await organiser(c);
    const result = await resendWebhookDelivery(services, user, c.req.param('id'));
    await wake();
    return c.json(result);
  });
  return app;
}
