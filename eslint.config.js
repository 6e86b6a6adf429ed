// ESLint (flat config). `npm run lint`; `npm test` runs it first. What is enforced and why:
// docs/decisions/0014-lint.md.
import './eslint/use-typescript-5.9.js'; // first: typescript-eslint must find TypeScript 5.9, not 7
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, globalIgnores } from 'eslint/config';
import js from '@eslint/js';
import globals from 'globals';
import { importBoundaries } from './eslint/import-boundaries.js';

// Imported after the hook above is in place (static imports would be resolved before it runs).
const { default: tseslint } = await import('typescript-eslint');
const { default: reactHooks } = await import('eslint-plugin-react-hooks');
const { default: drizzle } = await import('eslint-plugin-drizzle');

/**
 * A feature's public surface: the files of src/{server,client}/features/NAME that code outside that
 * feature may import. Everything else in a feature folder is internal to it. To share a file on
 * purpose, add it here (and keep the list honest: if another feature uses it, it belongs here).
 * The composition roots below (the server's app, the client's router and layout) wire the
 * features together and may import any of their files (routes, pages).
 */
const featureExports = {
  'server/accounts': ['password-strength.ts', 'site-names.ts', 'email-verification.ts'],
  'server/legacy-import': ['export-format.ts', 'import-legacy.ts', 'import-report.ts', 'read-legacy-export.ts', 'legacy-password.ts', 'verify-legacy-password.ts', 'send-set-password-emails.ts'],
  'server/admin': ['grant-admins.ts', 'admin-search.ts'],
  'server/public-api': ['api-http.ts'],
  'server/booking': ['notify-bands.ts', 'band-bookings.ts', 'mail-application-outcomes.ts', 'gig-ownership.ts', 'decline-window.ts'],
  'server/promoter-venues': ['request-venue-associations.ts'],
  'server/calendar': ['build-calendar-feed.ts'],
  'server/directories': ['get-venue-page.ts', 'list-bands.ts', 'list-rehearsal-spaces.ts', 'list-venues.ts'],
  'server/discovery': ['public-gigs.ts', 'list-home-gigs.ts', 'list-region-gigs.ts', 'get-ticket-offer.ts'],
  'server/followers': ['follow-band.ts', 'notify-followers.ts'],
  'server/live': ['live-events.ts'],
  'server/ops': ['create-backup.ts', 'restore-backup.ts', 'prune-backups.ts', 'describe-backup.ts', 'postgres-tools.ts', 'serve-backup-requests.ts', 'read-health.ts'],
  'server/digest': ['unsubscribe-by-token.ts'],
  'server/outreach': ['answer-outreach.ts', 'apply-outreach-payment.ts', 'wake-outreach.ts', 'send-outreach-campaigns.ts'],
  'server/payouts': ['payment-accounts.ts', 'record-ticket-shares.ts', 'refund-ticket.ts', 'process-pending-refunds.ts', 'send-pending-transfers.ts', 'band-share-holds.ts'],
  'server/profiles': ['assert-own-images.ts', 'update-promoter-profile.ts'],
  'server/sites': ['find-by-name.ts', 'get-band-site.ts', 'get-promoter-site.ts', 'resolve-site.ts'],
  'server/tickets': ['admit-ticket.ts', 'apply-payment-event.ts', 'place-ticket-order.ts', 'ticket-sales.ts', 'settle-expired-orders.ts', 'wallet-settings.ts', 'release-expired-orders.ts', 'fulfil-paid-order.ts', 'find-order-show.ts', 'list-my-tickets.ts', 'ticket-links.ts', 'transfer-ticket.ts', 'gig-ticket-counts.ts', 'wallet-pass-updates.ts'],
  'server/waitlist': ['fulfil-waitlist-order.ts', 'waitlist-offers.ts', 'offer-waitlist-tickets.ts', 'return-ticket.ts'],
  'server/uploads': ['store-image.ts', 'process-image.ts'],
  'server/door': ['door-keys.ts', 'door-devices.ts', 'read-door-code.ts', 'count-door.ts', 'door-gigs.ts'],
  'server/webhooks': ['emit-webhook-event.ts', 'webhook-addresses.ts'],
  'server/seo': ['json-ld.ts'],
  'server/federation': ['federate-gigs.ts', 'create-federation.ts', 'federation-store.ts', 'guard-outgoing-fetch.ts', 'federation-failures.ts'],
  'client/admin': ['admin-dashboard.tsx'],
  'client/auth': ['venue-picker.tsx', 'email-verification-notice.tsx'],
  'client/account': ['account-settings.tsx', 'password-change-card.tsx'],
  'client/payouts': ['payment-setup-card.tsx', 'sales-report-card.tsx'],
  'client/profiles': ['rehearsal-space-dashboard.tsx'],
  'client/tickets': ['my-tickets.tsx', 'ticket-types-editor.tsx', 'refund-requests-card.tsx', 'ticket-holders.tsx', 'ticket-handle.ts'],
  'client/booking': ['applicant-dashboards.tsx', 'organiser-dashboard.tsx', 'gig-fields.tsx'],
  'client/booking-consent': ['decline-booking.tsx'],
  'client/promoter-venues': ['promoter-requests-card.tsx', 'promoter-venue-status.tsx', 'api.ts'],
  'client/jam': ['manage-jam-sessions.tsx'],
  'client/digest': ['weekly-digest-card.tsx', 'digest-switch.tsx'],
  'client/sms': ['sms-card.tsx'],
  'client/outreach': ['outreach-card.tsx', 'admin-campaigns-card.tsx'],
  'client/followers': ['follow-form.tsx'],
  'client/waitlist': ['waitlist-join-form.tsx'],
  'client/gigs': ['types.ts', 'ticket-button.tsx', 'home-gig-card.tsx', 'region-gig-card.tsx'],
  'client/home': ['home-page.tsx'],
  'client/regions': ['location-selector.tsx'],
  'client/sites': ['site-parts.tsx'],
  'client/holders': ['gig-holder-tools.tsx', 'cancelled-show-notice.tsx'],
  'client/door': ['gig-door-panel.tsx', 'venue-door-team-card.tsx'],
  'client/api-keys': ['api-keys-card.tsx'],
  'client/embed': ['embed-card.tsx'],
  'client/webhooks': ['webhooks-card.tsx'],
  'client/federation': ['fediverse-card.tsx'],
};
const compositionRoots = ['src/server/app.ts', 'src/server/create-services.ts', 'src/server/jobs/register-jobs.ts', 'src/client/app/'];
for (const [feature, files] of Object.entries(featureExports)) {
  for (const file of files) {
    if (!existsSync(path.join(import.meta.dirname, 'src', feature.replace('/', '/features/'), file))) {
      throw new Error(`eslint.config.js: featureExports lists ${feature}/${file}, which does not exist`);
    }
  }
}

export default defineConfig(
  globalIgnores([
    'dist/',
    'node_modules/',
    'test-results/',
    'playwright-report/',
    'data/',
    'bench/results/',
    'drizzle/', // generated by drizzle-kit
  ]),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // Async callbacks handed to APIs that await them (better-auth hooks, test doubles) are async on
      // purpose: dropping `async` would turn a throw into a synchronous one.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read JSON bodies (typed any by the test client and Response.json()) and check them with
    // expect(), which is their type check.
    files: ['**/*.test.ts', 'tests/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['src/client/**', 'src/door/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.js'], // this config and its rule: not in tsconfig, so no type information
    extends: [tseslint.configs.disableTypeChecked],
  },

  {
    files: ['src/client/**/*.{ts,tsx}', 'src/door/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // Decision 59: 'react-router' is Marquee's own src/client/lib/router.tsx (vite.config.ts), which
    // has only these; anything else would type-check against React Router's types and fail at run time.
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              allowImportNames: ['BrowserRouter', 'Link', 'NavLink', 'Navigate', 'Outlet', 'Route', 'Routes', 'useLocation', 'useNavigate', 'useParams', 'useSearchParams', 'Location', 'NavigateFunction'],
              message: 'Only what src/client/lib/router.tsx implements (decision 59): add a feature there first.',
            },
          ],
        },
      ],
    },
  },

  {
    files: ['**/*.ts'],
    plugins: { drizzle },
    rules: {
      'drizzle/enforce-delete-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
      'drizzle/enforce-update-with-where': ['error', { drizzleObjectName: ['db', 'tx'] }],
    },
  },

  {
    plugins: { marquee: { rules: { 'import-boundaries': importBoundaries } } },
    rules: {
      'marquee/import-boundaries': ['error', { root: import.meta.dirname, featureExports, compositionRoots }],
    },
  },
);
