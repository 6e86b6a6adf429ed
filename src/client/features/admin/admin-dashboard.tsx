import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ROLE_LABELS, canBeImpersonated, type Role } from '../../../core/roles.ts';
import { formatLocalDate } from '../../../core/time.ts';
import { Alert } from '../../components/ui/field.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';
import { useRefreshSession, type Me } from '../../lib/session.ts';
import { ManageJamSessions } from '../jam/manage-jam-sessions.tsx';
import { WeeklyDigestCard } from '../digest/weekly-digest-card.tsx';
import { SmsCard } from '../sms/sms-card.tsx';
import { Pager } from '../../components/pager.tsx';
import { VenueVerificationQueue } from './venue-verification-queue.tsx';
import { AdminCampaignsCard } from '../outreach/admin-campaigns-card.tsx';
import { AdminBypassCard } from './admin-bypass-card.tsx';
import { HealthCard } from './health-card.tsx';
import { RefundRequestsCard } from '../tickets/refund-requests-card.tsx';

type Overview = { counts: { users: number; usersByRole: Record<string, number>; gigs: number; approvedGigs: number; upcomingGigs: number } };
type AdminUser = { id: string; email: string; name: string; role: Role; location: string; createdAt: string; hasBetaOutreach: boolean | null };
type AdminGig = { id: string; localDate: string; startTime: string; isApproved: boolean; isTicketed: boolean; ticketsSold: number; venueName: string; bandName: string | null; regionName: string };
type Page<K extends string, T> = Record<K, T[]> & { page: number; pageSize: number; total: number };

/** A searched, paged admin list: stays quick with 100,000 rows, since the server sends 50 at a time. */
function usePagedList<K extends string, T>(path: string, key: K) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const result = useQuery({
    queryKey: ['admin', path, query, page],
    queryFn: () => apiFetch<Page<K, T>>(`${path}?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(page) }).toString()}`),
    placeholderData: (previous) => previous,
  });
  const search = (q: string) => {
    setQuery(q.trim());
    setPage(1);
  };
  return { ...result, rows: result.data?.[key] ?? [], page, setPage, search };
}

function SearchForm({ label, placeholder, onSearch }: { label: string; placeholder: string; onSearch: (q: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      role="search"
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value);
      }}
    >
      <label className="text-sm">
        <span className="field-label">{label}</span>
        <input className="field-input" type="search" value={value} onChange={(e) => setValue(e.target.value)} placeholder={placeholder} />
      </label>
      <button type="submit" className="btn-secondary">
        Search
      </button>
    </form>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="card p-4">
      <p className="text-sm text-zinc-400">{label}</p>
      <p className="mt-1 text-3xl font-bold">{value}</p>
    </div>
  );
}

export function AdminDashboard({ me }: { me: Me }) {
  const { data, isPending, isError } = useQuery({ queryKey: ['admin-overview'], queryFn: () => apiFetch<Overview>('/api/admin/overview') });
  const users = usePagedList<'users', AdminUser>('/api/admin/users', 'users');
  const gigs = usePagedList<'gigs', AdminGig>('/api/admin/gigs', 'gigs');
  const [error, setError] = useState('');
  const [busyId, setBusyId] = useState<string | null>(null);
  const refresh = useRefreshSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [betaNotice, setBetaNotice] = useState('');

  /** D25: beta outreach access, granted or revoked per band (audited on the server). */
  const setBetaOutreach = async (band: AdminUser, isEnabled: boolean) => {
    setError('');
    setBetaNotice('');
    setBusyId(band.id);
    try {
      await apiFetch(`/api/admin/bands/${band.id}/beta-outreach`, { method: 'PUT', body: JSON.stringify({ enabled: isEnabled }) });
      await queryClient.invalidateQueries({ queryKey: ['admin', '/api/admin/users'] });
      setBetaNotice(`Beta outreach ${isEnabled ? 'granted to' : 'revoked for'} ${band.name}.`);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Beta outreach could not be changed.');
    } finally {
      setBusyId(null);
    }
  };

  const impersonate = async (userId: string) => {
    setError('');
    setBusyId(userId);
    try {
      await postJson('/api/admin/impersonate', { userId });
      await refresh();
      void navigate('/dashboard');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Impersonation failed.');
      setBusyId(null);
    }
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Admin Dashboard</h1>
      <p className="mt-1 text-zinc-400">Signed in as {me.user.email}</p>
      <nav aria-label="Admin tools" className="mt-6 flex flex-wrap gap-3">
        <Link to="/admin/outbox" className="btn-secondary">
          Outbox (all e-mail)
        </Link>
        <Link to="/admin/emails" className="btn-secondary">
          E-mail previews
        </Link>
        <Link to="/venue-database" className="btn-secondary">
          Venue Database
        </Link>
        <Link to="/admin/gig-management" className="btn-secondary">
          Gig Management & Payment Releases
        </Link>
        <a href="/qr-scanner/" className="btn-secondary">
          Door Scanner
        </a>
        <Link to="/account" className="btn-secondary">
          Account settings
        </Link>
      </nav>
      {isPending && <p className="mt-8 text-zinc-400">Loading…</p>}
      {isError && <Alert>The admin overview could not be loaded.</Alert>}
      {data && (
        <>
          <section aria-label="Platform counts" className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-5">
            <Stat label="Users" value={data.counts.users} />
            <Stat label="Gigs" value={data.counts.gigs} />
            <Stat label="Approved gigs" value={data.counts.approvedGigs} />
            <Stat label="Upcoming gigs" value={data.counts.upcomingGigs} />
            <Stat label="Bands" value={data.counts.usersByRole.band ?? 0} />
          </section>

          <HealthCard />

          <VenueVerificationQueue />

          <RefundRequestsCard className="mt-8" />

          <section className="card mt-8" aria-labelledby="users-heading">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <h2 id="users-heading" className="text-xl font-semibold">
                  Users
                </h2>
                <p className="text-sm text-zinc-400">Impersonation tool: act as a band, venue, promoter or fan account.</p>
              </div>
              <SearchForm label="Search users" placeholder="Name, e-mail or role" onSearch={users.search} />
            </div>
            {error && <div className="mt-4"><Alert>{error}</Alert></div>}
            {betaNotice && <div className="mt-4"><Alert tone="success">{betaNotice}</Alert></div>}
            <div className="mt-4 max-h-[32rem] overflow-auto" tabIndex={0} role="region" aria-label="Users table">
              {/* Below sm each row is a stacked card, so e-mails and the Impersonate button stay readable. */}
              <table className="w-full text-left text-sm max-sm:block">
                <thead className="sticky top-0 bg-zinc-900 text-zinc-400 max-sm:sr-only">
                  <tr>
                    <th className="py-2 pr-3">Name</th>
                    <th className="py-2 pr-3">Email</th>
                    <th className="py-2 pr-3">Role</th>
                    <th className="py-2 pr-3">Location</th>
                    <th className="py-2 pr-3">Beta outreach</th>
                    <th className="py-2"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody className="max-sm:block">
                  {users.rows.map((u) => (
                    <tr key={u.id} className="border-t border-zinc-800 max-sm:block max-sm:py-2">
                      <td className="py-2 pr-3 max-sm:block max-sm:py-0 max-sm:font-semibold">{u.name}</td>
                      <td className="py-2 pr-3 [overflow-wrap:anywhere] max-sm:block max-sm:py-0">{u.email}</td>
                      <td className="py-2 pr-3 max-sm:inline max-sm:py-0 max-sm:text-zinc-400">{ROLE_LABELS[u.role] ?? u.role}</td>
                      <td className="py-2 pr-3 max-sm:inline max-sm:py-0 max-sm:text-zinc-400">{u.location}</td>
                      <td className="py-2 pr-3 max-sm:block max-sm:py-0">
                        {u.hasBetaOutreach !== null && (
                          <span className={u.hasBetaOutreach ? 'rounded bg-emerald-900 px-2 py-0.5 text-xs font-semibold text-emerald-200' : 'text-zinc-400'}>
                            <span className="sm:hidden">Beta outreach: </span>
                            {u.hasBetaOutreach ? 'On' : 'Off'}
                          </span>
                        )}
                      </td>
                      <td className="py-2 text-right max-sm:flex max-sm:flex-wrap max-sm:gap-2 max-sm:pt-2 max-sm:text-left">
                        {u.hasBetaOutreach !== null && (
                          <button
                            type="button"
                            className="btn-secondary mr-2 px-3 py-1.5 max-sm:mr-0 max-sm:min-h-11"
                            disabled={busyId !== null}
                            onClick={() => void setBetaOutreach(u, !u.hasBetaOutreach)}
                            aria-label={`${u.hasBetaOutreach ? 'Revoke' : 'Grant'} beta outreach for ${u.name}`}
                          >
                            {u.hasBetaOutreach ? 'Revoke beta' : 'Grant beta'}
                          </button>
                        )}
                        {canBeImpersonated(u.role) && u.id !== me.user.id && (
                          <button type="button" className="btn-secondary px-3 py-1.5 max-sm:min-h-11" disabled={busyId !== null} onClick={() => void impersonate(u.id)} aria-label={`Impersonate ${u.email}`}>
                            Impersonate
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {users.data && <Pager label="Users pages" page={users.page} pageSize={users.data.pageSize} total={users.data.total} onPage={users.setPage} />}
          </section>

          <section className="card mt-8" aria-labelledby="gigs-heading">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <h2 id="gigs-heading" className="text-xl font-semibold">
                Gigs
              </h2>
              <SearchForm label="Search gigs" placeholder="Venue, band or region" onSearch={gigs.search} />
            </div>
            <div className="mt-4 max-h-[32rem] overflow-auto" tabIndex={0} role="region" aria-label="Gigs table">
              <table className="w-full text-left text-sm">
                <thead className="sticky top-0 bg-zinc-900 text-zinc-400">
                  <tr>
                    <th className="py-2 pr-3">Date</th>
                    <th className="py-2 pr-3">Band</th>
                    <th className="py-2 pr-3">Venue</th>
                    <th className="py-2 pr-3">Region</th>
                    <th className="py-2 pr-3">Status</th>
                    <th className="py-2">Tickets sold</th>
                  </tr>
                </thead>
                <tbody>
                  {gigs.rows.map((g) => (
                    <tr key={g.id} className="border-t border-zinc-800">
                      <td className="py-2 pr-3 whitespace-nowrap">{formatLocalDate(g.localDate)}</td>
                      <td className="py-2 pr-3">{g.bandName ?? 'TBA'}</td>
                      <td className="py-2 pr-3">{g.venueName}</td>
                      <td className="py-2 pr-3">{g.regionName}</td>
                      <td className="py-2 pr-3">{g.isApproved ? 'Approved' : 'Pending'}</td>
                      <td className="py-2">{g.isTicketed ? g.ticketsSold : '-'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {gigs.data && <Pager label="Gigs pages" page={gigs.page} pageSize={gigs.data.pageSize} total={gigs.data.total} onPage={gigs.setPage} />}
          </section>
          <AdminCampaignsCard />
          <div className="mt-8">
            <AdminBypassCard />
          </div>
          <div className="mt-8 grid gap-8 lg:grid-cols-2">
            <WeeklyDigestCard />
            <SmsCard />
          </div>
          <div className="mt-8">
            <ManageJamSessions isAdmin />
          </div>
        </>
      )}
    </div>
  );
}
