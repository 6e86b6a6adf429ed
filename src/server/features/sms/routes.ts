import { Hono } from 'hono';
import { asc, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { regions, smsInboundMessages, smsSubscribers } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import { requireRole } from '../../http/session.ts';
import { parseInput, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { smsSegments } from '../../sms/sms-sender.ts';
import { handleInboundText } from './handle-inbound-text.ts';

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** SMS updates by keyword (D29): the provider's inbound webhook, and the admin's view and offline test. */
export function smsRoutes(services: Services) {
  const app = new Hono();
  const { db, env } = services;

  /**
   * Twilio's inbound webhook (form-encoded), verified with Twilio's own library on the public URL
   * it was configured with; refused without a valid signature. Each MessageSid is applied once
   * (remembered for a day). The answer goes back as TwiML, and is kept in the outbox for admins.
   */
  app.post('/sms/inbound', async (c) => {
    if (services.sms.name !== 'twilio' || !env.TWILIO_AUTH_TOKEN) throw new AppError('NOT_FOUND', 'Texting is not set up on this server.');
    const params = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const signature = c.req.header('x-twilio-signature') ?? '';
    const { default: twilio } = await import('twilio');
    if (!twilio.validateRequest(env.TWILIO_AUTH_TOKEN, signature, `${env.PUBLIC_URL}/api/sms/inbound`, params)) {
      throw new AppError('FORBIDDEN', 'The text message signature is not valid.');
    }
    const messageSid = params.MessageSid ?? '';
    if (!messageSid || messageSid.length > 64) throw new AppError('VALIDATION', 'The text message has no id.', { MessageSid: 'The text message has no id.' });
    // Issue 20: each message is applied once; the same signed request again is answered with nothing.
    const answer = await db.transaction(async (tx) => {
      await tx.delete(smsInboundMessages).where(lt(smsInboundMessages.receivedAt, sql`now() - interval '1 day'`));
      const [fresh] = await tx.insert(smsInboundMessages).values({ messageSid }).onConflictDoNothing().returning({ messageSid: smsInboundMessages.messageSid });
      return fresh ? handleInboundText(tx, { from: params.From ?? '', body: params.Body ?? '', supportEmail: env.SUPPORT_EMAIL }) : null;
    });
    c.header('Content-Type', 'text/xml; charset=utf-8');
    if (!answer) return c.body('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    await services.sms.recordSent({ to: params.From ?? '', body: answer.reply, kind: 'sms_reply' });
    return c.body(`<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeXml(answer.reply)}</Message></Response>`);
  });

  /** Subscribers per region, and whether a provider is configured. */
  app.get('/admin/sms', async (c) => {
    await requireRole(services, c, 'admin');
    const rows = await db
      .select({
        slug: regions.slug,
        name: regions.name,
        subscribers: sql<number>`(select count(*) from ${smsSubscribers} where ${smsSubscribers.regionSlug} = ${regions.slug} and ${smsSubscribers.unsubscribedAt} is null)`.mapWith(Number),
      })
      .from(regions)
      .orderBy(asc(regions.sortOrder));
    return c.json({ provider: services.sms.name, number: env.SMS_NUMBER, regions: rows });
  });

  /**
   * With no provider, an admin tries an inbound text by hand and reads the answer; a dry run, so
   * the test number is never subscribed (issue 21) and the counts stay real people's.
   */
  app.post('/admin/sms/test-inbound', async (c) => {
    await requireRole(services, c, 'admin');
    if (services.sms.name !== 'outbox') throw new AppError('CONFLICT', 'A texting provider is configured: send a real text to the number instead.');
    const input = parseInput(z.object({ from: z.string().max(40), body: z.string().max(480) }), await readJsonBody(c));
    const { reply, phone } = await handleInboundText(db, { ...input, supportEmail: env.SUPPORT_EMAIL, isDryRun: true });
    await services.sms.record({ to: phone, body: reply, kind: 'sms_reply' });
    return c.json({ reply, segments: smsSegments(reply) });
  });

  return app;
}
