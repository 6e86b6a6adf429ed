import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RefundGoesTo } from '../../../core/refund-recipient.ts';
import type { TicketStatus } from '../../../core/ticket-page.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

/** An open refund request on an organiser's (or an admin's) dashboard (decision 46). */
export type OpenRefundRequest = {
  id: string;
  reason: string;
  createdAt: string;
  holderEmail: string;
  ticketStatus: TicketStatus;
  amountCents: number;
  /** Issue 34: what approving gives back and to whom, as the server will refund it. */
  refund: { amountCents: number; goesTo: RefundGoesTo; buyerEmail: string | null; text: string };
  gigId: string;
  localDate: string;
  startTime: string;
  venueName: string;
  bandName: string;
};

const requestsKey = ['refund-requests'] as const;

/** One query for the dashboard's card and the menu's count, so the dashboard asks once. */
export const useRefundRequests = ({ isEnabled = true }: { isEnabled?: boolean } = {}) =>
  useQuery({ queryKey: requestsKey, queryFn: () => apiFetch<{ requests: OpenRefundRequest[] }>('/api/refund-requests'), enabled: isEnabled });

/** Issue 34: how many requests wait for an answer, for the signed-in menu (0 while loading or for other roles). */
export function useOpenRefundRequestCount(isOrganiser: boolean): number {
  const { data } = useRefundRequests({ isEnabled: isOrganiser });
  return isOrganiser ? (data?.requests.length ?? 0) : 0;
}

export function useDecideRefundRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: 'approve' | 'decline'; reason?: string }) =>
      postJson<{ status: 'approved' | 'declined' }>(`/api/refund-requests/${encodeURIComponent(id)}/${decision}`, decision === 'decline' ? { reason } : {}),
    onSettled: () => client.invalidateQueries({ queryKey: requestsKey }),
  });
}
