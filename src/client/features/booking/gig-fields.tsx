import { useId } from 'react';
import { GIG_HOURS, GIG_MINUTES, MAX_SPLIT_PERCENT, latestGigDate, splitHint } from '../../../core/schemas/gigs.ts';
import { FieldLabel, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { PLATFORM_PERCENT, SERVICE_FEE_PERCENT } from '../../../core/money.ts';
import { MAX_TICKETS_PER_ORDER } from '../../../core/schemas/tickets.ts';
import { isVenueVerified, promoterVenueUnverifiedMessage } from '../../../core/venue-verification.ts';
import type { OrganiserDashboard } from './api.ts';
import { TICKET_SALES_OFF_MESSAGE } from '../../../core/payments-mode.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { ApiError } from '../../lib/api.ts';

export type GigDetailsState = {
  localDate: string;
  startTime: string;
  endTime: string;
  description: string;
  loadInSoundCheck: string;
  compensation: string;
  coverCharge: string;
};

export type TicketingState = {
  isEnabled: boolean;
  price: string;
  quantity: string;
  bandPercent: string;
  organiserPercent: string;
  /** Issue 23: the most tickets one order may hold, and whether holders may pass tickets on. */
  maxPerOrder: string;
  isTransferAllowed: boolean;
};

export const ticketingPayload = (t: TicketingState) =>
  t.isEnabled
    ? {
        isEnabled: true,
        priceCents: t.price,
        quantity: t.quantity,
        bandPercent: Number(t.bandPercent),
        organiserPercent: Number(t.organiserPercent),
        maxPerOrder: t.maxPerOrder,
        isTransferAllowed: t.isTransferAllowed,
      }
    : { isEnabled: false };

/** Hour and minute selects (spec 2 §5: hours 00-23, minutes 00, 10, 15, 20, 30, 40, 45, 50). */
export function TimeSelect({ label, value, onChange, error }: { label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  const [hour = '19', minute = '00'] = value.split(':');
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-zinc-200">{label}</legend>
      <div className="flex items-center gap-2">
        <select aria-label={`${label} hour`} className="field-input w-20" value={hour} onChange={(e) => onChange(`${e.target.value}:${minute}`)}>
          {GIG_HOURS.map((h) => (
            <option key={h}>{h}</option>
          ))}
        </select>
        <span aria-hidden="true">:</span>
        <select aria-label={`${label} minute`} className="field-input w-20" value={minute} onChange={(e) => onChange(`${hour}:${e.target.value}`)}>
          {GIG_MINUTES.map((m) => (
            <option key={m}>{m}</option>
          ))}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Date, times and the texts every gig has, for the add form and the inline edit. */
export function GigDetailsFields({ value, onChange, errors }: { value: GigDetailsState; onChange: (v: GigDetailsState) => void; errors: Record<string, string> }) {
  const set = (key: keyof GigDetailsState) => (v: string) => onChange({ ...value, [key]: v });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField label="Date" type="date" required max={latestGigDate()} value={value.localDate} onChange={(e) => set('localDate')(e.target.value)} error={errors.localDate} />
      <TimeSelect label="Start time" value={value.startTime} onChange={set('startTime')} error={errors.startTime} />
      <TimeSelect label="End time" value={value.endTime} onChange={set('endTime')} error={errors.endTime} />
      <div className="sm:col-span-3">
        <TextAreaField label="Description" required value={value.description} onChange={(e) => set('description')(e.target.value)} error={errors.description} maxLength={1000} />
      </div>
      <TextField label="Load in & sound check" required value={value.loadInSoundCheck} onChange={(e) => set('loadInSoundCheck')(e.target.value)} error={errors.loadInSoundCheck} maxLength={200} />
      <TextField label="Compensation" required value={value.compensation} onChange={(e) => set('compensation')(e.target.value)} error={errors.compensation} maxLength={200} />
      <TextField label="Cover charge" value={value.coverCharge} onChange={(e) => set('coverCharge')(e.target.value)} error={errors.coverCharge} maxLength={100} hint="Optional, e.g. $10 at the door." />
    </div>
  );
}

/**
 * The ticketing toggle with price, quantity and the split (spec 2 §5): band % and the
 * organiser's % each 0-75, totalling 75, with the live 'Remaining: n%' hint.
 */
/** D11: the gig form's warning when the organiser cannot be paid yet. */
export const ORGANISER_PAYOUT_WARNING =
  'Your payment account is not set up yet: your share of tickets sold before you complete payment setup (on your dashboard) will be forfeited to the platform.';

export function TicketingFields({
  value,
  onChange,
  isPromoter,
  isOrganiserShareDerived = false,
  error,
  payoutWarning,
  closedReason,
}: {
  value: TicketingState;
  onChange: (v: TicketingState) => void;
  isPromoter: boolean;
  /** The inline edit asks only for the band %; the organiser gets the rest of 75. */
  isOrganiserShareDerived?: boolean;
  error?: string;
  /** D11: said when a share of these tickets would be forfeited for want of a payment account. */
  payoutWarning?: string | null;
  /** Decision 33: why ticket sales cannot be turned on here (the venue is not verified yet). */
  closedReason?: string | null;
}) {
  const set = (key: keyof TicketingState) => (v: string) => onChange({ ...value, [key]: v });
  const organiserLabel = isPromoter ? 'Promoter %' : 'Venue %';
  const hint = splitHint(Number(value.bandPercent), Number(value.organiserPercent), isPromoter);
  const hintId = useId();
  const { data: config } = usePublicConfig();
  // Decision 35: with no payment provider, a gig cannot start selling tickets (one already selling stays as it is).
  if (config?.payments === 'off' && !value.isEnabled) {
    return (
      <div className="space-y-3 rounded-xl border border-zinc-700 p-4">
        <p className="font-medium">Sell tickets through Marquee</p>
        <p role="note" className="text-sm text-zinc-300">
          {TICKET_SALES_OFF_MESSAGE}
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-3 rounded-xl border border-zinc-700 p-4">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={value.isEnabled}
          // A gig already selling stays editable; only turning sales on waits for verification.
          disabled={Boolean(closedReason) && !value.isEnabled}
          aria-describedby={closedReason ? `${hintId}-closed` : undefined}
          onChange={(e) => onChange({ ...value, isEnabled: e.target.checked })}
        />
        Sell tickets through Marquee
      </label>
      {closedReason && !value.isEnabled && <ClosedNote id={`${hintId}-closed`}>{closedReason}</ClosedNote>}
      {value.isEnabled && (
        <>
          {payoutWarning && (
            <p role="note" className="rounded-lg border border-amber-500/50 bg-amber-950/50 px-3 py-2 text-sm text-amber-100">
              {payoutWarning}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Ticket price ($)" type="number" min="1" step="0.01" inputMode="decimal" required value={value.price} onChange={(e) => set('price')(e.target.value)} />
            <TextField label="Ticket quantity" type="number" min="1" step="1" inputMode="numeric" required value={value.quantity} onChange={(e) => set('quantity')(e.target.value)} />
            <TextField
              label="Band %"
              type="number"
              min="0"
              max={MAX_SPLIT_PERCENT}
              step="1"
              required
              value={value.bandPercent}
              onChange={(e) =>
                onChange(
                  isOrganiserShareDerived
                    ? { ...value, bandPercent: e.target.value, organiserPercent: String(MAX_SPLIT_PERCENT - Number(e.target.value)) }
                    : { ...value, bandPercent: e.target.value },
                )
              }
            />
            {isOrganiserShareDerived ? (
              <div>
                <FieldLabel htmlFor={`${hintId}-share`} label={organiserLabel} />
                <output id={`${hintId}-share`} className="block py-2 font-semibold">
                  {value.organiserPercent}%
                </output>
              </div>
            ) : (
              <TextField label={organiserLabel} type="number" min="0" max={MAX_SPLIT_PERCENT} step="1" required value={value.organiserPercent} onChange={(e) => set('organiserPercent')(e.target.value)} />
            )}
          </div>
          <p id={hintId} aria-live="polite" className={`text-sm ${hint.isValid ? 'text-zinc-400' : 'font-semibold text-amber-300'}`}>
            {hint.text}
          </p>
          <p className="text-xs text-zinc-400">
            The platform keeps {PLATFORM_PERCENT}% of the face price, plus the buyer's {SERVICE_FEE_PERCENT}% service fee.
          </p>
          {/* Issue 23: the simple price stays the default; the rest only on request. */}
          <details className="rounded-lg border border-zinc-800 px-3 py-2" open={value.maxPerOrder !== String(MAX_TICKETS_PER_ORDER) || !value.isTransferAllowed}>
            <summary className="cursor-pointer py-1 text-sm font-medium">More ticket options</summary>
            <div className="mt-2 grid gap-4 sm:grid-cols-2">
              <TextField
                label="Tickets per order (most)"
                type="number"
                min="1"
                max={MAX_TICKETS_PER_ORDER}
                step="1"
                inputMode="numeric"
                value={value.maxPerOrder}
                hint={`1 to ${MAX_TICKETS_PER_ORDER}; a fan buys up to this many in one checkout.`}
                onChange={(e) => set('maxPerOrder')(e.target.value)}
              />
              <label className="flex min-h-11 items-center gap-2 self-center text-sm">
                <input type="checkbox" className="h-4 w-4" checked={value.isTransferAllowed} onChange={(e) => onChange({ ...value, isTransferAllowed: e.target.checked })} />
                Ticket holders may pass tickets to a friend
              </label>
            </div>
            <p className="mt-2 text-xs text-zinc-400">Ticket types (early bird, presale codes…) are set on the gig's card once it is saved.</p>
          </details>
          {error && <p className="field-error">{error}</p>}
        </>
      )}
    </div>
  );
}

const VENUE_FORM_NOTE = 'Available once your venue is verified: see "Your venue is not verified yet" on your dashboard.';

/**
 * Decision 33, as the server applies it: why this organiser cannot sell tickets (or, for a venue,
 * book a band directly) at this venue yet, or null when it can.
 */
export function sellingClosedReason(dashboard: Pick<OrganiserDashboard, 'role' | 'venues' | 'verification'>, venueId: string): string | null {
  // The dashboard's notice says what the venue has to do; the form points to it.
  if (dashboard.role === 'venue') return dashboard.verification && !isVenueVerified(dashboard.verification) ? VENUE_FORM_NOTE : null;
  const venue = dashboard.venues.find((v) => v.id === venueId);
  return venue && !venue.isVerified ? promoterVenueUnverifiedMessage(venue.name) : null;
}

/** Why an option is unavailable and what to do about it, tied to the control it explains. */
export function ClosedNote({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="rounded-lg border border-sky-500/50 bg-sky-950/50 px-3 py-2 text-sm text-sky-100">
      {children}
    </p>
  );
}

/** Issue 21: a field's error goes as soon as the field changes; the others stay until theirs do. */
export function withoutChangedErrors<T extends object>(errors: Record<string, string>, before: T, after: T): Record<string, string> {
  const changed = (Object.keys(after) as (keyof T & string)[]).filter((key) => before[key] !== after[key]);
  if (!changed.some((key) => key in errors)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !changed.includes(key as keyof T & string)));
}

/**
 * Issue 21: what a failed save says. Field errors go beside their fields and nothing else is said;
 * a refusal says the server's reason; only a failure of the server or the network says the spec's
 * sentence ('Error creating gig. Please try again.').
 */
export function describeSaveFailure(error: unknown, serverFailure: string, shownFields: readonly string[]): { fields: Record<string, string>; notice: string } {
  if (!(error instanceof ApiError) || error.code === 'NETWORK' || error.status >= 500) return { fields: {}, notice: serverFailure };
  if (!Object.keys(error.fields).length) return { fields: {}, notice: error.message };
  // A rule about no field the form shows is said above the button.
  const unshown = Object.entries(error.fields).filter(([key]) => !shownFields.includes(key));
  return { fields: error.fields, notice: unshown.map(([, message]) => message).join(' ') };
}

/** The fields GigDetailsFields and TicketingFields show errors for. */
export const GIG_FIELDS = ['localDate', 'startTime', 'endTime', 'description', 'loadInSoundCheck', 'compensation', 'coverCharge', 'ticketing'] as const;

export const isTicketingValid = (t: TicketingState, isPromoter: boolean) =>
  !t.isEnabled || (Number(t.price) >= 1 && Number.isInteger(Number(t.quantity)) && Number(t.quantity) >= 1 && splitHint(Number(t.bandPercent), Number(t.organiserPercent), isPromoter).isValid);
