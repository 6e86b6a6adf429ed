import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/** Keeps gig lists current: the server announces changes over server-sent events. */
export function useLiveGigUpdates(queryKeys: readonly (readonly string[])[]) {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    const refresh = () => {
      for (const key of queryKeys) void client.invalidateQueries({ queryKey: key });
    };
    source.addEventListener('gigs', refresh);
    return () => source.close();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, JSON.stringify(queryKeys)]);
}
