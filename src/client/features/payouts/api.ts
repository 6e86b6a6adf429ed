import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, postJson } from '../../lib/api.ts';
import type { SalesReport } from '../../../core/sales-report.ts';

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
