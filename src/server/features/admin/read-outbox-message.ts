import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import type { CurrentSession } from '../../http/session.ts';
import type { Services } from '../../services.ts';
import { auditLog, outbox, user } from '../../db/schema.ts';
import { fillSecrets, hideSecrets } from '../../mail/secrets.ts';

async function findMessage({ db }: Services, id: string) {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND', 'That message does not exist.');
  const [message] = await db.select().from(outbox).where(eq(outbox.id, id));
  if (!message) throw new AppError('NOT_FOUND', 'That message does not exist.');
  return message;
}

/**
 * An admin opens a message in the outbox: its links that act for the recipient (reset,
 * unsubscribe) are hidden, and the reading is written to the audit log.
 */
export async function readOutboxMessage(services: Services, session: CurrentSession, id: string) {
  const { secrets, attachments, ...message } = await findMessage(services, id);
  await services.db.insert(auditLog).values({ actorId: session.user.id, action: 'outbox.read', targetId: id, details: { to: message.toAddress, kind: message.kind } });
  return {
    ...message,
    textBody: hideSecrets(message.textBody),
    htmlBody: message.htmlBody && hideSecrets(message.htmlBody),
    hasHiddenLinks: Boolean(secrets && Object.keys(secrets).length),
    /** Names only: a ticket's QR code is drawn from a secret at delivery and never shown here. */
    attachments: (attachments ?? []).map((a) => a.filename),
  };
}

/**
 * Without SMTP the outbox is the only way a message reaches anyone, so an admin may pass a
 * hidden link on (a fan asking support for a reset) — on purpose, audited, and never for a
 * message to another admin, whose account D3 puts out of every other admin's reach.
 */
export async function revealOutboxLinks(services: Services, session: CurrentSession, id: string) {
  const message = await findMessage(services, id);
  const [otherAdmin] = await services.db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.email, message.toAddress.toLowerCase()), eq(user.role, 'admin'), ne(user.id, session.user.id)));
  if (otherAdmin) {
    await services.db.insert(auditLog).values({ actorId: session.user.id, action: 'outbox.reveal_refused', targetId: id, details: { to: message.toAddress } });
    throw new AppError('FORBIDDEN', "Links in another admin's e-mails stay hidden.");
  }
  await services.db.insert(auditLog).values({ actorId: session.user.id, action: 'outbox.reveal', targetId: id, details: { to: message.toAddress, kind: message.kind } });
  return { textBody: fillSecrets(message.textBody, message.secrets) };
}
