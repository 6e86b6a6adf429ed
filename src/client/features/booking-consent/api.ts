import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, postJson } from '../../lib/api.ts';

/** D34: bookings an organiser made for the band with 'Band already Chosen'. */
export type BandBooking = { gigId: string; when: string; venueName: string; organiserName: string; hasTickets: boolean };
export type DeclinePreview = { gigId: string; bandName: string; venueName: string; organiserName: string; when: string; isDeclined: boolean; canDecline: boolean; reason: string | null };
export type DeclineResult = { message: string };

const bookingsKey = ['band-bookings'] as const;

export const useBandBookings = () => useQuery({ queryKey: bookingsKey, queryFn: () => apiFetch<{ bookings: BandBooking[] }>('/api/booking/my-bookings') });

export function useDeclineFromDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (gigId: string) => postJson<DeclineResult>(`/api/booking/gigs/${encodeURIComponent(gigId)}/decline`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: bookingsKey }),
  });
}

export const fetchDeclinePreview = (token: string) => apiFetch<DeclinePreview>(`/api/booking/declines/${encodeURIComponent(token)}`);
export const declineByLink = (token: string) => postJson<DeclineResult>('/api/booking/declines', { token });
