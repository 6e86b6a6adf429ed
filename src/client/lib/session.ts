import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../core/roles.ts';
import { apiFetch } from './api.ts';

export type ProfileSummary = Record<string, string | string[] | boolean | null | undefined> & { name?: string | null };

export type Me = {
  user: {
    id: string;
    email: string;
    /** D32: until true, what belongs to the address (guest tickets, the digest choice) stays hidden. */
    emailVerified: boolean;
    name: string;
    role: Role;
    location: string;
    locationName: string;
    createdAt: string;
  };
  profile: ProfileSummary | null;
  impersonation: { adminId: string; adminEmail: string } | null;
};

export const sessionQueryKey = ['me'] as const;

/** The signed-in account, or null when signed out. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => (await apiFetch<{ me: Me | null }>('/api/me')).me,
    staleTime: 30_000,
  });
}

export function useRefreshSession() {
  const client = useQueryClient();
  return () => client.resetQueries();
}
