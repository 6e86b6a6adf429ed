import { Hono, type Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { clientIp } from '../../http/client-ip.ts';
import { eq } from 'drizzle-orm';
import { registerSchema, resendVerificationSchema } from '../../../core/schemas/account.ts';
import { AppError } from '../../http/app-error.ts';
import { limitHits } from '../../http/rate-limit.ts';
import { getCurrentSession, requireSession } from '../../http/session.ts';
import { parseInput, readFormBody, readJsonBody } from '../../http/validate.ts';
import type { Services } from '../../services.ts';
import { regions, user } from '../../db/schema.ts';
import { listVenueChoices } from '../profiles/update-promoter-profile.ts';
import { getProfileSummary } from './get-profile-summary.ts';
import { registerAccount } from './register-account.ts';
import { resendVerificationEmail } from './email-verification.ts';
import { changeLocation } from './change-location.ts';
import { changeAccountPassword } from './change-password.ts';
import { confirmEmailChange, requestEmailChange } from './change-email.ts';
import { deleteAccount } from './delete-account.ts';

async function readRegistration(c: Context) {
  const body = await readFormBody(c);
  let data: unknown;
  try {
    data = JSON.parse(typeof body.data === 'string' ? body.data : '');
  } catch {
    throw new AppError('BAD_REQUEST', 'The registration form could not be read. Please try again.');
  }
  const file = body.image;
  const image = file instanceof File && file.size > 0 ? Buffer.from(await file.arrayBuffer()) : undefined;
  return { data, image };
}

export function accountRoutes(services: Services) {
  const app = new Hono();

  app.post('/register', async (c) => {
    if (await getCurrentSession(services, c)) throw new AppError('CONFLICT', 'You are already signed in.');
    const { data, image } = await readRegistration(c);
    const input = parseInput(registerSchema, data);
    const { setCookies } = await registerAccount(services, input, { image, headers: c.req.raw.headers, ipAddress: clientIp(c) });
    for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ ok: true }, 201);
  });

  app.get('/me', async (c) => {
    const session = await getCurrentSession(services, c);
    if (!session) return c.json({ me: null });
    const { user: u } = session;
    const [region] = await services.db.select({ name: regions.name }).from(regions).where(eq(regions.slug, u.location));
    let impersonation = null;
    if (session.impersonatedBy) {
      const [admin] = await services.db.select({ email: user.email }).from(user).where(eq(user.id, session.impersonatedBy));
      impersonation = { adminId: session.impersonatedBy, adminEmail: admin?.email ?? '' };
    }
    return c.json({
      me: {
        user: { ...u, locationName: region?.name ?? u.location },
        profile: await getProfileSummary(services.db, u.id, u.role),
        impersonation,
      },
    });
  });

  /** 'Send the link again' (D32): another verification e-mail for the signed-in, unverified account. */
  app.post('/me/verification-email', async (c) => {
    const { user: account } = await requireSession(services, c);
    parseInput(resendVerificationSchema, await readJsonBody(c));
    return c.json(await resendVerificationEmail(services, account));
  });

  // Account settings (decision 40): every role, from /account.
  app.put('/me/location', async (c) => {
    const { user: account } = await requireSession(services, c);
    return c.json(await changeLocation(services, account, await readJsonBody(c)));
  });

  app.post('/me/password', async (c) => {
    const session = await requireSession(services, c);
    const cookies = await changeAccountPassword(services, session, await readJsonBody(c), c.req.raw.headers);
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ message: 'Password changed. You were signed out everywhere else.' });
  });

  app.post('/me/email', async (c) => {
    const session = await requireSession(services, c);
    return c.json(await requestEmailChange(services, session, await readJsonBody(c)));
  });

  /** The link in the new address's e-mail: the token is the key, pressed on a page, never a bare GET. */
  app.post('/email-change/confirm', async (c) => {
    await limitHits(services, `email-change-confirm:${clientIp(c)}`, { windowMs: 60 * 60 * 1000, max: 30, message: 'Too many attempts. Please try again later.' });
    return c.json(await confirmEmailChange(services, await readJsonBody(c)));
  });

  app.post('/me/delete', async (c) => {
    const session = await requireSession(services, c);
    const result = await deleteAccount(services, session, await readJsonBody(c));
    const { name } = (await services.auth.$context).authCookies.sessionToken;
    deleteCookie(c, name, { path: '/', secure: name.startsWith('__Secure-') });
    return c.json(result);
  });

  /** The venue picker of the promoter registration and editor: accounts with the venue role. */
  app.get('/venues/options', async (c) => c.json({ venues: await listVenueChoices(services.db) }));

  return app;
}
