import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CantGo } from '../../../core/cant-go.ts';
import type { TicketStatus } from '../../../core/ticket-page.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

/** What a ticket's own page shows (GET /api/ticket-page/{token}, decision 46). */
export type TicketPageData = {
  ticket: { status: TicketStatus; usedAt: string | null; holderEmail: string; typeName: string | null; reference: string | null; qrSvg: string | null };
  show: { bandName: string; venueName: string; venueAddress: string; mapUrl: string; localDate: string; startTime: string; endTime: string; timeZone: string };
  isTestMode: boolean;
  /** Null for a ticket refunded or passed on (issue 34). */
  calendarPath: string | null;
  wallets: { applePath: string | null; googlePath: string | null };
  refundRequest: { status: 'open' | 'approved' | 'declined'; createdAt: string; decidedAt: string | null; declineReason: string | null } | null;
  /** Issue 34: the one 'Can't go?' panel, as the server decides it. */
  cantGo: CantGo;
};

const api = (token: string) => `/api/ticket-page/${encodeURIComponent(token)}`;
export const pageKey = (token: string) => ['ticket-page', token] as const;

export const useTicketPage = (token: string) => useQuery({ queryKey: pageKey(token), queryFn: () => apiFetch<TicketPageData>(api(token)), retry: false });

export const useResendTicketEmail = (token: string) => useMutation({ mutationFn: () => postJson<{ sentTo: string }>(`${api(token)}/email`, {}) });

export function useRequestRefund(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => postJson<{ refundRequest: TicketPageData['refundRequest'] }>(`${api(token)}/refund-request`, { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: pageKey(token) }),
  });
}
