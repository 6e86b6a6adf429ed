import net from 'node:net';
import { Agent, buildConnector, setGlobalDispatcher } from 'undici';
import { guardedLookup, isPrivateAddress, PrivateAddressError } from '../webhooks/webhook-addresses.ts';

/**
 * Decision 56: Fedify posts deliveries with the process's global fetch and follows an inbox's
 * redirects, checking neither the address it connects to nor where a redirect leads. In the
 * server process (main.ts), where Fedify is the only user of the global fetch, every connection
 * it opens is checked as it is made: a host that resolves to a loopback, private or link-local
 * address, or is one, is refused, whatever redirect or DNS answer led there (webhooks' guard).
 */
export function guardOutgoingFetch(): void {
  const connect = buildConnector({ lookup: guardedLookup(false) });
  setGlobalDispatcher(
    new Agent({
      connect(options, callback) {
        if (net.isIP(options.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(options.hostname.replace(/^\[|\]$/g, ''))) {
          callback(new PrivateAddressError(options.hostname), null);
          return;
        }
        connect(options, callback);
      },
    }),
  );
}
