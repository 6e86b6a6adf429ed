import type { Transporter } from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { DbOrTx, Db } from '../db/client.ts';
import { outbox } from '../db/schema.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** What the message is, for the admin outbox: password_reset, contact_message… */
  kind: string;
};

export type Mailer = {
  /** Records the message in the outbox; with SMTP configured it is also queued for delivery. */
  send(message: MailMessage, tx?: DbOrTx): Promise<{ id: string }>;
  /** Delivers one queued outbox message over SMTP (run by the job queue). */
  deliver(outboxId: string): Promise<void>;
  readonly usesSmtp: boolean;
};

export type MailerDeps = {
  db: Db;
  from: string;
  transport?: Transporter;
  /** Called after a message is stored as queued, to hand it to the job queue. */
  enqueueDelivery?: (outboxId: string) => Promise<void>;
};

/** D28: every e-mail is kept in the outbox; with SMTP settings it also goes out by SMTP. */
export function createMailer({ db, from, transport, enqueueDelivery }: MailerDeps): Mailer {
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
          textBody: message.text,
          htmlBody: message.html,
          kind: message.kind,
          status: transport ? 'queued' : 'stored',
        })
        .returning({ id: outbox.id });
      if (transport && enqueueDelivery) await enqueueDelivery(row!.id);
      return row!;
    },
    async deliver(outboxId) {
      if (!transport) return;
      const [row] = await db.select().from(outbox).where(eq(outbox.id, outboxId));
      if (!row || row.status === 'sent') return;
      try {
        await transport.sendMail({
          from: row.fromAddress,
          to: row.toAddress,
          replyTo: row.replyTo ?? undefined,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
        });
        await db.update(outbox).set({ status: 'sent', sentAt: new Date(), error: null }).where(eq(outbox.id, outboxId));
      } catch (error) {
        await db
          .update(outbox)
          .set({ status: 'failed', error: (error as Error).message })
          .where(eq(outbox.id, outboxId));
        throw error;
      }
    },
  };
}
