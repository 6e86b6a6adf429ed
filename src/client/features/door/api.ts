import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DoorReport, DoorStaffMember, DoorStaffOverview, GuestEntry, GuestEntryInput, GuestList } from '../../../core/schemas/door.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

/** Decision 51, the organiser's side of the door: its staff, its guest list and its report, per gig. */
const gigBase = (gigId: string) => `/api/door/gigs/${gigId}`;
export const doorKeys = {
  gig: (gigId: string) => ['door', gigId] as const,
  report: (gigId: string) => ['door', gigId, 'report'] as const,
  staff: (gigId: string) => ['door', gigId, 'staff'] as const,
  guests: (gigId: string) => ['door', gigId, 'guests'] as const,
  venueStaff: ['door', 'venue-staff'] as const,
};

export const doorReportCsvUrl = (gigId: string) => `${gigBase(gigId)}/report.csv`;

/** The night's figures; while the panel is open they are also asked for every 30 s, in case the live stream drops. */
export function useDoorReport(gigId: string, isEnabled: boolean) {
  return useQuery({ queryKey: doorKeys.report(gigId), queryFn: () => apiFetch<DoorReport>(`${gigBase(gigId)}/report`), enabled: isEnabled, refetchInterval: 30_000 });
}

export function useDoorStaff(gigId: string, isEnabled: boolean) {
  return useQuery({ queryKey: doorKeys.staff(gigId), queryFn: () => apiFetch<DoorStaffOverview>(`${gigBase(gigId)}/staff`), enabled: isEnabled });
}

export function useVenueDoorStaff(isEnabled: boolean) {
  return useQuery({ queryKey: doorKeys.venueStaff, queryFn: () => apiFetch<{ staff: DoorStaffMember[] }>('/api/door/venue-staff'), enabled: isEnabled });
}

export function useGuestList(gigId: string, isEnabled: boolean) {
  return useQuery({ queryKey: doorKeys.guests(gigId), queryFn: () => apiFetch<GuestList>(`${gigBase(gigId)}/guests`), enabled: isEnabled });
}

/** Everything the door panels show changes together: one invalidation refreshes the gig's (and the venue team's). */
function useRefreshDoor(gigId: string | null) {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: gigId ? doorKeys.gig(gigId) : ['door'] })]);
}

export type DoorStaffInvite = { email: string; name?: string } & ({ gigId: string } | { allVenueGigs: true });

export function useInviteDoorStaff(gigId: string | null) {
  const refresh = useRefreshDoor(gigId);
  return useMutation({ mutationFn: (input: DoorStaffInvite) => postJson<{ message: string; staff: DoorStaffMember }>('/api/door/staff', input), onSuccess: refresh });
}

export function useRevokeDoorStaff(gigId: string | null) {
  const refresh = useRefreshDoor(gigId);
  return useMutation({ mutationFn: (staffId: string) => postJson<{ message: string }>(`/api/door/staff/${staffId}/revoke`, {}), onSuccess: refresh });
}

export function useRevokeDoorDevice(gigId: string | null) {
  const refresh = useRefreshDoor(gigId);
  return useMutation({ mutationFn: (deviceId: string) => postJson<{ message: string }>(`/api/door/devices/${deviceId}/revoke`, {}), onSuccess: refresh });
}

export function useAddGuest(gigId: string) {
  const refresh = useRefreshDoor(gigId);
  return useMutation({ mutationFn: (input: GuestEntryInput) => postJson<GuestEntry>(`${gigBase(gigId)}/guests`, input), onSuccess: refresh });
}

export function useRemoveGuest(gigId: string) {
  const refresh = useRefreshDoor(gigId);
  return useMutation({ mutationFn: (guestId: string) => apiFetch<{ ok: true }>(`${gigBase(gigId)}/guests/${guestId}`, { method: 'DELETE' }), onSuccess: refresh });
}
