import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelGigInput, GigHolderOverview, HolderMessageInput } from '../../../core/schemas/holders.ts';
import { apiFetch, postJson } from '../../lib/api.ts';

/** Decision 49: the organiser acts under /api/booking, an admin under /api/admin. */
export type HolderScope = 'booking' | 'admin';

const base = (scope: HolderScope, gigId: string) => `/api/${scope}/gigs/${gigId}`;
const overviewKey = (scope: HolderScope, gigId: string) => ['holders', scope, gigId] as const;

/** Who holds the gig's tickets, the messages sent and the cancellation; asked for only when a panel opens. */
export function useHolderOverview(scope: HolderScope, gigId: string, isEnabled: boolean) {
  return useQuery({
    queryKey: overviewKey(scope, gigId),
    queryFn: () => apiFetch<GigHolderOverview>(`${base(scope, gigId)}/holders`),
    enabled: isEnabled,
    // While a message is being written out or refunds are with the provider, follow along.
    refetchInterval: (query) => {
      const data = query.state.data;
      const isBusy = data && (data.messages.some((m) => !m.sentAt) || (data.cancellation && (!data.cancellation.settledAt || data.cancellation.refundsPending > 0)));
      return isBusy ? 3000 : false;
    },
  });
}

export function useMessageHolders(scope: HolderScope, gigId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: HolderMessageInput) => postJson<{ message: string }>(`${base(scope, gigId)}/holder-messages`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: overviewKey(scope, gigId) }),
  });
}

/** The list that shows the gig: the organiser's dashboard, or the admin's gig management. */
export const gigListKey = (scope: HolderScope) => (scope === 'admin' ? ['held-payments'] : ['booking', 'dashboard']);

export function useCancelGig(scope: HolderScope, gigId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelGigInput) => postJson<{ message: string }>(`${base(scope, gigId)}/cancel`, input),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: overviewKey(scope, gigId) }), client.invalidateQueries({ queryKey: gigListKey(scope) })]);
    },
  });
}
