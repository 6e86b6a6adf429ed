import type { Transporter } from 'nodemailer';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { outbox } from '../db/schema.ts';
import { prepareStatement } from '../db/prepared-statement.ts';
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
  /**
   * Delivers one message now, for a person waiting on the answer (a test e-mail). Without SMTP
   * the outbox is the transport ('stored'). A message that fails is marked failed, never retried
   * later: the person has been told. `isNetworkError`: the mail server could not be reached.
   */
  deliverNow(id: string): Promise<Delivery>;
  readonly usesSmtp: boolean;
};

export type Delivery = { status: 'stored' | 'sent' } | { status: 'failed'; isNetworkError: boolean };

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
/** How long deliverNow waits for a delivery the worker claimed first. */
const DELIVER_NOW_WAIT_MS = 30_000;

/** Nodemailer's codes (and the socket's) for a mail server that could not be reached or went away. */
const NETWORK_ERROR = /\b(ECONNECTION|ESOCKET|ETIMEDOUT|EDNS|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b|Connection timeout|Greeting never received/i;
const isNetworkError = (error: { code?: unknown; message?: string | null }) => NETWORK_ERROR.test(`${typeof error.code === 'string' ? error.code : ''} ${error.message ?? ''}`);

/**
 * D28: every e-mail is kept in the outbox; with SMTP settings the outbox is also the durable
 * delivery queue. A message is claimed before sending (FOR UPDATE SKIP LOCKED), so two workers
 * never send it twice, and nothing is sent while a database transaction is held open.
 */
export function createMailer({ db, from, transport, requestDelivery, maxAttempts = 5, stopping }: MailerDeps): Mailer {
  // Every e-mail's outbox row, by one statement prepared once (a ticket sale sends one per order),
  // in the caller's transaction when it gives one.
  const ph = sql.placeholder;
  const insertRow = prepareStatement<{ id: string }>(
    db,
    'marquee_outbox_insert',
    db
      .insert(outbox)
      .values({
        toAddress: ph('toAddress'),
        fromAddress: ph('fromAddress'),
        replyTo: ph('replyTo'),
        subject: ph('subject'),
        textBody: ph('textBody'),
        htmlBody: ph('htmlBody'),
        // As JSON text, so that none is SQL null (a placeholder for a jsonb column would store JSON null).
        secrets: sql`${ph('secrets')}::jsonb`,
        attachments: sql`${ph('attachments')}::jsonb`,
        unsubscribeSecret: ph('unsubscribeSecret'),
        kind: ph('kind'),
        status: ph('status'),
      })
      .returning({ id: outbox.id })
      .getSQL(),
  );
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

  const sendRow = async (row: typeof outbox.$inferSelect) => {
    await transport!.sendMail({
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
  };

  return {
    usesSmtp: Boolean(transport),
    async send(message, tx = db) {
      const [row] = await insertRow.execute(tx, {
        toAddress: message.to,
        fromAddress: from,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        textBody: storedBody(message.text),
        htmlBody: message.html === undefined ? null : message.html && storedBody(message.html),
        secrets: message.secrets ? JSON.stringify(message.secrets) : null,
        attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
        unsubscribeSecret: message.unsubscribeSecret ?? null,
        kind: message.kind,
        status: transport ? 'queued' : 'stored',
      });
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
            await sendRow(row);
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
    async deliverNow(id) {
      if (!transport) return { status: 'stored' };
      const [row] = await db
        .update(outbox)
        .set({ status: 'sending', claimedAt: new Date(), attempts: sql`${outbox.attempts} + 1` })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'queued')))
        .returning();
      if (row) {
        try {
          await sendRow(row);
          return { status: 'sent' };
        } catch (error) {
          await db.update(outbox).set({ status: 'failed', error: (error as Error).message }).where(eq(outbox.id, id));
          return { status: 'failed', isNetworkError: isNetworkError(error as Error & { code?: unknown }) };
        }
      }
      // The delivery worker claimed it first: wait for its attempt, and stop any retry of a failure.
      for (const deadline = Date.now() + DELIVER_NOW_WAIT_MS; ; await new Promise((resolve) => setTimeout(resolve, 200))) {
        const [seen] = await db.select({ status: outbox.status, error: outbox.error }).from(outbox).where(eq(outbox.id, id));
        if (!seen) return { status: 'failed', isNetworkError: false };
        if (seen.status === 'sent' || seen.status === 'stored') return { status: 'sent' };
        if (seen.status === 'queued' || seen.status === 'failed') {
          await db.update(outbox).set({ status: 'failed' }).where(and(eq(outbox.id, id), eq(outbox.status, 'queued')));
          return { status: 'failed', isNetworkError: isNetworkError({ message: seen.error }) };
        }
        if (Date.now() > deadline) return { status: 'sent' }; // still being sent: it is on its way
      }
    },
  };
}
