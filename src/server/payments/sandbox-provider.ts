import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { sandboxAccounts, sandboxCheckouts } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import { signEventBody, verifyEventSignature } from './event-signature.ts';
import type { PaymentEvent, PaymentProvider } from './payment-provider.ts';

/** The sandbox's test cards: one that pays, one that is declined (as the real provider's are). */
export const SANDBOX_CARD_PAYS = '4242 4242 4242 4242';
export const SANDBOX_CARD_DECLINED = '4000 0000 0000 0002';
/** The test bank account onboarding accepts, as the real provider's test mode does. */
export const SANDBOX_BANK_ACCOUNT = '000123456789';
/** What a new sandbox account still needs, in the real provider's vocabulary. */
export const SANDBOX_REQUIREMENTS = ['individual.first_name', 'individual.last_name', 'external_account', 'tos_acceptance.date'];
/** How long an onboarding link works before the holder is sent to the refresh address. */
const LINK_SECONDS = 15 * 60;

const eventSchema = z.discriminatedUnion('type', [
  z.object({
    id: z.string().regex(/^sbx_evt_[A-Za-z0-9_-]{16,64}$/),
    type: z.enum(['checkout.paid', 'checkout.expired']),
    orderId: z.uuid(),
    sessionId: z.string().regex(/^sbx_cs_[A-Za-z0-9_-]{16,64}$/),
    paymentId: z.string().max(100).nullable(),
  }),
  z.object({ id: z.string().regex(/^sbx_evt_[A-Za-z0-9_-]{16,64}$/), type: z.literal('account.updated'), accountId: z.string().max(100) }),
]);

const randomId = (prefix: string) => `${prefix}${randomBytes(16).toString('base64url')}`;

export type OnboardingLink = { accountId: string; returnUrl: string; refreshUrl: string; expires: number };

/** The sandbox's own side, beyond the provider interface: raising its events, checking its links. */
type SandboxSide = {
  signEvent(event: PaymentEvent, now?: Date): { body: string; signature: string };
  readOnboardingLink(accountId: string, query: Record<string, string | undefined>): Omit<OnboardingLink, 'expires'> | 'expired' | null;
  newEventId(): string;
  newPaymentId(): string;
};

/**
 * The built-in provider (D13): its hosted checkout and its account onboarding are pages Marquee
 * serves under /sandbox, and its events are signed like the real provider's and arrive at the
 * same endpoint, so every flow works on a machine with no internet. Writes are idempotent as the
 * real provider's are: the same idempotency key always names the same transfer or refund.
 */
export function createSandboxProvider({ db, publicUrl, secret }: { db: Db; publicUrl: string; secret: string }) {
  const keyed = (prefix: string, key: string) => `${prefix}${createHmac('sha256', secret).update(`${prefix}${key}`).digest('base64url').slice(0, 24)}`;
  const linkSignature = (link: Omit<OnboardingLink, 'expires'> & { expires: number }) =>
    createHmac('sha256', secret).update(JSON.stringify([link.accountId, link.returnUrl, link.refreshUrl, link.expires])).digest('base64url');

  const requireCompleteAccount = async (accountId: string) => {
    const [account] = await db.select({ status: sandboxAccounts.status }).from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
    if (!account) throw new AppError('BAD_REQUEST', `No such payment account: ${accountId}`);
    if (account.status !== 'complete') throw new AppError('CONFLICT', 'The payment account cannot receive transfers until its setup is complete.');
  };

  const provider: PaymentProvider & SandboxSide = {
    name: 'sandbox',
    async createCheckout(request) {
      const sessionId = randomId('sbx_cs_');
      await db.insert(sandboxCheckouts).values({
        id: sessionId,
        referenceId: request.orderId,
        title: request.title ?? request.description,
        summary: request.summary ?? [],
        lineItems: request.lineItems ?? [],
        totalCents: request.totalCents,
        buyerEmail: request.buyerEmail,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        expiresAt: request.expiresAt,
      });
      return { sessionId, url: `${publicUrl}/sandbox/checkout/${sessionId}` };
    },
    async retrieveCheckout(sessionId) {
      const [checkout] = await db.select({ status: sandboxCheckouts.status, paymentId: sandboxCheckouts.paymentId }).from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId));
      if (!checkout) throw new AppError('NOT_FOUND', `No such checkout: ${sessionId}`);
      return checkout.status === 'paid' ? { isPaid: true, paymentId: checkout.paymentId } : { isPaid: false, paymentId: null };
    },
    async expireCheckout(sessionId) {
      // Its time is set back to when it opened: past for every statement already running, so a
      // payment racing this one finds it closed (the pay update requires expires_at > now()), and
      // its page can tell a checkout Marquee closed early (its time equal to its opening) from one that ran out.
      await db.update(sandboxCheckouts).set({ expiresAt: sql`${sandboxCheckouts.createdAt}` }).where(and(eq(sandboxCheckouts.id, sessionId), eq(sandboxCheckouts.status, 'open')));
      const [checkout] = await db.select({ status: sandboxCheckouts.status }).from(sandboxCheckouts).where(eq(sandboxCheckouts.id, sessionId));
      if (!checkout) throw new AppError('NOT_FOUND', `No such checkout: ${sessionId}`);
      return checkout.status === 'paid' ? 'complete' : 'expired';
    },
    readEvent(rawBody, signature, now) {
      verifyEventSignature(secret, rawBody, signature, now);
      let parsed: unknown;
      try {
        parsed = JSON.parse(rawBody);
      } catch {
        throw new AppError('BAD_REQUEST', 'The payment event could not be read.');
      }
      const result = eventSchema.safeParse(parsed);
      if (!result.success) throw new AppError('BAD_REQUEST', 'The payment event could not be read.');
      return result.data;
    },

    async createAccount({ email, name, idempotencyKey }) {
      const accountId = keyed('sbx_acct_', idempotencyKey);
      await db.insert(sandboxAccounts).values({ id: accountId, email, name, requirementsDue: SANDBOX_REQUIREMENTS }).onConflictDoNothing();
      return { accountId };
    },
    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      const expires = Math.floor(Date.now() / 1000) + LINK_SECONDS;
      const query = new URLSearchParams({ return_url: returnUrl, refresh_url: refreshUrl, expires: String(expires) });
      query.set('sig', linkSignature({ accountId, returnUrl, refreshUrl, expires }));
      return { url: `${publicUrl}/sandbox/onboarding/${encodeURIComponent(accountId)}?${query}` };
    },
    async readAccount(accountId) {
      const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId));
      if (!account) throw new AppError('NOT_FOUND', `No such payment account: ${accountId}`);
      return { status: account.status === 'complete' ? 'complete' : 'pending', requirementsDue: account.requirementsDue };
    },

    async transfer({ destinationAccountId, idempotencyKey }) {
      await requireCompleteAccount(destinationAccountId);
      return { transferId: keyed('sbx_tr_', idempotencyKey) };
    },
    async reverseTransfer({ idempotencyKey }) {
      return { reversalId: keyed('sbx_trr_', idempotencyKey) };
    },
    async refund({ idempotencyKey }) {
      return { refundId: keyed('sbx_re_', idempotencyKey) };
    },

    signEvent(event, now) {
      const body = JSON.stringify(event);
      return { body, signature: signEventBody(secret, body, now) };
    },
    /** The link's fields if its signature holds; 'expired' once its time is up. */
    readOnboardingLink(accountId, query) {
      const { return_url: returnUrl, refresh_url: refreshUrl, sig } = query;
      const expires = Number(query.expires);
      if (!returnUrl || !refreshUrl || !sig || !Number.isInteger(expires)) return null;
      const expected = Buffer.from(linkSignature({ accountId, returnUrl, refreshUrl, expires }));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      if (expires < Date.now() / 1000) return 'expired';
      return { accountId, returnUrl, refreshUrl };
    },
    newEventId: () => randomId('sbx_evt_'),
    newPaymentId: () => randomId('sbx_pay_'),
  };
  return provider;
}
export type SandboxProvider = ReturnType<typeof createSandboxProvider>;
