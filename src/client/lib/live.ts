import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/** 'door': a gig's door counts changed (decision 51; its detail is the gig's id). */
type LiveTopic = 'gigs' | 'gear' | 'jam' | 'door';

/**
 * Calls `onChange` whenever the server announces a change to `topic` over server-sent events
 * (a jam event carries the session that changed). One stream per page that follows something.
 */
export function useLiveEvents(topic: LiveTopic, onChange: (detail: string) => void) {
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    const listener = (event: MessageEvent<string>) => handler.current(event.data);
    source.addEventListener(topic, listener);
    return () => source.close();
  }, [topic]);
}

/** Keeps gig lists current: the server announces changes over server-sent events. */
export function useLiveGigUpdates(queryKeys: readonly (readonly string[])[]) {
  const client = useQueryClient();
  useLiveEvents('gigs', () => {
    for (const key of queryKeys) void client.invalidateQueries({ queryKey: key });
  });
}
