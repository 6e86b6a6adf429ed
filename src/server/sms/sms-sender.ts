import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';

const STALE_CLAIM_MS = 10 * 60 * 1000;
import type { Db, DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

/**
 * Texts Marquee sends (D29). Every text is written to the outbox (channel sms), in the caller's
 * transaction, where admins read it; with an SMS provider configured it is queued there and
 * delivered afterwards by `deliverQueued` (the job queue), never from inside a transaction.
 */
export type SmsSender = {
  readonly name: 'outbox' | 'twilio';
  record(message: { to: string; body: string; kind: string }, tx?: DbOrTx): Promise<void>;
  /** A text the provider has already sent (a reply returned to its webhook), kept for admins to read. */
  recordSent(message: { to: string; body: string; kind: string }): Promise<void>;
  deliverQueued(): Promise<number>;
};

export type SendText = (to: string, body: string) => Promise<void>;

export function createSmsSender({ db, from, sendText }: { db: Db; from: string; sendText?: SendText }): SmsSender {
  return {
    name: sendText ? 'twilio' : 'outbox',
    async record({ to, body, kind }, tx = db) {
      await tx.insert(outbox).values({ channel: 'sms', toAddress: to, fromAddress: from, subject: 'Text message', textBody: body, kind, status: sendText ? 'queued' : 'stored' });
    },
    async recordSent({ to, body, kind }) {
      await db.insert(outbox).values({ channel: 'sms', toAddress: to, fromAddress: from, subject: 'Text message', textBody: body, kind, status: 'sent', sentAt: new Date() });
    },
    async deliverQueued() {
      if (!sendText) return 0;
      let sent = 0;
      for (;;) {
        const claimed = await db
          .update(outbox)
          .set({ status: 'sending', claimedAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
          .where(
            inArray(
              outbox.id,
              db
                .select({ id: outbox.id })
                .from(outbox)
                // A claim left by a process that died mid-send is taken again after ten minutes, as the mailer does.
                .where(and(eq(outbox.channel, 'sms'), or(eq(outbox.status, 'queued'), and(eq(outbox.status, 'sending'), lt(outbox.claimedAt, new Date(Date.now() - STALE_CLAIM_MS))))))
                .limit(20)
                .for('update', { skipLocked: true }),
            ),
          )
          .returning();
        if (!claimed.length) return sent;
        for (const row of claimed) {
          try {
            await sendText(row.toAddress, row.textBody);
            await db.update(outbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
            sent++;
          } catch (error) {
            await db.update(outbox).set({ status: row.attempts >= 5 ? 'failed' : 'queued', error: (error as Error).message }).where(eq(outbox.id, row.id));
            if (row.attempts < 5) return sent;
          }
        }
      }
    },
  };
}

/** How many SMS segments a text takes: 160 characters in the GSM alphabet (70 otherwise), 153/67 each when split. */
export function smsSegments(text: string): number {
  const isGsm = /^[\n\r A-Za-z0-9@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ!"#¤%&'()*+,\-./:;<=>?¡ÄÖÑÜ§¿äöñüà^{}\\[~\]|€]*$/.test(text);
  const [single, part] = isGsm ? [160, 153] : [70, 67];
  return text.length <= single ? 1 : Math.ceil(text.length / part);
}
