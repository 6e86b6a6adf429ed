import { asc } from 'drizzle-orm';
import type { PublicConfig } from '../../../core/public-config.ts';
import type { Services } from '../../services.ts';
import { regions } from '../../db/schema.ts';

/** Settings the browser may see, and the regions (D6): served at /api/config and inlined in every page. */
export function getPublicConfig({ db, env, publicCache }: Services): Promise<PublicConfig> {
  return publicCache.get('public-config', async () => ({
    publicUrl: env.PUBLIC_URL,
    smsNumber: env.SMS_NUMBER,
    merchUrl: env.MERCH_URL,
    instagramUrl: env.INSTAGRAM_URL,
    supportEmail: env.SUPPORT_EMAIL,
    payments: env.PAYMENTS,
    regions: await db
      .select({ slug: regions.slug, name: regions.name, path: regions.path, timeZone: regions.timeZone, isDefault: regions.isDefault })
      .from(regions)
      .orderBy(asc(regions.sortOrder), asc(regions.name)),
  }));
}

/**
 * The config as a JSON data block for the page's head, so the header, SMS banner and location
 * menu render at once instead of jumping in after a request (layout shift, issue 6).
 */
export function renderConfigScript(config: PublicConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="marquee-config">${json}</script>`;
}
