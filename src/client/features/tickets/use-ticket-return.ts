import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postTicketAction, type TicketHandle } from './ticket-handle.ts';

/** Decision 50: offered to the waitlist, or kept again; both screens reload after. */
export function useTicketReturn(action: 'return' | 'keep', handle: TicketHandle) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => postTicketAction<{ returnStatus: 'listed' | 'withdrawn' }>(handle, action),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['tickets', 'mine'] }), client.invalidateQueries({ queryKey: ['ticket-page'] })]),
  });
}

