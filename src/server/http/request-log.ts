import type { Logger } from '../logger.ts';

type RequestLine = { method: string; path: string; status: number; ms: number };

/**
 * One JSON line per request the app routes. Public answers served ready from the cache (the
 * fast path, tens of thousands a second at an on-sale) are logged one in `cacheHitSample`, each
 * line saying how many it stands for; the metrics still count every one (issue 22).
 */
export function createRequestLog(logger: Logger, cacheHitSample: number) {
  let hitsSinceLine = 0;
  return {
    request(line: RequestLine) {
      if (logger.isLevelEnabled('info')) logger.info(line, 'request');
    },
    cacheHit(line: RequestLine) {
      if (++hitsSinceLine < cacheHitSample) return;
      hitsSinceLine = 0;
      // The fast path knows the raw target; the line names the path alone, as for every request.
      if (logger.isLevelEnabled('info')) logger.info({ ...line, path: line.path.split('?')[0], sampled: cacheHitSample }, 'request');
    },
  };
}
