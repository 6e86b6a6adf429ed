import { useState, type FormEvent } from 'react';
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
import { ApiError } from '../../lib/api.ts';
import { useBandChoices, useCreateGig, type OrganiserDashboard } from './api.ts';
import {
  ClosedNote,
  GigDetailsFields,
  isTicketingValid,
  ORGANISER_PAYOUT_WARNING,
  sellingClosedReason,
  TicketingFields,
  ticketingPayload,
  type GigDetailsState,
  type TicketingState,
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
};

/** 'Add New Gig Opportunity' (spec 2 §5): the server checks every rule again. */
export function AddGigForm({ dashboard }: { dashboard: OrganiserDashboard }) {
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (isBandChosen && !bandId) return setNotice({ tone: 'error', text: BAND_NOT_CHOSEN_MESSAGE });
    if (!isTicketingValid(ticketing, isPromoter)) return setNotice({ tone: 'error', text: isPromoter ? PROMOTER_SPLIT_MESSAGE : VENUE_SPLIT_MESSAGE });
    if (isPromoter && !venueId) return setErrors({ venueId: PROMOTER_VENUE_MESSAGE });
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
      setNotice({ tone: 'success', text: result.message });
      setDetails(EMPTY_DETAILS);
      setTicketing(DEFAULT_TICKETING);
      setIsBandChosen(false);
      setBandId('');
      setIsRecurring(false);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      const reason = error instanceof ApiError && error.status !== 500 && error.code !== 'NETWORK' ? ` ${error.message}` : '';
      setNotice({ tone: 'error', text: `Error creating gig. Please try again.${reason}` });
    }
  };

  const canSubmit = isTicketingValid(ticketing, isPromoter) && !create.isPending;
  const closedReason = sellingClosedReason(dashboard, isPromoter ? venueId : dashboard.venues[0]?.id ?? '');
  // A promoter who picks an unverified venue after ticking 'Sell tickets' is told, and the box clears.
  if (closedReason && ticketing.isEnabled) setTicketing({ ...ticketing, isEnabled: false });
  return (
    <section className="card space-y-5" aria-labelledby="add-gig-heading">
      <h2 id="add-gig-heading" className="text-xl font-semibold">
        Add New Gig Opportunity
      </h2>
      {isPromoter && dashboard.venues.length === 0 ? (
        <p className="text-zinc-300">Add the venues you work with to your promoter profile. Each venue is asked first: once it accepts, you post gigs for it here.</p>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5">
          {isPromoter && (
            <div>
              <FieldLabel htmlFor="gig-venue" label="Venue" required />
              <select
                id="gig-venue"
                className="field-input"
                value={venueId}
                onChange={(e) => setVenueId(e.target.value)}
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
          <GigDetailsFields value={details} onChange={setDetails} errors={errors} />
          {!isPromoter && (
            <div className="space-y-2 rounded-xl border border-zinc-700 p-4">
              <label className="flex items-center gap-2 font-medium">
                <input
                  type="checkbox"
                  className="h-4 w-4"
                  checked={isBandChosen}
                  disabled={Boolean(closedReason)}
                  aria-describedby={closedReason ? 'gig-band-closed' : undefined}
                  onChange={(e) => setIsBandChosen(e.target.checked)}
                />
                Band already Chosen
              </label>
              {closedReason && <ClosedNote id="gig-band-closed">{closedReason}</ClosedNote>}
              <div>
                <FieldLabel htmlFor="gig-band" label="Band" />
                <select id="gig-band" className="field-input" disabled={!isBandChosen} value={bandId} onChange={(e) => setBandId(e.target.value)}>
                  <option value="">Select a band</option>
                  {(bands.data?.bands ?? []).map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
                {errors.bandId && <p className="field-error">{errors.bandId}</p>}
              </div>
            </div>
          )}
          <TicketingFields value={ticketing} onChange={setTicketing} isPromoter={isPromoter} error={errors.ticketing} payoutWarning={dashboard.isPayoutReady ? null : ORGANISER_PAYOUT_WARNING} closedReason={closedReason} />
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
