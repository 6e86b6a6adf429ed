import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { DECLINE_REASON_MESSAGE, VENUE_VERIFICATION_STATUSES, type VenueVerificationStatus } from '../../../core/schemas/venue-verification.ts';
import { Alert, TextAreaField } from '../../components/ui/field.tsx';
import { Pager } from '../../components/pager.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';

type QueuedVenue = {
  id: string;
  name: string;
  slug: string;
  address: string;
  regionName: string | null;
  email: string;
  isEmailVerified: boolean;
  registeredAt: string;
  verifiedAt: string | null;
  declinedAt: string | null;
  declineReason: string | null;
};
type Queue = { venues: QueuedVenue[]; page: number; pageSize: number; total: number };

const STATUS_LABELS: Record<VenueVerificationStatus, string> = { awaiting: 'Awaiting verification', verified: 'Verified', declined: 'Declined' };
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The reason field for declining or revoking, shown under the venue it is for. */
function DeclineForm({ venue, isRevoke, onDone, onCancel }: { venue: QueuedVenue; isRevoke: boolean; onDone: (message: string) => void; onCancel: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const decline = useMutation({ mutationFn: () => postJson<{ message: string }>(`/api/admin/venue-verifications/${encodeURIComponent(venue.id)}/decline`, { reason }) });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setError(DECLINE_REASON_MESSAGE);
    try {
      onDone((await decline.mutateAsync()).message);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fields.reason ?? err.message) : 'That did not work. Please try again.');
    }
  };
  return (
    <form className="mt-3 space-y-2" onSubmit={(e) => void submit(e)} noValidate>
      <TextAreaField
        label={`Why ${isRevoke ? 'revoke' : 'decline'} ${venue.name}? The venue reads this.`}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
        error={error || undefined}
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-secondary px-3 py-1.5" disabled={decline.isPending}>
          {isRevoke ? 'Revoke verification' : 'Decline verification'}
        </button>
        <button type="button" className="btn-secondary px-3 py-1.5" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/**
 * Decision 33: venues wait here until an admin approves them; only then (with a verified e-mail)
 * do they sell tickets and book bands directly. Every decision is in the audit log.
 */
export function VenueVerificationQueue() {
  const [status, setStatus] = useState<VenueVerificationStatus>('awaiting');
  const [page, setPage] = useState(1);
  const [declining, setDeclining] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const queryClient = useQueryClient();
  const queue = useQuery({
    queryKey: ['admin', 'venue-verifications', status, page],
    queryFn: () => apiFetch<Queue>(`/api/admin/venue-verifications?${new URLSearchParams({ status, page: String(page) }).toString()}`),
    placeholderData: (previous) => previous,
  });
  const approve = useMutation({ mutationFn: (venueId: string) => postJson<{ message: string }>(`/api/admin/venue-verifications/${encodeURIComponent(venueId)}/approve`, {}) });
  const decided = async (text: string) => {
    setDeclining(null);
    setNotice({ tone: 'success', text });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'venue-verifications'] });
  };
  const approveVenue = async (venue: QueuedVenue) => {
    setNotice(null);
    try {
      await approve.mutateAsync(venue.id);
      await decided(`${venue.name} is verified.`);
    } catch (err) {
      setNotice({ tone: 'error', text: err instanceof ApiError ? err.message : 'That did not work. Please try again.' });
    }
  };
  const venues = queue.data?.venues ?? [];

  return (
    <section className="card mt-8" aria-labelledby="venue-verification-heading">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="venue-verification-heading" className="text-xl font-semibold">
            Venue verification
          </h2>
          <p className="text-sm text-zinc-400">A venue sells tickets and books bands directly once its e-mail is verified and you approve it here.</p>
        </div>
        <label className="text-sm">
          <span className="field-label">Show</span>
          <select
            className="field-input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as VenueVerificationStatus);
              setPage(1);
              setDeclining(null);
            }}
          >
            {VENUE_VERIFICATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {notice && (
        <div className="mt-4">
          <Alert tone={notice.tone}>{notice.text}</Alert>
        </div>
      )}
      {queue.isError && (
        <div className="mt-4">
          <Alert>The venue queue could not be loaded.</Alert>
        </div>
      )}
      {queue.data && venues.length === 0 && <p className="mt-4 text-zinc-300">{status === 'awaiting' ? 'No venues are waiting.' : `No ${STATUS_LABELS[status].toLowerCase()} venues.`}</p>}
      <ul className="mt-4 divide-y divide-zinc-800" aria-label={STATUS_LABELS[status]}>
        {venues.map((venue) => (
          <li key={venue.id} className="py-4" aria-label={venue.name}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1 text-sm">
                <Link to={`/venue/${venue.slug}`} state={{ venueId: venue.id }} className="text-base font-semibold text-brand-400 underline underline-offset-2">
                  {venue.name}
                </Link>
                <p className="[overflow-wrap:anywhere]">
                  {venue.email}{' '}
                  <span className={`whitespace-nowrap ${venue.isEmailVerified ? 'text-emerald-300' : 'text-amber-300'}`}>{venue.isEmailVerified ? '(e-mail verified)' : '(e-mail not verified yet)'}</span>
                </p>
                <p className="text-zinc-300">
                  {venue.address || 'No address given'}
                  {venue.regionName ? ` · ${venue.regionName}` : ''}
                </p>
                <p className="text-zinc-400">
                  Registered {day(venue.registeredAt)}
                  {venue.verifiedAt ? ` · verified ${day(venue.verifiedAt)}` : ''}
                  {venue.declinedAt ? ` · declined ${day(venue.declinedAt)}` : ''}
                </p>
                {venue.declineReason && status === 'declined' && <p className="text-zinc-300">Reason: {venue.declineReason}</p>}
              </div>
              <div className="flex flex-wrap gap-2">
                {status !== 'verified' && (
                  <button type="button" className="btn-primary px-3 py-1.5" disabled={approve.isPending} onClick={() => void approveVenue(venue)} aria-label={`Approve ${venue.name}`}>
                    Approve
                  </button>
                )}
                {status !== 'declined' && declining !== venue.id && (
                  <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setDeclining(venue.id)} aria-label={`${status === 'verified' ? 'Revoke' : 'Decline'} ${venue.name}`}>
                    {status === 'verified' ? 'Revoke…' : 'Decline…'}
                  </button>
                )}
              </div>
            </div>
            {declining === venue.id && <DeclineForm venue={venue} isRevoke={status === 'verified'} onDone={(text) => void decided(text)} onCancel={() => setDeclining(null)} />}
          </li>
        ))}
      </ul>
      {queue.data && <Pager label="Venue verification pages" page={page} pageSize={queue.data.pageSize} total={queue.data.total} onPage={setPage} />}
    </section>
  );
}
