import type { VenueVerification } from '../../../core/venue-verification.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api.ts';
import type { BandPayout } from '../../../core/band-payouts.ts';
import type { GigTicketCounts } from '../../../core/ticket-counts.ts';

export type ApplicationStatus = 'pending' | 'accepted' | 'rejected';

export type ApplicantCard = {
  id: string;
  status: ApplicationStatus;
  name: string;
  genres: string[];
  imageUrl: string | null;
  siteSlug: string | null;
  website: string | null;
  managerName: string | null;
};

export type OrganiserGig = {
  id: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  description: string;
  loadInSoundCheck: string;
  compensation: string;
  coverCharge: string | null;
  isApproved: boolean;
  isTicketed: boolean;
  ticketPriceCents: number | null;
  ticketQuantity: number | null;
  maxTicketsPerOrder: number;
  isTransferAllowed: boolean;
  hasTicketTypes: boolean;
  ticketsSold: number;
  /** Issue 34 item 8: the gig's counts, as every screen shows them (null for a gig not ticketed). */
  ticketCounts: GigTicketCounts | null;
  /** D11: whether the booked band can be paid its share now. */
  isBandPayoutReady: boolean;
  bandPercent: number;
  organiserPercent: number;
  venueId: string;
  venueName: string;
  bookedName: string | null;
  bookedSlug: string | null;
  /** Decision 49: when and why the gig was cancelled (null while it is on). */
  cancelledAt: string | null;
  cancelReason: string | null;
  tab: 'pending' | 'approved' | 'past';
  applications: ApplicantCard[];
};

export type GigTab = OrganiserGig['tab'];

export type OrganiserDashboard = {
  role: 'venue' | 'promoter';
  /** Decision 33: a venue sells tickets only once verified. */
  venues: { id: string; name: string; address: string; isVerified: boolean }[];
  /** The venue's own verification (null for a promoter). */
  verification: VenueVerification | null;
  /** D11: whether the organiser can be paid its share of tickets sold now. */
  isPayoutReady: boolean;
  counts: Record<GigTab, number>;
  tab: GigTab;
  page: number;
  pageSize: number;
  gigs: OrganiserGig[];
  /** The gig asked for with `gigId`, when it is the organiser's: the answer is its tab and page. */
  focusGigId: string | null;
  /** A venue's read-only view of the upcoming gigs promoters run at it (empty for a promoter). */
  promoterGigs: { total: number; gigs: PromoterGigAtVenue[] };
};

export type PromoterGigAtVenue = {
  id: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  description: string;
  promoterName: string;
  isApproved: boolean;
  bookedName: string | null;
  isTicketed: boolean;
  ticketsSold: number;
  ticketQuantity: number | null;
  /** Applicants still waiting for the promoter's decision. */
  applicantCount: number;
};

export type OpenGig = {
  id: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  regionName: string;
  description: string;
  loadInSoundCheck: string;
  compensation: string;
  coverCharge: string | null;
  isTicketed: boolean;
  ticketPriceCents: number | null;
  bandPercent: number;
  venueName: string;
  venueAddress: string;
  applications: { status: ApplicationStatus; artistId: string | null; artistName: string | null }[];
};

export type ManagedArtist = { id: string; name: string; genre: string | null; description: string; imageUrl: string | null };

export type OpenGigsPage = { page: number; pageSize: number; total: number; region: string; artists: ManagedArtist[]; gigs: OpenGig[] };

/** The band's own upcoming shows (issue 21 item 18); `isBookedForYou` marks 'Band already Chosen' bookings it may decline (D34). */
export type BandShow = {
  gigId: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  regionName: string;
  venueName: string;
  venueAddress: string;
  organiserName: string;
  isTicketed: boolean;
  ticketPriceCents: number | null;
  ticketQuantity: number | null;
  ticketsSold: number;
  /** Issue 34 item 8: the show's counts, as every screen shows them (null for a show not ticketed). */
  ticketCounts: GigTicketCounts | null;
  bandPercent: number;
  isBookedForYou: boolean;
  hasTickets: boolean;
  when: string;
  /** Issue 34: where the band's share is (paid out, held until setup with its deadline, forfeited). */
  payout: BandPayout;
};

export type MyApplication = {
  id: string;
  status: ApplicationStatus;
  gigId: string;
  localDate: string;
  startTime: string;
  endTime: string;
  timeZone: string;
  venueName: string;
  artistName: string | null;
};

const send = <T>(path: string, method: string, body?: unknown) =>
  apiFetch<T>(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });

export const organiserDashboardKey = ['booking', 'dashboard'] as const;

/**
 * One page of one tab; without a tab the server picks pending if any, else approved. With a gig
 * id the server answers the tab and page that show that gig.
 */
export function useOrganiserDashboard(tab: GigTab | null, page: number, gigId: string | null = null) {
  const query: Record<string, string> = gigId ? { gigId } : { ...(tab ? { tab } : {}), page: String(page) };
  return useQuery({
    queryKey: [...organiserDashboardKey, tab, page, gigId],
    queryFn: () => apiFetch<OrganiserDashboard>(`/api/booking/dashboard?${new URLSearchParams(query).toString()}`),
    placeholderData: (previous) => previous,
  });
}

export function useBandChoices(isEnabled: boolean) {
  return useQuery({
    queryKey: ['booking', 'bands'],
    queryFn: () => apiFetch<{ bands: { id: string; name: string }[] }>('/api/booking/bands'),
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** A change to the organiser's gigs: refreshes the dashboard when it succeeds. */
function useOrganiserChange<I, O>(run: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: organiserDashboardKey }) });
}

export const useCreateGig = () => useOrganiserChange((form: unknown) => send<{ gigIds: string[]; message: string }>('/api/booking/gigs', 'POST', form));
export const useUpdateGig = () =>
  useOrganiserChange(({ gigId, form }: { gigId: string; form: unknown }) => send<{ message: string }>(`/api/booking/gigs/${gigId}`, 'PUT', form));
export const useDeleteGig = () => useOrganiserChange((gigId: string) => send<{ message: string }>(`/api/booking/gigs/${gigId}`, 'DELETE'));
export const useDecideApplication = () =>
  useOrganiserChange(({ applicationId, decision }: { applicationId: string; decision: 'approve' | 'reject' }) =>
    send<{ message?: string }>(`/api/booking/applications/${applicationId}/${decision}`, 'POST', {}),
  );
export const useNotifyBands = () =>
  useMutation({ mutationFn: (input: { venueId?: string; bandIds: string[]; requestId: string }) => send<{ message: string }>('/api/booking/notify-bands', 'POST', input) });

/** One page of open gigs; `query` is the dashboard's filter query string (decision 41), the server's defaults when empty. */
export function useOpenGigs(query: string) {
  return useQuery({
    queryKey: ['booking', 'open-gigs', query],
    queryFn: () => apiFetch<OpenGigsPage>(`/api/booking/open-gigs${query ? `?${query}` : ''}`),
    placeholderData: (previous) => previous,
  });
}

export function useBandShows() {
  return useQuery({ queryKey: ['booking', 'my-shows'], queryFn: () => apiFetch<{ shows: BandShow[] }>('/api/booking/my-shows') });
}

export function useMyApplications() {
  return useQuery({ queryKey: ['booking', 'my-applications'], queryFn: () => apiFetch<{ applications: MyApplication[] }>('/api/booking/my-applications') });
}

export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gigId, managedArtistId }: { gigId: string; managedArtistId?: string }) =>
      send<{ applicationId: string }>(`/api/booking/gigs/${gigId}/applications`, 'POST', managedArtistId ? { managedArtistId } : {}),
    onSuccess: () => client.invalidateQueries({ queryKey: ['booking'] }),
  });
}
