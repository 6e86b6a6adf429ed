import type { PaymentsMode } from './payments-mode.ts';

export type Region = { slug: string; name: string; path: string | null; timeZone: string; isDefault: boolean };

/** Settings the browser may see, and the regions (D6). */
export type PublicConfig = {
  publicUrl: string;
  smsNumber: string;
  merchUrl: string;
  instagramUrl: string;
  supportEmail: string;
  /** Decision 35: which card provider sells tickets; 'sandbox' shows 'Test mode: no real money', 'off' sells none. */
  payments: PaymentsMode;
  regions: Region[];
};
