import { and, count, eq, gt, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { contactSchema } from '../../../core/schemas/contact.ts';
import { AppError } from '../../http/app-error.ts';
import type { Services } from '../../services.ts';
import { contactMessages } from '../../db/schema.ts';
import { contactMessageEmail } from '../../mail/emails/contact-message.ts';

const WINDOW_MS = 60 * 60 * 1000;
const MAX_PER_WINDOW = 3;

/**
 * D20: stores the message and e-mails it to the operators. A filled honeypot is a bot: it gets the
 * same success answer and nothing is kept. Each address (and each IP) may send 3 an hour.
 */
export async function sendContactMessage(
  { db, mailer, env }: Services,
  input: z.output<typeof contactSchema>,
  ipAddress: string | null,
): Promise<void> {
  if (input.honeypot.trim() !== '') return;
  const since = new Date(Date.now() - WINDOW_MS);
  const sameSender = ipAddress
    ? or(eq(contactMessages.email, input.email), eq(contactMessages.ipAddress, ipAddress))
    : eq(contactMessages.email, input.email);
  const [recent] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(and(sameSender, gt(contactMessages.createdAt, since)));
  if ((recent?.n ?? 0) >= MAX_PER_WINDOW) {
    throw new AppError('RATE_LIMITED', 'You have sent several messages recently. Please try again in an hour.');
  }
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({ name: input.name, email: input.email, message: input.message, ipAddress });
    await mailer.send({ to: env.OPERATOR_EMAIL, replyTo: input.email, kind: 'contact_message', ...(await contactMessageEmail(input)) }, tx);
  });
}
