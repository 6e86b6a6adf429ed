import { z } from 'zod';

/** Issue 34: what Apple Wallet sends the PassKit web service (its documented bodies). */
export const appleWalletRegistrationSchema = z.object({ pushToken: z.string().regex(/^[0-9A-Za-z_-]{1,256}$/) });
export const appleWalletLogSchema = z.object({ logs: z.array(z.string().max(2000)).max(100) });

/** A device library identifier, a pass type identifier or a serial number, as they appear in its paths. */
export const appleWalletPathPart = z.string().regex(/^[0-9A-Za-z._-]{1,128}$/);
