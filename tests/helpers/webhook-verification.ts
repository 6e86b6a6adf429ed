import type { ServerResponse } from 'node:http';

/**
 * A test receiver's answer to Marquee's verification request (issue 33): the challenge echoed, as
 * an organiser's receiver does once. True when `body` was that request (not an event to keep).
 */
export function answerVerification(body: string, res: ServerResponse): boolean {
  const parsed = (() => {
    try {
      return JSON.parse(body) as { type?: string; data?: { challenge?: string } };
    } catch {
      return null;
    }
  })();
  if (parsed?.type !== 'webhook.verification') return false;
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ challenge: parsed.data?.challenge }));
  return true;
}
