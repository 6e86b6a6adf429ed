import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { unsubscribeTokens } from '../db/schema.ts';

/**
 * An address's unsubscribe links for one kind of marketing mail (D19): one token per address and
 * kind, made on first use. `page` is the link in the body; `oneClick` the List-Unsubscribe address
 * (RFC 8058). Using either records an opt-out of that kind (email_opt_outs).
 */
export async function unsubscribeLinks(tx: DbOrTx, email: string, kind: string, publicUrl: string): Promise<{ page: string; oneClick: string }> {
  const address = email.toLowerCase();
  await tx.insert(unsubscribeTokens).values({ token: randomBytes(24).toString('base64url'), email: address, kind }).onConflictDoNothing();
  const [row] = await tx.select({ token: unsubscribeTokens.token }).from(unsubscribeTokens).where(and(eq(unsubscribeTokens.email, address), eq(unsubscribeTokens.kind, kind)));
  return { page: `${publicUrl}/unsubscribe?token=${row!.token}`, oneClick: `${publicUrl}/api/unsubscribe/${row!.token}` };
}
