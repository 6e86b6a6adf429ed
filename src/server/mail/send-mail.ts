import type { Transporter } from 'nodemailer';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { escapeHtml, fillSecrets, storedBody } from './secrets.ts';
import { resolveAttachments, type MailAttachment } from './attachments.ts';
import { stopIfStopping } from '../jobs/job-queue.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** What the message is, for the admin outbox: password_reset, contact_message… */
  kind: string;
  /** Values the bodies name as {{secret:key}}: kept out of what outbox readers see. */
  secrets?: Record<string, string>;
  /** Files sent with it; an inline image is shown by the HTML body as cid:{contentId}. */
  attachments?: MailAttachment[];
  /**
   * Marketing mail (D19): the key in `secrets` of its one-click unsubscribe address, sent as the
   * List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058).
   */
  unsubscribeSecret?: string;
};

export type Mailer = {
  /** Records the message in the outbox; with SMTP configured it is queued for delivery too. */
  send(message: MailMessage, tx?: DbOrTx): Promise<{ id: string }>;
  /** Delivers queued messages over SMTP; returns how many went out. Run by the job queue. */
  deliverQueued(): Promise<number>;
  readonly usesSmtp: boolean;
};

export type MailerDeps = {
  db: Db;
  from: string;
  transport?: Transporter;
  /** Asks the job queue to run a delivery soon. Must not be awaited inside a transaction. */
  requestDelivery?: () => Promise<void>;
  maxAttempts?: number;
  /** Set when the instance stops: delivery ends after the message in hand, and hands the rest back. */
  stopping?: AbortSignal;
};

const BATCH = 20;

/** RFC 8058 one-click unsubscribe: mail clients POST 'List-Unsubscribe=One-Click' to the address. */
function unsubscribeHeaders(key: string | null, secrets: Record<string, string> | null): Record<string, string> | undefined {
  const url = key ? secrets?.[key] : undefined;
  return url ? { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
}
const STALE_CLAIM_MS = 10 * 60 * 1000;

/**
 * D28: every e-mail is kept in the outbox; with SMTP settings the outbox is also the durable
 * delivery queue. A message is claimed before sending (FOR UPDATE SKIP LOCKED), so two workers
 * never send it twice, and nothing is sent while a database transaction is held open.
 */
export function createMailer({ db, from, transport, requestDelivery, maxAttempts = 5, stopping }: MailerDeps): Mailer {
  const claimBatch = async () => {
    const staleBefore = new Date(Date.now() - STALE_CLAIM_MS);
    const ids = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.channel, 'email'), or(eq(outbox.status, 'queued'), and(eq(outbox.status, 'sending'), lt(outbox.claimedAt, staleBefore)))))
      .orderBy(outbox.createdAt)
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ status: 'sending', claimedAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, ids))
      .returning();
  };

  return {
    usesSmtp: Boolean(transport),
    async send(message, tx = db) {
      const [row] = await tx
        .insert(outbox)
        .values({
          toAddress: message.to,
          fromAddress: from,
          replyTo: message.replyTo,
          subject: message.subject,
          textBody: storedBody(message.text),
          htmlBody: message.html && storedBody(message.html),
          secrets: message.secrets ?? null,
          attachments: message.attachments?.length ? message.attachments : null,
          unsubscribeSecret: message.unsubscribeSecret ?? null,
          kind: message.kind,
          status: transport ? 'queued' : 'stored',
        })
        .returning({ id: outbox.id });
      // Not awaited: inside a transaction the row is not visible yet, and on PGlite (one
      // connection) waiting here would deadlock. The per-minute sweep catches anything missed.
      if (transport && requestDelivery) setImmediate(() => void requestDelivery().catch(() => {}));
      return row!;
    },
    async deliverQueued() {
      if (!transport) return 0;
      let delivered = 0;
      for (let batch = await claimBatch(); batch.length > 0; batch = await claimBatch()) {
        for (const [index, row] of batch.entries()) {
          if (stopping?.aborted) {
            // Claimed but not sent: back in the queue for another instance, the attempt not counted.
            const unsent = batch.slice(index).map((r) => r.id);
            await db.update(outbox).set({ status: 'queued', claimedAt: null, attempts: sql`${outbox.attempts} - 1` }).where(and(inArray(outbox.id, unsent), eq(outbox.status, 'sending')));
            stopIfStopping(stopping);
          }
          try {
            await transport.sendMail({
              from: row.fromAddress,
              to: row.toAddress,
              replyTo: row.replyTo ?? undefined,
              subject: row.subject,
              text: fillSecrets(row.textBody, row.secrets),
              html: row.htmlBody ? fillSecrets(row.htmlBody, row.secrets, escapeHtml) : undefined,
              attachments: await resolveAttachments(row.attachments, row.secrets),
              headers: unsubscribeHeaders(row.unsubscribeSecret, row.secrets),
            });
            await db.update(outbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(outbox.id, row.id));
            delivered++;
          } catch (error) {
            const isFinal = row.attempts >= maxAttempts;
            await db
              .update(outbox)
              .set({ status: isFinal ? 'failed' : 'queued', error: (error as Error).message })
              .where(eq(outbox.id, row.id));
            if (!isFinal) return delivered; // SMTP trouble: leave the rest for the next run.
          }
        }
      }
      return delivered;
    },
  };
}
