import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import type { Role } from '../../core/roles.ts';
import type { Db } from '../db/client.ts';
import { session, user } from '../db/schema.ts';
import type { Auth } from './create-auth.ts';

export type SessionUser = { id: string; email: string; emailVerified: boolean; name: string; role: Role; location: string; createdAt: Date };
export type CurrentSession = { user: SessionUser; impersonatedBy: string | null };

/**
 * Who is asking, on Marquee's own routes (decision 31). better-auth signs people in, signs them
 * out, resets passwords and impersonates; this only reads the session it made, as its getSession
 * does with our settings (no cookie cache, no refresh): the signed session cookie, checked with the
 * same key, then the session and its user in one prepared statement, refused once expired.
 * The door scanner and every signed-in page call this, so it costs one statement and no more.
 */
export function createSessionReader(auth: Auth, db: Db) {
  const settings = auth.$context.then((context) => ({ cookieName: context.authCookies.sessionToken.name, secret: context.secret }));
  const findSession = db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      role: user.role,
      location: user.location,
      createdAt: user.createdAt,
      impersonatedBy: session.impersonatedBy,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`)))
    .prepare('marquee_read_session');

  // Issue 34, item 14: a cookie whose signature held once holds every time (the value and the key
  // do not change), so a signed-in device's repeat requests skip the HMAC. Only good signatures
  // are kept, and only so many; whether the session is still live is asked of the database every time.
  const verified = new Map<string, string>();
  async function readToken(headers: Headers): Promise<string | null> {
    const { cookieName, secret } = await settings;
    const cookie = parse(headers.get('cookie') ?? '', cookieName)[cookieName];
    if (!cookie) return null;
    const known = verified.get(cookie);
    if (known !== undefined) return known;
    const token = readSignedValue(cookie, secret);
    if (token) {
      if (verified.size >= VERIFIED_COOKIES_KEPT) verified.clear();
      verified.set(cookie, token);
    }
    return token;
  }

  async function readSession(headers: Headers): Promise<CurrentSession | null> {
    const token = await readToken(headers);
    if (!token) return null;
    const [row] = await findSession.execute({ token });
    if (!row) return null;
    const { impersonatedBy, ...sessionUser } = row;
    return { user: sessionUser, impersonatedBy };
  }
  /**
   * `readToken`: the session token of a correctly signed cookie, or null, without asking the
   * database whether it is still live: for a route that checks the session in its own statement
   * (the door's admission: `admitTicketAs`).
   */
  return Object.assign(readSession, { readToken });
}
export type SessionReader = ReturnType<typeof createSessionReader>;

/** How many correctly signed session cookies a reader remembers (then it starts again). */
const VERIFIED_COOKIES_KEPT = 10_000;

/**
 * The value of a cookie signed the way better-auth signs it (`value.base64(HMAC-SHA256(value))`),
 * or null when it is missing or its signature does not match.
 */
export function readSignedValue(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = Buffer.from(cookie.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(value).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? value : null;
}
