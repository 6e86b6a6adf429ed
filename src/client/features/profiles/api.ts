import { useQuery } from '@tanstack/react-query';
import type { StoredPostalAddress } from '../../../core/postal-address.ts';
import type { ImageKind } from '../../../core/schemas/profiles.ts';
import { apiFetch, postJson } from '../../lib/api.ts';
import type { PromoterVenueStatus } from '../promoter-venues/api.ts';

export type Nullable<T> = { [K in keyof T]: T[K] | null };

type Links = { instagramUrl: string | null; facebookUrl: string | null; youtubeUrl: string | null; website: string | null };

export type BandProfile = Links & {
  name: string;
  slug: string;
  description: string;
  bio: string | null;
  performerType: string;
  genres: string[];
  yearsActive: string | null;
  performanceStyle: string | null;
  phone: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  spotifyUrl: string | null;
  youtubeChannelUrl: string | null;
  youtubeHighlightUrl: string | null;
  youtubeEmbedUrl: string | null;
  spotifyEmbedUrl: string | null;
  imageUrl: string | null;
  logoUrl: string | null;
  members: { name: string; instrument: string; instagramHandle: string | null }[];
  gallery: string[];
  customLinks: { label: string; url: string }[];
  extraGigs: { localDate: string; venueName: string; ticketUrl: string | null }[];
};

export type VenueProfile = Links & StoredPostalAddress & { name: string; slug: string; address: string; phone: string | null; contactEmail: string | null; imageUrl: string | null };

export type PromoterProfile = Links & {
  name: string;
  slug: string;
  companyName: string | null;
  description: string;
  phone: string | null;
  email: string | null;
  imageUrl: string | null;
  videoUrl: string | null;
  venueIds: string[];
  /** D34: each venue asked, with its answer. */
  venueRequests: { id: string; name: string; status: PromoterVenueStatus }[];
  gallery: string[];
};

export type ManagedArtistSummary = { index: number; name: string; genre: string | null; description: string; imageUrl: string | null };

export type ManagerProfile = {
  name: string;
  description: string;
  instagramUrl: string | null;
  facebookUrl: string | null;
  website: string | null;
  youtubeChannelUrl: string | null;
  youtubeHighlightUrl: string | null;
  imageUrl: string | null;
  logoUrl: string | null;
  profileImageUrl: string | null;
  artists: ManagedArtistSummary[];
};

export type RehearsalSpaceProfile = {
  name: string;
  address: string;
  phone: string | null;
  contactEmail: string | null;
  website: string | null;
  description: string;
  imageUrl: string | null;
};

export type ManagedArtist = {
  name: string;
  genre: string | null;
  description: string;
  instagramUrl: string | null;
  facebookUrl: string | null;
  spotifyUrl: string | null;
  youtubeUrl: string | null;
  website: string | null;
  imageUrl: string | null;
};

export type OwnProfile<P> = { role: string; accountEmail: string; profile: P };

export const ownProfileQueryKey = ['own-profile'] as const;

/** The signed-in account's own profile, as its editor shows it. */
export function useOwnProfile<P>({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({
    queryKey: ownProfileQueryKey,
    enabled: isEnabled,
    queryFn: () => apiFetch<OwnProfile<P>>('/api/profile'),
    retry: false,
    staleTime: 0,
  });
}

export function useManagedArtist(index: string) {
  return useQuery({
    queryKey: ['managed-artist', index],
    queryFn: () => apiFetch<{ index: number; artist: ManagedArtist }>(`/api/profile/artists/${encodeURIComponent(index)}`),
    retry: false,
    staleTime: 0,
  });
}

/** Stores one image and returns its address, which the profile save then names. */
export async function uploadProfileImage(kind: ImageKind, file: Blob, name = 'image.jpg'): Promise<string> {
  const form = new FormData();
  form.set('image', file, name);
  return (await apiFetch<{ url: string }>(`/api/profile/images?kind=${kind}`, { method: 'POST', body: form })).url;
}

export const putJson = <T>(path: string, body: unknown) => apiFetch<T>(path, { method: 'PUT', body: JSON.stringify(body) });

export const saveBandProfile = (input: unknown) => putJson<{ ok: true }>('/api/profile/band', input);
export const saveVenueProfile = (input: unknown) => putJson<{ slug: string }>('/api/profile/venue', input);
export const savePromoterProfile = (input: unknown) => putJson<{ ok: true }>('/api/profile/promoter', input);
export const saveManagerProfile = (input: unknown) => putJson<{ ok: true }>('/api/profile/manager', input);
export const saveRehearsalSpaceProfile = (input: unknown) => putJson<{ ok: true }>('/api/profile/rehearsal-space', input);
export const addManagedArtist = (input: unknown) => postJson<{ index: number }>('/api/profile/artists', input);
export const saveManagedArtist = (index: string, input: unknown) => putJson<{ ok: true }>(`/api/profile/artists/${encodeURIComponent(index)}`, input);

/** better-auth's password change; it needs the current password. */
