import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, postJson } from '../../lib/api.ts';
import type { SalesReport } from '../../../core/sales-report.ts';
import type { BandPayout } from '../../../core/band-payouts.ts';

/** The status call's answer (spec 2 §3 'Payment account status'). */
export type PaymentAccountReport = { connected: boolean; status: 'complete' | 'pending' | 'not_setup'; requirements: { currently_due: string[] } };

export const paymentAccountKey = ['payments', 'account'] as const;

export function usePaymentAccount() {
  return useQuery({ queryKey: paymentAccountKey, queryFn: () => apiFetch<PaymentAccountReport>('/api/payments/account'), retry: false });
}

/** Both answers send the browser to the provider's onboarding. */
export function useStartPaymentSetup() {
  return useMutation({ mutationFn: (input: { email: string; name: string }) => postJson<{ onboardingUrl: string }>('/api/payments/account', input) });
}

export function useContinuePaymentSetup() {
  return useMutation({ mutationFn: () => postJson<{ onboardingUrl: string }>('/api/payments/account/link', {}) });
}

/** Decision 41: the sales and payout report of one year; without a year the server picks it. */
export function useSalesReport(year: number | null) {
  return useQuery({
    queryKey: ['payments', 'report', year],
    queryFn: () => apiFetch<SalesReport>(`/api/payments/report${year ? `?year=${year}` : ''}`),
    placeholderData: (previous) => previous,
  });
}

/** 'Your shows' (the booking feature's query, read here by the same key): only each show's payout. */
export const bandShowsKey = ['booking', 'my-shows'] as const;

/**
 * Issue 34: the band's shares held until payout setup, summed, with the earliest deadline; null
 * while none is held. Only a band asks (`isBand`).
 */
export function useHeldBandShares(isBand: boolean): { amountCents: number; deadline: string } | null {
  const { data } = useQuery({
    queryKey: bandShowsKey,
    queryFn: () => apiFetch<{ shows: { payout: BandPayout }[] }>('/api/booking/my-shows'),
    enabled: isBand,
  });
  const held = (data?.shows ?? []).flatMap((show) => (show.payout.state === 'held' ? [show.payout] : []));
  if (!isBand || held.length === 0) return null;
  return { amountCents: held.reduce((sum, h) => sum + h.amountCents, 0), deadline: held.map((h) => h.deadline).sort()[0]! };
}
