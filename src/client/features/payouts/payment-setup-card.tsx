import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { formatCents } from '../../../core/money.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { PAYOUT_RULES } from '../../../core/payout-rules.ts';
import { describeRequirements } from '../../../core/payment-requirements.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { bandShowsKey, useContinuePaymentSetup, usePaymentAccount, useStartPaymentSetup } from './api.ts';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';

export { useHeldBandShares } from './api.ts';

type Props = {
  role: 'band' | 'venue' | 'promoter';
  email: string;
  name: string;
  /** Issue 34: a band's shares held until setup; the card then leads the dashboard and says so. */
  held?: { amountCents: number; deadline: string } | null;
  /** What the provider's onboarding came back with, read once by the page (usePaymentSetupReturn). */
  banner: PaymentSetupReturn;
};

export type PaymentSetupReturn = 'connected' | 'refresh' | null;

/**
 * The provider's onboarding sends the browser back to /dashboard?connected=true (or refresh=true
 * when its link expired). The page reads that once and clears the query string; it is kept by the
 * page, not the card, because the card moves (to the top while a band's share is held) and a moved
 * card is a new one.
 */
export function usePaymentSetupReturn(): PaymentSetupReturn {
  const [params, setParams] = useSearchParams();
  const [banner] = useState<PaymentSetupReturn>(() => (params.get('connected') === 'true' ? 'connected' : params.get('refresh') === 'true' ? 'refresh' : null));
  useEffect(() => {
    if (params.has('connected') || params.has('refresh')) setParams({}, { replace: true });
  }, [params, setParams]);
  return banner;
}

/**
 * The payment setup card on band, venue and promoter dashboards (spec 2 §2, §4): checking, then
 * Connected, INCOMPLETE with what is missing ('Complete Setup', 'Check Status'), or not set up
 * with the e-mail and name the provider needs. The provider's onboarding sends the browser back to
 * /dashboard?connected=true (or refresh=true when its link expired): a banner says so, and the
 * query string is cleared.
 */
export function PaymentSetupCard({ role, email, name, held = null, banner }: Props) {
  const account = usePaymentAccount();
  const start = useStartPaymentSetup();
  const resume = useContinuePaymentSetup();
  const [form, setForm] = useState({ email, name });
  // Issue 34: the account check releases held shares once it finds the account complete, so
  // 'Your shows' is read again after it.
  const queryClient = useQueryClient();
  const isComplete = account.data?.status === 'complete';
  useEffect(() => {
    if (isComplete && held) void queryClient.invalidateQueries({ queryKey: bandShowsKey });
  }, [isComplete, held, queryClient]);

  const go = (url: string) => window.location.assign(url);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate(form, { onSuccess: ({ onboardingUrl }) => go(onboardingUrl) });
  };
  const fieldErrors = start.error instanceof ApiError ? start.error.fields : {};
  const status = account.isError ? 'not_setup' : account.data?.status;

  return (
    <section className="card space-y-4" aria-labelledby="payment-setup-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="payment-setup-heading" className="text-xl font-semibold">
          Payment setup
        </h2>
        {status === 'complete' && <span className="rounded-full bg-emerald-400 px-3 py-1 text-sm font-bold text-zinc-950">Connected</span>}
        {status === 'pending' && <span className="rounded-full bg-amber-400 px-3 py-1 text-sm font-bold text-zinc-950">INCOMPLETE</span>}
      </div>
      {held && status !== 'complete' && (
        <p role="status" className="rounded-lg border border-amber-400/60 bg-amber-950/60 px-4 py-3 text-sm font-medium text-amber-100">
          {formatCents(held.amountCents)} of your ticket sales is held until you set up payouts. Set them up by {formatLocalDate(held.deadline)}, or it is forfeited to Marquee.
        </p>
      )}
      <TestModeNotice />
      {/* The return from onboarding is good news only when nothing is missing (issue 21). */}
      {banner === 'connected' && status === 'complete' && <Alert tone="success">Payment setup complete. Your share of ticket sales will be paid to your account.</Alert>}
      {banner === 'connected' && status === 'pending' && <Alert tone="info">Your details are saved, but setup is not finished: you cannot be paid until the items below are done.</Alert>}
      {banner === 'refresh' && <Alert tone="info">Your setup link expired. Choose Complete Setup to carry on where you left off.</Alert>}

      <div className="space-y-1 text-sm text-zinc-300">
        <p>{PAYOUT_RULES.split}</p>
        <p>{PAYOUT_RULES.timing}</p>
        <p>{PAYOUT_RULES.forfeit}</p>
      </div>

      {account.isPending && (
        <p role="status" className="text-zinc-300">
          Checking your payment account…
        </p>
      )}
      {account.isError && <Alert>Failed to check payment account status: {account.error instanceof ApiError && account.error.status ? account.error.status : account.error.message}</Alert>}

      {status === 'complete' && <p className="text-zinc-200">Your payouts go to your connected account.</p>}

      {status === 'pending' && (
        <div className="space-y-3">
          <p className="text-zinc-200">Your payment account needs more information before it can receive money:</p>
          <ul className="list-inside list-disc text-zinc-200">
            {account.data!.requirements.currently_due.length > 0 ? (
              describeRequirements(account.data!.requirements.currently_due).map((item) => <li key={item}>{item}</li>)
            ) : (
              <li>Additional information</li>
            )}
          </ul>
          {resume.isError && <Alert>{resume.error.message || 'Failed to create onboarding link'}</Alert>}
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-primary" disabled={resume.isPending} onClick={() => resume.mutate(undefined, { onSuccess: ({ onboardingUrl }) => go(onboardingUrl) })}>
              Complete Setup
            </button>
            <button type="button" className="btn-secondary" disabled={account.isFetching} onClick={() => void account.refetch()}>
              Check Status
            </button>
          </div>
        </div>
      )}

      {status === 'not_setup' && (
        <form onSubmit={submit} noValidate className="space-y-3">
          <p className="text-zinc-200">Set up a payment account to be paid your share of ticket sales.</p>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="Payout email" type="email" autoComplete="email" required value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} error={fieldErrors.email} />
            <TextField label={role === 'band' ? 'Band name' : role === 'venue' ? 'Venue or company name' : 'Promoter or company name'} required value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} error={fieldErrors.name} />
          </div>
          {start.isError && !Object.keys(fieldErrors).length && <Alert>{start.error.message || 'Failed to create payment account'}</Alert>}
          <button type="submit" className="btn-primary" disabled={start.isPending}>
            {start.isPending ? 'Opening setup…' : 'Set Up Payments'}
          </button>
        </form>
      )}
    </section>
  );
}
