import { eq } from 'drizzle-orm';
import { paymentSetupSchema } from '../../../core/schemas/payouts.ts';
import { paymentAccounts } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/session.ts';
import { parseInput } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { QUEUES } from '../../jobs/job-queue.ts';
import { releaseHeldBandShares } from './band-share-holds.ts';

type PayoutRole = 'band' | 'venue' | 'promoter';
type Deps = Pick<Services, 'db' | 'payments' | 'env'> & Partial<Pick<Services, 'jobs'>>;

/**
 * Issue 34: an account that just became complete has its held band shares released at once, so
 * 'Your shows' says so on the next read; the transfer job sends them (the band-share-holds sweep
 * releases any this missed within the minute).
 */
async function releaseOnCompletion({ db, jobs }: Pick<Services, 'db'> & Partial<Pick<Services, 'jobs'>>, userId: string): Promise<void> {
  if ((await releaseHeldBandShares(db, { payeeUserId: userId })) > 0) await jobs?.send(QUEUES.sendTransfers);
}

/** The status call's answer (spec 2 §3 'Payment account status'). */
export type PaymentAccountReport = { connected: boolean; status: 'complete' | 'pending' | 'not_setup'; requirements: { currently_due: string[] } };

const NOT_SET_UP: PaymentAccountReport = { connected: false, status: 'not_setup', requirements: { currently_due: [] } };

/** Bands, venues and promoters are paid (D10); nobody else has a payout account. */
export function asPayee(user: SessionUser): { id: string; role: PayoutRole } {
  if (user.role !== 'band' && user.role !== 'venue' && user.role !== 'promoter') throw new AppError('FORBIDDEN', 'Only bands, venues and promoters set up payment accounts.');
  return { id: user.id, role: user.role };
}

/**
 * Asks the provider how the payout account stands and keeps the answer, which decides at each
 * ticket sale whether a share is paid or forfeited (D11). Every dashboard of a payee asks on
 * opening, so the row is written only when the answer changed it (issue 22: no write on a read).
 */
export async function checkPaymentAccount({ db, payments, jobs }: Deps, user: SessionUser): Promise<PaymentAccountReport> {
  const payee = asPayee(user);
  const [account] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, payee.id));
  if (!account) return NOT_SET_UP;
  const state = await payments.readAccount(account.providerAccountId).catch((error: unknown) => {
    throw new AppError('INTERNAL', `The payment provider could not be reached: ${error instanceof Error ? error.message : 'unknown error'}`);
  });
  const isChanged = state.status !== account.status || JSON.stringify(state.requirementsDue) !== JSON.stringify(account.requirementsDue);
  if (isChanged) {
    await db.update(paymentAccounts).set({ status: state.status, requirementsDue: state.requirementsDue, updatedAt: new Date() }).where(eq(paymentAccounts.userId, payee.id));
    if (state.status === 'complete') await releaseOnCompletion({ db, jobs }, payee.id);
  }
  return { connected: state.status === 'complete', status: state.status, requirements: { currently_due: state.requirementsDue } };
}

/** The provider's latest word on an account (its account.updated event). */
export async function refreshPaymentAccount({ db, payments, jobs }: Pick<Services, 'db' | 'payments'> & Partial<Pick<Services, 'jobs'>>, providerAccountId: string): Promise<void> {
  const state = await payments.readAccount(providerAccountId);
  const [account] = await db
    .update(paymentAccounts)
    .set({ status: state.status, requirementsDue: state.requirementsDue, updatedAt: new Date() })
    .where(eq(paymentAccounts.providerAccountId, providerAccountId))
    .returning({ userId: paymentAccounts.userId });
  if (account && state.status === 'complete') await releaseOnCompletion({ db, jobs }, account.userId);
}

const onboardingAddresses = (env: Services['env']) => ({ returnUrl: `${env.PUBLIC_URL}/dashboard?connected=true`, refreshUrl: `${env.PUBLIC_URL}/dashboard?refresh=true` });

/**
 * Starts payment setup: opens the payout account with the provider (once per user: the
 * idempotency key is the user's id, so a double click or a retry opens one account), then sends
 * the holder to the provider's onboarding, which returns them to /dashboard?connected=true.
 */
export async function startPaymentSetup({ db, payments, env }: Deps, user: SessionUser, rawInput: unknown): Promise<{ onboardingUrl: string }> {
  const payee = asPayee(user);
  const input = parseInput(paymentSetupSchema(payee.role), rawInput);
  let [account] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, payee.id));
  if (!account) {
    const { accountId } = await payments.createAccount({ userId: payee.id, email: input.email, name: input.name, idempotencyKey: `account:${payee.id}` }).catch(() => {
      throw new AppError('INTERNAL', 'Failed to create payment account');
    });
    await db.insert(paymentAccounts).values({ userId: payee.id, provider: payments.name, providerAccountId: accountId, status: 'pending' }).onConflictDoNothing();
    [account] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, payee.id));
  }
  return createOnboardingLink({ db, payments, env }, user, account!.providerAccountId);
}

/** A fresh onboarding link for an account already opened ('Complete Setup'). */
export async function createOnboardingLink({ db, payments, env }: Deps, user: SessionUser, knownAccountId?: string): Promise<{ onboardingUrl: string }> {
  const payee = asPayee(user);
  const accountId = knownAccountId ?? (await db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, payee.id)))[0]?.providerAccountId;
  if (!accountId) throw new AppError('NOT_FOUND', 'Set up a payment account first.');
  const { url } = await payments.createOnboardingLink({ accountId, ...onboardingAddresses(env) }).catch(() => {
    throw new AppError('INTERNAL', 'Failed to create onboarding link');
  });
  return { onboardingUrl: url };
}
