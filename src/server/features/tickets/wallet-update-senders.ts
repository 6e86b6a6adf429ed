import http2 from 'node:http2';
import { SignJWT } from 'jose';

/**
 * Issue 34: how a change to a saved pass reaches the phone. Apple: an empty push through APNs to
 * each device that registered the pass, after which the device asks the web service for the pass
 * again. Google: the object's state changed through the Wallet API. Each behind a small
 * interface: the real adapter (WALLET_UPDATES=send), or one that only records (no network).
 */
export type ApplePassPush = {
  readonly kind: 'apns' | 'record';
  /** Sends one update push to each token: `gone` are tokens APNs no longer knows (their registrations are dropped). */
  push(pushTokens: string[]): Promise<{ sent: string[]; gone: string[]; failed: string[] }>;
};

/** Google's states for a saved object: ACTIVE shows it as valid; EXPIRED moves it to the expired passes, shown void. */
export type GoogleObjectState = 'ACTIVE' | 'EXPIRED';

export type GoogleWalletResource = 'eventTicketClass' | 'eventTicketObject';

export type GoogleWalletObjects = {
  readonly kind: 'wallet-api' | 'record';
  /** Sets the event ticket object's state; 'missing' when Google has no such object (the fan never saved it). */
  setState(objectId: string, state: GoogleObjectState): Promise<'updated' | 'missing'>;
  /**
   * Issue 35: creates a class or object at Google before its save link is handed out, so the link's
   * JWT names the object only (Google's limit for links is 1,800 characters); 'exists' when Google
   * already has one with that id.
   */
  insert(resource: GoogleWalletResource, body: { id: string } & Record<string, unknown>): Promise<'created' | 'exists'>;
};

export const APNS_URL = 'https://api.push.apple.com';
export const GOOGLE_WALLET_API_URL = 'https://walletobjects.googleapis.com';
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const GOOGLE_WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const REQUEST_TIMEOUT_MS = 15_000;

/** The last this many records are kept (development has no real devices to look at). */
const RECORDS_KEPT = 100;
const keep = <T>(list: T[], ...items: T[]) => {
  list.push(...items);
  list.splice(0, Math.max(0, list.length - RECORDS_KEPT));
};

/** Only records what would have been sent (the job logs it): development and tests, with no network. */
export function recordingApplePush(): ApplePassPush & { pushed: string[] } {
  const pushed: string[] = [];
  return {
    kind: 'record',
    pushed,
    async push(pushTokens) {
      keep(pushed, ...pushTokens);
      return { sent: pushTokens, gone: [], failed: [] };
    },
  };
}

export function recordingGoogleObjects(): GoogleWalletObjects & { changes: { objectId: string; state: GoogleObjectState }[] } {
  const changes: { objectId: string; state: GoogleObjectState }[] = [];
  return {
    kind: 'record',
    changes,
    async setState(objectId, state) {
      keep(changes, { objectId, state });
      return 'updated';
    },
    // Nothing reaches Google here: the save link carries the class and object whole instead.
    async insert() {
      return 'created';
    },
  };
}

/**
 * APNs over HTTP/2, authenticated by the pass type certificate (Wallet pushes use it, not a
 * token key): POST /3/device/{token} with the pass type id as `apns-topic` and an empty `aps`.
 * Passes always use the production service. `ca` is for a test's stand-in only.
 */
export function apnsPush({ url = APNS_URL, passTypeId, cert, key, passphrase, ca }: { url?: string; passTypeId: string; cert: string; key: string; passphrase?: string; ca?: string }): ApplePassPush {
  return {
    kind: 'apns',
    async push(pushTokens) {
      const result = { sent: [] as string[], gone: [] as string[], failed: [] as string[] };
      if (pushTokens.length === 0) return result;
      const session = http2.connect(url, { cert, key, passphrase, ...(ca ? { ca } : {}) });
      session.on('error', () => undefined);
      try {
        await Promise.all(
          pushTokens.map(async (token) => {
            const status = await new Promise<number>((resolve) => {
              const request = session.request({ ':method': 'POST', ':path': `/3/device/${encodeURIComponent(token)}`, 'apns-topic': passTypeId, 'content-type': 'application/json' });
              request.setTimeout(REQUEST_TIMEOUT_MS, () => request.close(http2.constants.NGHTTP2_CANCEL));
              request.on('response', (headers) => resolve(Number(headers[':status'])));
              request.on('error', () => resolve(0));
              request.on('close', () => resolve(0));
              request.resume();
              request.end(JSON.stringify({ aps: {} }));
            });
            // 410: the device no longer has the pass; 400 BadDeviceToken: a token APNs never issued.
            if (status === 200) result.sent.push(token);
            else if (status === 410 || status === 400) result.gone.push(token);
            else result.failed.push(token);
          }),
        );
      } finally {
        session.close();
      }
      return result;
    },
  };
}

/**
 * Google's Wallet REST API with the service account: a JWT it signs (RS256) is exchanged for an
 * OAuth access token (kept until shortly before it expires), then
 * PATCH /walletobjects/v1/eventTicketObject/{id} `{ state }`, and POST /walletobjects/v1/{resource}
 * to insert a class or object (409 when it exists).
 */
export function googleWalletApi({
  apiUrl = GOOGLE_WALLET_API_URL,
  tokenUrl = GOOGLE_TOKEN_URL,
  serviceAccountEmail,
  privateKey,
}: {
  apiUrl?: string;
  tokenUrl?: string;
  serviceAccountEmail: string;
  privateKey: CryptoKey;
}): GoogleWalletObjects {
  let token: { value: string; until: number } | undefined;
  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const now = Math.floor(Date.now() / 1000);
    const assertion = await new SignJWT({ scope: GOOGLE_WALLET_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
      .setIssuer(serviceAccountEmail)
      .setAudience(tokenUrl)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(privateKey);
    const res = await fetch(tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`Google's token service answered ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in?: number };
    token = { value: body.access_token, until: Date.now() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }
  return {
    kind: 'wallet-api',
    async setState(objectId, state) {
      const res = await fetch(`${apiUrl}/walletobjects/v1/eventTicketObject/${encodeURIComponent(objectId)}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ state }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 404) return 'missing';
      if (res.status === 401) token = undefined;
      if (!res.ok) throw new Error(`Google Wallet answered ${res.status}`);
      return 'updated';
    },
    async insert(resource, body) {
      const res = await fetch(`${apiUrl}/walletobjects/v1/${resource}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (res.status === 409) return 'exists';
      if (res.status === 401) token = undefined;
      if (!res.ok) throw new Error(`Google Wallet answered ${res.status}`);
      return 'created';
    },
  };
}
