import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntryView, WaitlistOfferView } from '../../../core/schemas/waitlist.ts';
import { apiFetch, postJson } from '../../lib/api.ts';
import { postTicketAction, type TicketHandle } from '../tickets/ticket-handle.ts';

/** Decision 50: the waitlist's calls. */
export const joinWaitlist = (gigId: string, email: string) => postJson<{ message: string }>('/api/waitlist', { gigId, email });
export const confirmPlace = (token: string) => postJson<WaitlistEntryView>('/api/waitlist/confirm', { token });
export const leaveWaitlist = (token: string) => postJson<WaitlistEntryView>('/api/waitlist/leave', { token });
export const fetchOffer = (token: string) => apiFetch<WaitlistOfferView>(`/api/waitlist/offers/${encodeURIComponent(token)}`);
export const openOfferCheckout = (token: string) => postJson<{ url: string }>('/api/waitlist/offers/checkout', { token });
export const passOfferOn = (token: string) => postJson<{ message: string }>('/api/waitlist/offers/decline', { token });

type ReturnState = { ticketId: string; returnStatus: 'listed' | 'withdrawn' };

/**
 * 'Return this ticket' and 'Keep my ticket': on the dashboard, the account's own tickets; on a
 * ticket's own page, its signed link is the proof of holding it (issue 33).
 */
export function useTicketReturn(action: 'return' | 'keep', ticket: TicketHandle) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => postTicketAction<ReturnState>(ticket, action),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['tickets', 'mine'] }), client.invalidateQueries({ queryKey: ['ticket-page'] })]),
  });
}
