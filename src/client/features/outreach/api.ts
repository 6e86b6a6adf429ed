import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { CampaignStatus } from '../../../core/outreach.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

export type OutreachLocation = { slug: string; name: string; activeVenues: number; venuesWithEmail: number };
export type PackageKind = 'standard' | 'beta' | 'single';
export type OutreachPackage = {
  id: string;
  kind: PackageKind;
  outreachType: 'opener' | 'headline' | null;
  name: string;
  priceCents: number;
  description: string;
  venueLimit: number;
  features: string[];
  allowsCustomMessage: boolean;
  hasFollowUp: boolean;
};
export type OutreachOptions = { locations: OutreachLocation[]; packages: OutreachPackage[]; band: { name: string; hasBetaOutreach: boolean } | null };
export type Campaign = {
  id: string;
  createdAt: string;
  packageId: string;
  packageName: string;
  kind: PackageKind;
  outreachType: 'opener' | 'headline' | null;
  priceCents: number;
  regionSlug: string;
  location: string;
  status: CampaignStatus | null;
  venuesTargeted: number;
  venuesReached: number;
  responses: number;
  isTest: boolean;
  hasFollowUp: boolean;
  followUpsSent: number;
  followUpDueAt: string | null;
  followUp: 'scheduled' | 'going_out' | 'sent' | 'not_needed' | null;
};
export type AdminCampaign = Campaign & { bandName: string };
/** The test e-mail's answer: sent, or (mail server unreachable, spec 3 §7) a simulated preview. */
export type TestEmailResult = { success: boolean; message: string; preview?: { to: string; subject: string; text: string } };
export type PreviewVenue = { id: string; name: string; venueType: string; city: string | null; state: string | null };
export type CheckoutInput = { packageId: string; regionSlug: string; customMessage?: string; bandDraw?: string };

/** Spec 3 §5: a package reaches the smaller of the location's venues with an e-mail and its limit. */
export const reachOf = (location: OutreachLocation | undefined, pkg: OutreachPackage) => Math.min(location?.venuesWithEmail ?? 0, pkg.venueLimit);

/** While a campaign is on its way its figures change: look again every 2 seconds. */
const isUnderWay = (c: Pick<Campaign, 'status'>) => !c.status || c.status === 'pending' || c.status === 'processing';
const pollWhileUnderWay = (campaigns: Campaign[] | undefined) => (campaigns?.some(isUnderWay) ? 2000 : false);

export function useOutreachOptions(isEnabled: boolean) {
  return useQuery({ queryKey: ['outreach', 'options'], queryFn: () => apiFetch<OutreachOptions>('/api/outreach/options'), enabled: isEnabled });
}

export function useBandCampaigns(kind: PackageKind, isEnabled: boolean) {
  return useQuery({
    queryKey: ['outreach', 'campaigns', kind],
    queryFn: async () => (await apiFetch<{ campaigns: Campaign[] }>(`/api/outreach/campaigns?kind=${kind}`)).campaigns,
    enabled: isEnabled,
    refetchInterval: (query) => pollWhileUnderWay(query.state.data),
  });
}

/** The band dashboard's 5 latest campaigns, of every kind. */
export function useDashboardCampaigns() {
  return useQuery({
    queryKey: ['outreach', 'dashboard'],
    queryFn: async () => (await apiFetch<{ campaigns: Campaign[] }>('/api/outreach/dashboard')).campaigns,
    refetchInterval: (query) => pollWhileUnderWay(query.state.data),
  });
}

/** /outreach-success: the payment event may land moments after the redirect, so it polls until done. */
export function useCampaignBySession(sessionId: string) {
  return useQuery({
    queryKey: ['outreach', 'session', sessionId],
    queryFn: async () => (await apiFetch<{ campaign: Campaign }>(`/api/outreach/campaigns/session/${encodeURIComponent(sessionId)}`)).campaign,
    enabled: Boolean(sessionId),
    retry: false,
    refetchInterval: (query) => (query.state.data && isUnderWay(query.state.data) ? 2000 : false),
  });
}

/** The admin dashboard's list of every band's campaigns. */
export function useAdminCampaigns() {
  return useQuery({
    queryKey: ['outreach', 'admin-campaigns'],
    queryFn: async () => (await apiFetch<{ campaigns: AdminCampaign[] }>('/api/admin/outreach/campaigns')).campaigns,
    refetchInterval: (query) => pollWhileUnderWay(query.state.data),
  });
}

export function useVenuePreview(regionSlug: string, isEnabled: boolean) {
  return useQuery({
    queryKey: ['outreach', 'venues', regionSlug],
    queryFn: async () => (await apiFetch<{ venues: PreviewVenue[] }>(`/api/outreach/venues?regionSlug=${encodeURIComponent(regionSlug)}`)).venues,
    enabled: isEnabled && Boolean(regionSlug),
    retry: false,
  });
}

export function useEmailPreview(input: { regionSlug: string; outreachType: 'opener' | 'headline'; bandDraw: string }, isEnabled: boolean) {
  const query = new URLSearchParams({ regionSlug: input.regionSlug, outreachType: input.outreachType, ...(input.bandDraw.trim() ? { bandDraw: input.bandDraw.trim() } : {}) });
  return useQuery({
    queryKey: ['outreach', 'preview', input.regionSlug, input.outreachType, input.bandDraw.trim()],
    queryFn: () => apiFetch<{ subject: string; text: string }>(`/api/outreach/preview?${query.toString()}`),
    enabled: isEnabled,
    retry: false,
  });
}

/** The provider's checkout; the caller sends the browser to its url. A missing url is a failure (spec 3 §4). */
export function useOutreachCheckout() {
  const checkout = useMutation({
    mutationFn: async (input: CheckoutInput) => {
      const result = await postJson<{ url?: string; campaignId: string }>('/api/outreach/checkout', input);
      if (!result.url) throw new Error('No checkout URL received');
      return { ...result, url: result.url };
    },
  });
  // Back from the provider's page, the browser may restore this page as it was left: 'Processing...'.
  const { reset } = checkout;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);
  return checkout;
}

export function useTestOutreachEmail() {
  return useMutation({ mutationFn: (input: { regionSlug: string; customMessage?: string }) => postJson<TestEmailResult>('/api/outreach/test-email', input) });
}

export function useAdminBypass() {
  return useMutation({ mutationFn: (input: { regionSlug: string }) => postJson<{ campaignId: string; message: string }>('/api/outreach/admin-bypass', input) });
}

// Issue 34: anyone signed in offers to pay for a band's campaign; the band agrees first.
export type SponsorBand = { slug: string; name: string };
type OfferFields = { id: string; createdAt: string; status: CampaignStatus; isOpen: boolean; packageName: string; priceCents: number; location: string; venuesTargeted: number; venuesReached: number; responses: number; customMessage: string | null };
export type OutreachOffer = OfferFields & { sponsor: string };
export type SponsoredCampaign = OfferFields & { bandName: string };

export function useBandsToSponsor(q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['outreach', 'bands', term.toLowerCase()],
    queryFn: async () => (await apiFetch<{ bands: SponsorBand[] }>(`/api/outreach/bands?q=${encodeURIComponent(term)}`)).bands,
    enabled: term.length >= 2,
    staleTime: 60_000,
  });
}

export function useOfferToSponsor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bandSlug: string; packageId: string; regionSlug: string; customMessage?: string }) => postJson<{ campaignId: string; bandName: string; venuesTargeted: number; price: string }>('/api/outreach/offers', input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['outreach', 'sponsored'] }),
  });
}

/** The campaigns the signed-in account offered or paid for; while one waits for its band, it looks again every 10 seconds. */
export function useSponsoredCampaigns() {
  return useQuery({
    queryKey: ['outreach', 'sponsored'],
    queryFn: async () => (await apiFetch<{ campaigns: SponsoredCampaign[] }>('/api/outreach/sponsored')).campaigns,
    refetchInterval: (query) => (query.state.data?.some((c) => c.isOpen || c.status === 'processing') ? 10_000 : false),
  });
}

export function useSponsoredCheckout() {
  return useMutation({
    mutationFn: async (campaignId: string) => {
      const result = await postJson<{ url?: string }>(`/api/outreach/sponsored/${campaignId}/checkout`, {});
      if (!result.url) throw new Error('No checkout URL received');
      return result.url;
    },
  });
}

/** The offers a band can answer now. */
export function useOutreachOffers() {
  return useQuery({ queryKey: ['outreach', 'offers'], queryFn: async () => (await apiFetch<{ offers: OutreachOffer[] }>('/api/outreach/offers')).offers });
}

export function useAnswerOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, agree }: { campaignId: string; agree: boolean }) => postJson<{ status: CampaignStatus }>(`/api/outreach/offers/${campaignId}/answer`, { agree }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['outreach'] }),
  });
}
