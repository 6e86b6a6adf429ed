import { MAX_TICKETS_PER_ORDER } from '../../../core/schemas/tickets.ts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  BAND_NOT_CHOSEN_MESSAGE,
  DEFAULT_BAND_PERCENT,
  DEFAULT_END_TIME,
  DEFAULT_ORGANISER_PERCENT,
  DEFAULT_START_TIME,
  MAX_RECURRING_WEEKS,
  PROMOTER_SPLIT_MESSAGE,
  PROMOTER_VENUE_MESSAGE,
  VENUE_SPLIT_MESSAGE,
} from '../../../core/schemas/gigs.ts';
import { Alert, FieldLabel } from '../../components/ui/field.tsx';
import { useBandChoices, useCreateGig, type GigTab, type OrganiserDashboard } from './api.ts';
import {
  ClosedNote,
  describeSaveFailure,
  GIG_FIELDS,
  GigDetailsFields,
  isTicketingValid,
  ORGANISER_PAYOUT_WARNING,
  sellingClosedReason,
  TicketingFields,
  ticketingPayload,
  type GigDetailsState,
  type TicketingState,
  withoutChangedErrors,
} from './gig-fields.tsx';

const EMPTY_DETAILS: GigDetailsState = {
  localDate: '',
  startTime: DEFAULT_START_TIME,
  endTime: DEFAULT_END_TIME,
  description: '',
  loadInSoundCheck: '',
  compensation: '',
  coverCharge: '',
};
const DEFAULT_TICKETING: TicketingState = {
  isEnabled: false,
  price: '',
  quantity: '',
  bandPercent: String(DEFAULT_BAND_PERCENT),
  organiserPercent: String(DEFAULT_ORGANISER_PERCENT),
  maxPerOrder: String(MAX_TICKETS_PER_ORDER),
  isTransferAllowed: true,
};

export type PostedGigs = { gigIds: string[]; message: string; tab: GigTab };

/**
 * 'Add New Gig Opportunity' (spec 2 §5): the server checks every rule again. Issue 21: each
 * field's error goes when the field changes, and 'Error creating gig. Please try again.' is said
 * only when the server or the network failed.
 */
export function AddGigForm({ dashboard, onCreated }: { dashboard: OrganiserDashboard; onCreated: (posted: PostedGigs) => void }) {
  const isPromoter = dashboard.role === 'promoter';
  const [details, setDetails] = useState(EMPTY_DETAILS);
  const [ticketing, setTicketing] = useState(DEFAULT_TICKETING);
  const [venueId, setVenueId] = useState('');
  const [isBandChosen, setIsBandChosen] = useState(false);
  const [bandId, setBandId] = useState('');
  const [isRecurring, setIsRecurring] = useState(false);
  const [weeks, setWeeks] = useState(4);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const bands = useBandChoices(!isPromoter);
  const create = useCreateGig();
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  // After a refused submit, the first field to fix gets the focus (the form can be long on a phone).
  useEffect(() => {
    if (attempt) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  /** A change clears the changed fields' errors, and an error notice about the form as it was. */
  const afterChange = (before: object, after: object) => {
    setErrors((current) => withoutChangedErrors(current, before, after));
    if (notice?.tone === 'error') setNotice(null);
  };
  const changeDetails = (next: GigDetailsState) => (afterChange(details, next), setDetails(next));
  const changeTicketing = (next: TicketingState) => (afterChange({ ticketing }, { ticketing: next }), setTicketing(next));
  const changeVenue = (next: string) => (afterChange({ venueId }, { venueId: next }), setVenueId(next));
  const changeBand = (next: string) => (afterChange({ bandId }, { bandId: next }), setBandId(next));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (isBandChosen && !bandId) return setNotice({ tone: 'error', text: BAND_NOT_CHOSEN_MESSAGE });
    if (!isTicketingValid(ticketing, isPromoter)) return setNotice({ tone: 'error', text: isPromoter ? PROMOTER_SPLIT_MESSAGE : VENUE_SPLIT_MESSAGE });
    if (isPromoter && !venueId) {
      setErrors({ venueId: PROMOTER_VENUE_MESSAGE });
      return setAttempt((n) => n + 1);
    }
    setErrors({});
    try {
      const result = await create.mutateAsync({
        ...details,
        venueId: isPromoter ? venueId : undefined,
        isBandChosen,
        bandId: isBandChosen ? bandId : undefined,
        ticketing: ticketingPayload(ticketing),
        recurringWeeks: isRecurring ? weeks : 1,
      });
      onCreated({ ...result, tab: isBandChosen ? 'approved' : 'pending' });
    } catch (error) {
      const failure = describeSaveFailure(error, 'Error creating gig. Please try again.', [...GIG_FIELDS, 'venueId', 'bandId']);
      setErrors(failure.fields);
      if (failure.notice) setNotice({ tone: 'error', text: failure.notice });
      setAttempt((n) => n + 1);
    }
  };

  const canSubmit = isTicketingValid(ticketing, isPromoter) && !create.isPending;
  const closedReason = sellingClosedReason(dashboard, isPromoter ? venueId : dashboard.venues[0]?.id ?? '');
  // A promoter who picks an unverified venue after ticking 'Sell tickets' is told, and the box clears.
  if (closedReason && ticketing.isEnabled) setTicketing({ ...ticketing, isEnabled: false });
  return (
    <section className="space-y-5" aria-label="Add New Gig Opportunity">
      {isPromoter && dashboard.venues.length === 0 ? (
        <p className="text-zinc-300">Add the venues you work with to your promoter profile. Each venue is asked first: once it accepts, you post gigs for it here.</p>
      ) : (
        <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
          {isPromoter && (
            <div>
              <FieldLabel htmlFor="gig-venue" label="Venue" required />
              <select
                id="gig-venue"
                className="field-input"
                value={venueId}
                onChange={(e) => changeVenue(e.target.value)}
                aria-invalid={errors.venueId ? true : undefined}
                aria-describedby={errors.venueId ? 'gig-venue-error' : undefined}
              >
                <option value="">Choose a venue</option>
                {dashboard.venues.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.isVerified ? v.name : `${v.name} (not verified yet: no ticket sales)`}
                  </option>
                ))}
              </select>
              {errors.venueId && (
                <p id="gig-venue-error" className="field-error">
                  {errors.venueId}
                </p>
              )}
            </div>
          )}
          <GigDetailsFields value={details} onChange={changeDetails} errors={errors} />
          {!isPromoter && (
            <div className="space-y-2 rounded-xl border border-zinc-700 p-4">
              <label className="flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={isBandChosen}
                  disabled={Boolean(closedReason)}
                  aria-describedby={closedReason ? 'gig-band-closed' : undefined}
                  onChange={(e) => (afterChange({ isBandChosen }, { isBandChosen: e.target.checked }), setIsBandChosen(e.target.checked))}
                />
                Band already Chosen
              </label>
              {closedReason && <ClosedNote id="gig-band-closed">{closedReason}</ClosedNote>}
              <div>
                <FieldLabel htmlFor="gig-band" label="Band" />
                <select
                  id="gig-band"
                  className="field-input"
                  disabled={!isBandChosen}
                  value={bandId}
                  onChange={(e) => changeBand(e.target.value)}
                  aria-invalid={errors.bandId ? true : undefined}
                  aria-describedby={errors.bandId ? 'gig-band-error' : undefined}
                >
                  <option value="">Select a band</option>
                  {(bands.data?.bands ?? []).map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
                {errors.bandId && (
                  <p id="gig-band-error" className="field-error">
                    {errors.bandId}
                  </p>
                )}
              </div>
            </div>
          )}
          <TicketingFields value={ticketing} onChange={changeTicketing} isPromoter={isPromoter} error={errors.ticketing} payoutWarning={dashboard.isPayoutReady ? null : ORGANISER_PAYOUT_WARNING} closedReason={closedReason} />
          <div className="space-y-2 rounded-xl border border-zinc-700 p-4">
            <label className="flex items-center gap-2 font-medium">
              <input type="checkbox" className="h-4 w-4" checked={isRecurring} onChange={(e) => setIsRecurring(e.target.checked)} />
              Recurring weekly
            </label>
            {isRecurring && (
              <>
                <div className="flex items-center gap-2">
                  <label htmlFor="gig-weeks" className="text-sm font-medium">
                    Number of weeks
                  </label>
                  <select id="gig-weeks" className="field-input w-24" value={weeks} onChange={(e) => setWeeks(Number(e.target.value))}>
                    {Array.from({ length: MAX_RECURRING_WEEKS }, (_, i) => i + 1).map((n) => (
                      <option key={n}>{n}</option>
                    ))}
                  </select>
                </div>
                <p className="text-sm text-zinc-300">This will create {weeks} separate gig opportunities, one for each week.</p>
              </>
            )}
          </div>
          {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
          <button type="submit" className="btn-primary" disabled={!canSubmit}>
            {create.isPending ? 'Creating…' : 'Add Gig Opportunity'}
          </button>
        </form>
      )}
    </section>
  );
}
