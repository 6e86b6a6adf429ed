import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, postJson } from '../../lib/api.ts';

export type DeclinePreview = { gigId: string; bandName: string; venueName: string; organiserName: string; when: string; isDeclined: boolean; canDecline: boolean; reason: string | null };
export type DeclineResult = { message: string };

export function useDeclineFromDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (gigId: string) => postJson<DeclineResult>(`/api/booking/gigs/${encodeURIComponent(gigId)}/decline`, {}),
    // The band's shows and the open gigs (a declined gig opens again) are booking queries.
    onSettled: () => client.invalidateQueries({ queryKey: ['booking'] }),
  });
}

export const fetchDeclinePreview = (token: string) => apiFetch<DeclinePreview>(`/api/booking/declines/${encodeURIComponent(token)}`);
export const declineByLink = (token: string) => postJson<DeclineResult>('/api/booking/declines', { token });
