import { useState, type FormEvent } from 'react';
import { formatCents } from '../../../core/money.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { Alert } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { useDecideApplication, useDeleteGig, useUpdateGig, type ApplicantCard, type OrganiserGig } from './api.ts';
import {
  describeSaveFailure,
  GIG_FIELDS,
  GigDetailsFields,
  isTicketingValid,
  ORGANISER_PAYOUT_WARNING,
  TicketingFields,
  ticketingPayload,
  withoutChangedErrors,
  type GigDetailsState,
  type TicketingState,
} from './gig-fields.tsx';
import { GigTerms } from './gig-terms.tsx';
import { TicketTypesEditor } from '../tickets/ticket-types-editor.tsx';
import { TicketHolders } from '../tickets/ticket-holders.tsx';
import { StatusBadge } from './status-badge.tsx';
import { GigHolderTools } from '../holders/gig-holder-tools.tsx';
import { GigDoorPanel } from '../door/gig-door-panel.tsx';
import { TicketCounts } from '../../components/ticket-counts.tsx';
import { BAND_SHARE_HOLD_DAYS } from '../../../core/band-payouts.ts';

const DELETE_CONFIRM = 'Are you sure you want to delete this gig? This action cannot be undone.';
/** Issue 21: the card's buttons are at least 44 px tall on a phone, compact beside the text on wider screens. */
const CARD_BUTTON = 'min-h-11 px-3 py-1.5 text-sm sm:min-h-0';

type Notice = { tone: 'error' | 'success'; text: string } | null;

/** The server's reason when it gave one a person can act on; otherwise only the spec's message. */
const withReason = (message: string, error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 422 ? `${message} ${error.message}` : message;

/**
 * Issue 21 (item 13): approving books the gig, turns the other applicants down and tells them, and
 * cannot be undone, so it is confirmed first, saying all of that and the date.
 */
function ApproveDialog({ applicant, gig, onClose, onApproved }: { applicant: ApplicantCard; gig: OrganiserGig; onClose: () => void; onApproved: (message: string) => void }) {
  const decide = useDecideApplication();
  const [error, setError] = useState('');
  const others = gig.applications.filter((a) => a.id !== applicant.id && a.status !== 'accepted').length;
  const approve = async () => {
    setError('');
    try {
      const result = await decide.mutateAsync({ applicationId: applicant.id, decision: 'approve' });
      onApproved(result.message ?? `${applicant.name} is booked.`);
    } catch (err) {
      // The spec logs these without a message; a person is still told why it did not happen.
      console.error('Could not approve the application', err);
      setError(err instanceof ApiError && err.status === 409 ? err.message : 'The booking did not go through. Please try again.');
    }
  };
  return (
    <Modal title={`Book ${applicant.name}?`} onClose={onClose}>
      <div className="space-y-3">
        <p>
          {applicant.name} gets the gig on <strong>{formatLocalDate(gig.localDate)}</strong>, {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}, and it goes on
          your public listings.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-300">
          <li>{applicant.name} is e-mailed that it is booked.</li>
          {others > 0 && <li>{others === 1 ? 'The other applicant is' : `The other ${others} applicants are`} turned down and e-mailed that another act got the date.</li>}
          {applicant.siteSlug && <li>{applicant.name}'s followers hear about the show.</li>}
        </ul>
        <p className="text-sm text-zinc-400">This cannot be undone here.</p>
        {error && <Alert>{error}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn-primary" disabled={decide.isPending} onClick={() => void approve()}>
            {decide.isPending ? 'Booking…' : `Book ${applicant.name}`}
          </button>
        </div>
      </div>
    </Modal>
  );
}

function Applicant({ applicant, gig, isOpen, onApproved }: { applicant: ApplicantCard; gig: OrganiserGig; isOpen: boolean; onApproved: (message: string) => void }) {
  const decide = useDecideApplication();
  const { data: config } = usePublicConfig();
  const [error, setError] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const reject = async () => {
    setError('');
    try {
      await decide.mutateAsync({ applicationId: applicant.id, decision: 'reject' });
    } catch (err) {
      // The spec logs these without a message; a person is still told when the gig was taken.
      console.error('Could not reject the application', err);
      if (err instanceof ApiError && err.status === 409) setError(err.message);
    }
  };
  const siteHref = applicant.siteSlug && config ? siteUrl(config.publicUrl, applicant.siteSlug) : applicant.website;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-zinc-700 bg-zinc-900/60 p-3 sm:flex-row sm:items-center">
      {applicant.imageUrl ? (
        <img src={applicant.imageUrl} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg object-cover" />
      ) : (
        <div aria-hidden="true" className="flex h-16 w-16 shrink-0 items-center justify-center rounded-lg bg-zinc-800 text-2xl">
          ♪
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {siteHref ? (
            <a href={siteHref} className="link" target="_blank" rel="noopener noreferrer">
              {applicant.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : (
            applicant.name
          )}
        </p>
        {applicant.genres.length > 0 && <p className="text-sm text-zinc-400">{applicant.genres.join(' / ')}</p>}
        {applicant.managerName && <p className="text-sm text-zinc-400">Managed by {applicant.managerName}</p>}
        {error && <p className="field-error">{error}</p>}
      </div>
      <div className="flex items-center gap-2">
        {applicant.status !== 'pending' && <StatusBadge status={applicant.status} />}
        {isOpen && applicant.status === 'pending' && (
          <>
            <button type="button" className={`btn-primary ${CARD_BUTTON}`} disabled={decide.isPending} onClick={() => setIsConfirming(true)}>
              Approve<span className="sr-only"> {applicant.name}</span>
            </button>
            <button type="button" className={`btn-secondary ${CARD_BUTTON}`} disabled={decide.isPending} onClick={() => void reject()}>
              Reject<span className="sr-only"> {applicant.name}</span>
            </button>
          </>
        )}
      </div>
      {isConfirming && (
        <ApproveDialog
          applicant={applicant}
          gig={gig}
          onClose={() => setIsConfirming(false)}
          onApproved={(message) => {
            setIsConfirming(false);
            onApproved(message);
          }}
        />
      )}
    </li>
  );
}

type EditProps = { gig: OrganiserGig; isPromoter: boolean; isPayoutReady: boolean; sellingClosedReason: string | null };

function EditGigForm({ gig, isPromoter, isPayoutReady, sellingClosedReason, onDone }: EditProps & { onDone: (notice: Notice) => void }) {
  const update = useUpdateGig();
  const [details, setDetails] = useState({
    localDate: gig.localDate,
    startTime: gig.startTime,
    endTime: gig.endTime,
    description: gig.description,
    loadInSoundCheck: gig.loadInSoundCheck,
    compensation: gig.compensation,
    coverCharge: gig.coverCharge ?? '',
  });
  const [ticketing, setTicketing] = useState<TicketingState>({
    isEnabled: gig.isTicketed,
    price: gig.ticketPriceCents ? (gig.ticketPriceCents / 100).toFixed(2) : '',
    quantity: gig.ticketQuantity ? String(gig.ticketQuantity) : '',
    bandPercent: String(gig.bandPercent),
    organiserPercent: String(gig.organiserPercent),
    maxPerOrder: String(gig.maxTicketsPerOrder),
    isTransferAllowed: gig.isTransferAllowed,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  // Issue 21: a change clears that field's error and a failure about the form as it was.
  const changeDetails = (next: GigDetailsState) => {
    setErrors((current) => withoutChangedErrors(current, details, next));
    setFailure('');
    setDetails(next);
  };
  const changeTicketing = (next: TicketingState) => {
    setErrors((current) => withoutChangedErrors(current, { ticketing }, { ticketing: next }));
    setFailure('');
    setTicketing(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    try {
      const result = await update.mutateAsync({ gigId: gig.id, form: { ...details, ticketing: ticketingPayload(ticketing) } });
      onDone({ tone: 'success', text: result.message });
    } catch (error) {
      const described = describeSaveFailure(error, 'Error updating gig. Please try again.', GIG_FIELDS);
      setErrors(described.fields);
      setFailure(described.notice);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-4" aria-label="Edit gig">
      <GigDetailsFields value={details} onChange={changeDetails} errors={errors} />
      <TicketingFields
        value={ticketing}
        onChange={changeTicketing}
        isPromoter={isPromoter}
        isOrganiserShareDerived
        error={errors.ticketing}
        payoutWarning={isPayoutReady ? null : ORGANISER_PAYOUT_WARNING}
        closedReason={gig.isTicketed ? null : sellingClosedReason}
      />
      {failure && <Alert>{failure}</Alert>}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={update.isPending || !isTicketingValid(ticketing, isPromoter)}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => onDone(null)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A gig on the organiser's dashboard: its facts, inline edit, delete, and its applicants. */
export function OrganiserGigCard({
  gig,
  isPromoter,
  isPayoutReady,
  sellingClosedReason,
  onDeleted,
  onApproved,
  isFocused = false,
}: EditProps & {
  onDeleted: (message: string) => void;
  /** Approving moves the gig to another tab, so the dashboard says what happened. */
  onApproved: (message: string, gigId: string) => void;
  /** The gig a link named (just posted): marked and focused. */
  isFocused?: boolean;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const remove = useDeleteGig();
  const isOpen = !gig.isApproved && gig.tab === 'pending';
  const headingId = `gig-${gig.id}`;

  const confirmDelete = async () => {
    try {
      onDeleted((await remove.mutateAsync(gig.id)).message);
    } catch (error) {
      setIsConfirmingDelete(false);
      setNotice({ tone: 'error', text: withReason('Error deleting gig. Please try again.', error) });
    }
  };

  return (
    <article id={`gig-card-${gig.id}`} tabIndex={-1} className={`card scroll-mt-32 space-y-4 ${isFocused ? 'ring-2 ring-brand-400' : ''}`} aria-labelledby={headingId}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold">
            {formatLocalDate(gig.localDate)}, {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}
          </h3>
          <p className="text-sm text-zinc-400">
            {gig.venueName}
            {gig.bookedName && (
              <>
                {' · '}Booked:{' '}
                <span className="font-semibold text-zinc-200">{gig.bookedName}</span>
              </>
            )}
          </p>
        </div>
        {!isEditing && !gig.cancelledAt && (
          <div className="flex shrink-0 gap-2">
            <button type="button" className={`btn-secondary ${CARD_BUTTON}`} onClick={() => (setNotice(null), setIsEditing(true))}>
              Edit<span className="sr-only"> gig on {formatLocalDate(gig.localDate)}</span>
            </button>
            <button type="button" className={`btn-danger ${CARD_BUTTON}`} onClick={() => setIsConfirmingDelete(true)}>
              Delete<span className="sr-only"> gig on {formatLocalDate(gig.localDate)}</span>
            </button>
          </div>
        )}
      </div>
      {isEditing ? (
        <EditGigForm
          gig={gig}
          isPromoter={isPromoter}
          isPayoutReady={isPayoutReady}
          sellingClosedReason={sellingClosedReason}
          onDone={(result) => {
            setIsEditing(false);
            setNotice(result);
          }}
        />
      ) : (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div className="sm:col-span-2">
            <dt className="sr-only">Description</dt>
            <dd className="whitespace-pre-line text-zinc-200">{gig.description}</dd>
          </div>
          <GigTerms
            gig={gig}
            tickets={
              gig.isTicketed && gig.ticketPriceCents !== null
                ? `${formatCents(gig.ticketPriceCents)} · ${gig.ticketsSold} of ${gig.ticketQuantity ?? 0} sold · band ${gig.bandPercent}%, ${isPromoter ? 'promoter' : 'venue'} ${gig.organiserPercent}%`
                : 'Not sold through Marquee'
            }
          />
        </dl>
      )}
      {/* Issue 34 item 8: the same counts, under the same words, as the door, the reports and the API. */}
      {gig.isTicketed && gig.ticketCounts && !isEditing && <TicketCounts counts={gig.ticketCounts} label={`Tickets for the gig on ${formatLocalDate(gig.localDate)}`} />}
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {gig.isApproved && !isEditing && <GigHolderTools scope="booking" gig={gig} isUpcoming={gig.tab === 'approved'} />}
      {/* Issue 21 (no dead ends): on the night, the door is one tap from the gig. Issue 34: the card's one way to the scanner (a guest list needs it too). */}
      {gig.isApproved && gig.tab === 'approved' && !isEditing && !gig.cancelledAt && (
        // The door is its own app (issue 24): a full page load, straight to this gig's door.
        <a href={`/qr-scanner/?gig=${gig.id}`} className={`btn-secondary ${CARD_BUTTON}`}>
          Door scanner<span className="sr-only"> for the gig on {formatLocalDate(gig.localDate)}</span>
        </a>
      )}
      {/* Decision 51: the gig's door: live counts, door staff, guest list and report. */}
      {gig.isApproved && !isEditing && <GigDoorPanel gig={gig} />}
      {gig.isTicketed && gig.tab !== 'past' && !isEditing && <TicketTypesEditor gigId={gig.id} />}
      {!isEditing && <TicketHolders gig={gig} />}
      {gig.isTicketed && gig.tab !== 'past' && gig.bookedName && !gig.isBandPayoutReady && (
        <p role="note" className="rounded-lg border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-sm text-amber-100">
          {/* Decision 58: a band's share is held, not forfeited, until its deadline. */}
          {gig.bookedName} has not completed payment setup: the band's share of tickets sold is held until it does, and forfeited to the platform if it has not by {BAND_SHARE_HOLD_DAYS} days after the show.
        </p>
      )}
      {gig.tab !== 'past' && (
        <div>
          <h4 className="mb-2 font-semibold">Applicants</h4>
          {gig.applications.length === 0 ? (
            <p className="text-sm text-zinc-400">No applications yet</p>
          ) : (
            <ul className="space-y-2">
              {gig.applications.map((a) => (
                <Applicant key={a.id} applicant={a} gig={gig} isOpen={isOpen} onApproved={(text) => onApproved(text, gig.id)} />
              ))}
            </ul>
          )}
        </div>
      )}
      {isConfirmingDelete && (
        <Modal title="Delete gig" onClose={() => setIsConfirmingDelete(false)}>
          <p>{DELETE_CONFIRM}</p>
          <div className="mt-6 flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setIsConfirmingDelete(false)}>
              Cancel
            </button>
            <button type="button" className="btn-danger" disabled={remove.isPending} onClick={() => void confirmDelete()}>
              {remove.isPending ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        </Modal>
      )}
    </article>
  );
}
