import { Link, Navigate } from 'react-router';
import type { ReactNode } from 'react';
import { ROLE_LABELS, isRole, type Role } from '../../../core/roles.ts';
import { useSession, type Me } from '../../lib/session.ts';
import { AdminDashboard } from '../admin/admin-dashboard.tsx';
import { BandBooking, ManagerBooking } from '../booking/applicant-dashboards.tsx';
import { OrganiserGigs } from '../booking/organiser-dashboard.tsx';
import { RehearsalSpaceDashboard } from '../profiles/rehearsal-space-dashboard.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { MyTickets } from '../tickets/my-tickets.tsx';
import { RefundRequestsCard } from '../tickets/refund-requests-card.tsx';
import { DigestSwitch } from '../digest/digest-switch.tsx';
import { PaymentSetupCard, usePaymentSetupReturn } from '../payouts/payment-setup-card.tsx';
import { useHeldBandShares } from '../payouts/payment-setup-card.tsx';
import { SalesReportCard } from '../payouts/sales-report-card.tsx';
import { WebhooksCard } from '../webhooks/webhooks-card.tsx';
import { ManageJamSessions } from '../jam/manage-jam-sessions.tsx';
import { OutreachCard, VenueOutreachCard } from '../outreach/outreach-card.tsx';
import { PromoterRequestsCard } from '../promoter-venues/promoter-requests-card.tsx';
import { VenueDoorTeamCard } from '../door/venue-door-team-card.tsx';
import { EmailVerificationNotice } from '../auth/email-verification-notice.tsx';
import { ApiKeysCard } from '../api-keys/api-keys-card.tsx';
import { EmbedCard } from '../embed/embed-card.tsx';
import { FediverseCard } from '../federation/fediverse-card.tsx';

function DashboardFrame({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{title}</h1>
      {subtitle && <p className="mt-1 text-zinc-400">{subtitle}</p>}
      <div className="mt-8 space-y-6">{children}</div>
    </div>
  );
}

/** Everyone changes e-mail, location and password, or deletes the account, at /account (decision 40). */
function AccountSettingsLink() {
  return (
    <Link to="/account" className="btn-secondary max-sm:min-h-11">
      Account settings
    </Link>
  );
}

/** Fan and musician dashboards (spec 2 §2): e-mail, location and the weekly-update note. */
function ListenerDashboard({ me }: { me: Me }) {
  return (
    <DashboardFrame title={me.user.role === 'musician' ? 'Musician Dashboard' : 'Fan Dashboard'} subtitle="Welcome to Marquee">
      <section className="card space-y-3" aria-labelledby="account-heading">
        <h2 id="account-heading" className="text-xl font-semibold">
          Your account
        </h2>
        <dl className="grid gap-3 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-zinc-400">Email</dt>
            <dd className="font-medium">{me.user.email}</dd>
          </div>
          <div>
            <dt className="text-sm text-zinc-400">Location</dt>
            <dd className="font-medium">{me.user.locationName}</dd>
          </div>
        </dl>
        <AccountSettingsLink />
      </section>
      <MyTickets />
      {/* The weekly-updates note lives in the switch, so it never promises e-mails that are off. */}
      <DigestSwitch regionName={me.user.locationName} />
    </DashboardFrame>
  );
}

const SUMMARY_LABELS: Record<string, string> = {
  name: 'Name',
  companyName: 'Company',
  address: 'Address',
  phone: 'Phone',
  contactEmail: 'Contact email',
  email: 'Email',
  website: 'Website',
  instagramUrl: 'Instagram',
  description: 'Description',
  genres: 'Genres',
  performerType: 'Performer type',
  venues: 'Associated venues',
  artists: 'Managed artists',
  slug: 'Public page',
};

/** Bands and promoters have a mini-site on a subdomain (D16); venues a page under /venue. */
function publicAddress(role: Role, slug: string): string {
  const { protocol, host } = window.location;
  return role === 'venue' ? `${protocol}//${host}/venue/${slug}` : `${protocol}//${slug}.${host}`;
}

/** Where each role edits its profile (spec 2 §2). */
const EDIT_PROFILE: Partial<Record<Role, { to: string; label: string }>> = {
  venue: { to: '/edit-profile', label: 'Edit Venue Profile' },
  promoter: { to: '/edit-promoter-profile', label: 'Edit Promoter Profile' },
};

/** Issue 21 item 18: on a band's dashboard the profile summary is folded, below the band's own work. */
function FoldedWhen({ isFolded, children }: { isFolded: boolean; children: ReactNode }) {
  if (!isFolded) return children;
  return (
    <details className="space-y-3">
      <summary className="btn-secondary min-h-11 cursor-pointer">Profile summary</summary>
      {children}
    </details>
  );
}

/**
 * The account's profile summary, then what the role does here (booking for venues, promoters,
 * bands and managers) and its sales report (decision 41). A band's shows, applications, open gigs
 * and sales come first instead, and its profile summary is folded (issue 21 item 18).
 */
function ProfileDashboard({ me, role }: { me: Me; role: Role }) {
  const profile = me.profile ?? {};
  const title =
    role === 'rehearsal_space' ? `Welcome, ${profile.name || 'Rehearsal Space Owner'}!` : `${ROLE_LABELS[role]} Dashboard`;
  const rows = Object.entries(SUMMARY_LABELS)
    .filter(([key]) => key in profile)
    .map(([key, label]) => {
      const value = profile[key];
      const text = Array.isArray(value) ? value.join(role === 'band' ? ' / ' : ', ') : value;
      return { key, label, text: text ? String(text) : 'Not set' };
    });
  // Issue 34: while any of a band's shares is held, payment setup leads its dashboard.
  const heldShares = useHeldBandShares(role === 'band');
  const paymentSetupReturn = usePaymentSetupReturn();
  const paymentSetup = (role === 'band' || role === 'venue' || role === 'promoter') && (
    <PaymentSetupCard role={role} email={me.user.email} name={typeof profile.companyName === 'string' && profile.companyName ? profile.companyName : (profile.name ?? '')} held={heldShares} banner={paymentSetupReturn} />
  );
  return (
    <DashboardFrame title={title} subtitle={profile.name ? `Signed in as ${me.user.email}` : undefined}>
      {heldShares && paymentSetup}
      {/* Issue 21: each person's own work comes first: an organiser's gigs with 'Post a gig', a band's shows. */}
      {/* Issue 34 item 2: open refund requests lead the organiser's dashboard (the card hides itself when none is open). */}
      {(role === 'venue' || role === 'promoter') && <RefundRequestsCard />}
      {(role === 'venue' || role === 'promoter') && <OrganiserGigs />}
      {role === 'band' && <BandBooking hasBetaOutreach={profile.hasBetaOutreach === true} />}
      {role === 'band' && <SalesReportCard />}
      <FoldedWhen isFolded={role === 'band'}>
      <section className="card" aria-labelledby="profile-heading">
        <div className="flex flex-col gap-6 sm:flex-row">
          {typeof profile.imageUrl === 'string' && profile.imageUrl && (
            <img src={profile.imageUrl} alt="" className="aspect-video w-full self-start rounded-xl object-cover sm:w-64" />
          )}
          <div className="min-w-0 flex-1">
            <h2 id="profile-heading" className="text-xl font-semibold">
              Profile
            </h2>
            <dl className="mt-3 grid gap-3 sm:grid-cols-2">
              <div>
                <dt className="text-sm text-zinc-400">Account email</dt>
                <dd className="font-medium [overflow-wrap:anywhere]">{me.user.email}</dd>
              </div>
              <div>
                <dt className="text-sm text-zinc-400">Location</dt>
                <dd className="font-medium">{me.user.locationName}</dd>
              </div>
              {rows.map((r) => (
                <div key={r.key} className={r.key === 'description' ? 'sm:col-span-2' : undefined}>
                  <dt className="text-sm text-zinc-400">{r.label}</dt>
                  <dd className="font-medium [overflow-wrap:anywhere]">{r.key === 'slug' ? publicAddress(role, r.text) : r.text}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-4 flex flex-wrap gap-3">
              {EDIT_PROFILE[role] && (
                <Link to={EDIT_PROFILE[role].to} className="btn-secondary">
                  {EDIT_PROFILE[role].label}
                </Link>
              )}
              <AccountSettingsLink />
            </div>
          </div>
        </div>
      </section>
      </FoldedWhen>
      {!heldShares && paymentSetup}
      {role === 'band' && <OutreachCard />}
      {role === 'venue' && <VenueOutreachCard />}
      {role === 'venue' && <PromoterRequestsCard />}
      {role === 'venue' && <VenueDoorTeamCard />}
      {(role === 'venue' || role === 'promoter') && <SalesReportCard />}
      {/* Decision 53: keys to the public API's own-gig routes. */}
      {(role === 'band' || role === 'venue' || role === 'promoter') && <ApiKeysCard />}
      {/* Issue 26: their upcoming gigs on their own website. */}
      {(role === 'band' || role === 'venue' || role === 'promoter') && typeof profile.slug === 'string' && profile.slug && <EmbedCard role={role} slug={profile.slug} />}
      {/* Decision 56: their handle on the fediverse. */}
      {(role === 'band' || role === 'venue') && <FediverseCard />}
      {(role === 'venue' || role === 'promoter') && <WebhooksCard isEmailVerified={me.user.emailVerified} />}
      {role === 'venue' && <ManageJamSessions isAdmin={false} />}
      {role === 'artist_manager' && <ManagerBooking />}
      {role === 'artist_manager' && <SalesReportCard />}
    </DashboardFrame>
  );
}

/** Roles whose dashboard is built on their profile. */
const PROFILE_ROLES: ReadonlySet<Role> = new Set(['band', 'venue', 'promoter', 'artist_manager', 'rehearsal_space']);

export function DashboardPage() {
  useTitle('Dashboard');
  const { data: me, isPending } = useSession();
  if (isPending) return <p className="p-8 text-center text-zinc-400">Loading profile…</p>;
  if (!me) return <Navigate to="/login" replace />;
  const role = me.user.role;
  if (!isRole(role)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="alert" className="rounded-lg border border-red-500 bg-red-950 p-4 font-semibold text-red-200">
          No role assigned - Role: {String(role)}
        </p>
      </div>
    );
  }
  if (PROFILE_ROLES.has(role) && !me.profile) {
    // The account's role has a profile and none was found (spec 2 §8 'User data not found').
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <p role="alert" className="rounded-lg border border-red-500 bg-red-950 p-4 font-semibold text-red-200">
          User data not found
        </p>
      </div>
    );
  }
  return (
    <>
      {!me.user.emailVerified && (
        <div className="mx-auto max-w-5xl px-4 pt-8">
          <EmailVerificationNotice email={me.user.email} />
        </div>
      )}
      <RoleDashboard me={me} role={role} />
    </>
  );
}

function RoleDashboard({ me, role }: { me: Me; role: Role }) {
  if (role === 'fan' || role === 'musician') return <ListenerDashboard me={me} />;
  if (role === 'admin') return <AdminDashboard me={me} />;
  if (role === 'rehearsal_space') return <RehearsalSpaceDashboard me={me} />;
  return <ProfileDashboard me={me} role={role} />;
}

/** /promoter-dashboard (spec 2 §1): the promoter's dashboard; anyone else goes where /dashboard sends them. */
export function PromoterDashboardPage() {
  const { data: me } = useSession();
  if (me && me.user.role !== 'promoter') return <Navigate to="/dashboard" replace />;
  return <DashboardPage />;
}
