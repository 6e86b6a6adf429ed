import type { DbOrTx } from '../../src/server/db/client.ts';
import { paymentAccounts, sandboxAccounts } from '../../src/server/db/schema.ts';

/** Gives a user a sandbox payout account in the given state, as finishing onboarding would. */
export async function givePaymentAccount(db: DbOrTx, userId: string, status: 'complete' | 'pending' = 'complete') {
  const accountId = `sbx_acct_test_${userId.replace(/[^A-Za-z0-9]/g, '').slice(0, 40)}`;
  const requirementsDue = status === 'complete' ? [] : ['external_account'];
  await db.insert(sandboxAccounts).values({ id: accountId, email: `${userId}@payee.test`, name: userId, status, requirementsDue }).onConflictDoUpdate({ target: sandboxAccounts.id, set: { status, requirementsDue } });
  await db.insert(paymentAccounts).values({ userId, provider: 'sandbox', providerAccountId: accountId, status, requirementsDue }).onConflictDoUpdate({ target: paymentAccounts.userId, set: { status, requirementsDue } });
  return accountId;
}
