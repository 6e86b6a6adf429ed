import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoterDecision } from '../../../core/schemas/promoter-venues.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

export type PromoterVenueStatus = 'pending' | 'accepted' | 'declined' | 'ended';
export type PromoterRequest = { promoterId: string; name: string; companyName: string | null; email: string; status: PromoterVenueStatus; requestedAt: string; decidedAt: string | null };

const requestsKey = ['promoter-requests'] as const;

export const usePromoterRequests = () => useQuery({ queryKey: requestsKey, queryFn: () => apiFetch<{ requests: PromoterRequest[] }>('/api/venue/promoters') });

export function useDecidePromoter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ promoterId, decision }: { promoterId: string; decision: PromoterDecision }) =>
      postJson<{ status: PromoterVenueStatus }>(`/api/venue/promoters/${encodeURIComponent(promoterId)}`, { decision }),
    onSettled: () => client.invalidateQueries({ queryKey: requestsKey }),
  });
}
