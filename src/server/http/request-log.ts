import type { Logger } from '../logger.ts';

type RequestLine = { method: string; path: string; status: number; ms: number };

/**
 * Paths whose next segment is a key (issue 33): a ticket page's signed token, a checkout session
 * id (it opens /success and its tickets), and the e-mailed links' tokens (waitlist offers, booking
 * declines, unsubscribes, outreach replies). Whoever reads the logs must not be able to open them.
 */
const KEYED_PATHS = /^((?:\/api)?\/(?:ticket|ticket-page|tickets\/checkout|sandbox\/checkout|waitlist\/offers|booking\/declines?|unsubscribe|outreach\/respond|outreach\/opt-out|outreach\/campaigns\/session)\/)[^/]+/;

/** The path as the log keeps it: a key in it replaced by `:redacted`. */
export const loggedPath = (path: string) => path.replace(KEYED_PATHS, '$1:redacted');

/**
 * One JSON line per request the app routes. Public answers served ready from the cache (the
 * fast path, tens of thousands a second at an on-sale) are logged one in `cacheHitSample`, each
 * line saying how many it stands for; the metrics still count every one (issue 22).
 */
export function createRequestLog(logger: Logger, cacheHitSample: number) {
  let hitsSinceLine = 0;
  return {
    request(line: RequestLine) {
      if (logger.isLevelEnabled('info')) logger.info({ ...line, path: loggedPath(line.path) }, 'request');
    },
    cacheHit(line: RequestLine) {
      if (++hitsSinceLine < cacheHitSample) return;
      hitsSinceLine = 0;
      // The fast path knows the raw target; the line names the path alone, as for every request.
      if (logger.isLevelEnabled('info')) logger.info({ ...line, path: loggedPath(line.path.split('?')[0]!), sampled: cacheHitSample }, 'request');
    },
  };
}
