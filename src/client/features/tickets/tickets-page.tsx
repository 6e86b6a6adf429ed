import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { formatCents, serviceFeeCents, SERVICE_FEE_PERCENT } from '../../../core/money.ts';
import { INVALID_EVENT, type PublicGig } from '../../../core/public-pages.ts';
import { ORDER_MESSAGES, PROOF_MESSAGES, type OfferedTicketType, type TicketOffer } from '../../../core/messages/tickets.ts';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { TestModeNotice } from '../../components/test-mode-notice.tsx';
import { WAITLIST_MESSAGES } from '../../../core/messages/waitlist.ts';
import type { CancelledGig } from '../../../core/schemas/holders.ts';
import { LAST_TICKETS_QUERY } from './last-tickets-query.ts';
import { fitQuantities, summariseOrder, type Quantities } from './order-lines.ts';
import { TicketTypeQuantities } from './ticket-type-quantities.tsx';

// Issue 34: shown only for a sold-out or cancelled show, so they load only then and /tickets stays
// within the public pages' budget (the waitlist form validates with zod).
const WaitlistJoinForm = lazy(async () => ({ default: (await import('../waitlist/waitlist-join-form.tsx')).WaitlistJoinForm }));
const CancelledShowNotice = lazy(async () => ({ default: (await import('../holders/cancelled-show-notice.tsx')).CancelledShowNotice }));

type Offer = { gig: PublicGig & { band: NonNullable<PublicGig['band']>; ticketPriceCents: number }; tickets: TicketOffer };
/** The provider's payment page for the order, and the session id /success reads. */
export type CheckoutAnswer = { url: string; sessionId: string };
/** Decision 61: in the widget's overlay the payment page opens in a new tab, not in place. */
type OnCheckout = (answer: CheckoutAnswer) => void;
/** Decision 49: a link to a cancelled show. */
type Answer = Offer | { cancelled: CancelledGig };

function InvalidEvent() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <Alert>{INVALID_EVENT}</Alert>
    </div>
  );
}

/**
 * Ticket purchase (spec 1 §2). The link names the gig; the band, venue, date and price shown are
 * the server's (issue 21), the same price checkout charges, so a stale or edited link cannot
 * show one price and charge another. Guest checkout (D14).
 */
export function TicketsPage({ onCheckout }: { onCheckout?: OnCheckout } = {}) {
  useTitle('Tickets');
  const [params] = useSearchParams();
  const gigId = params.get('gigId') ?? '';
  const offer = useQuery({
    queryKey: ['ticket-offer', gigId],
    queryFn: () => apiFetch<Answer>(`/api/gigs/${encodeURIComponent(gigId)}/ticket-offer`),
    enabled: gigId !== '',
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (!gigId) return <InvalidEvent />;
  if (offer.isPending) return <LoadingImage label="Loading the show…" />;
  if (offer.isError) {
    if (offer.error instanceof ApiError && offer.error.status === 404) return <InvalidEvent />;
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Alert>
          The show could not be loaded.{' '}
          <button type="button" className="link font-semibold" onClick={() => void offer.refetch()}>
            Retry
          </button>
        </Alert>
      </div>
    );
  }
  if ('cancelled' in offer.data) {
    return (
      <Suspense fallback={<LoadingImage label="Loading the show…" />}>
        <CancelledShowNotice gig={offer.data.cancelled} />
      </Suspense>
    );
  }
  return <TicketForm gig={offer.data.gig} offer={offer.data.tickets} query={params.toString()} onCheckout={onCheckout} />;
}

/**
 * Issue 23: solves the server's on-sale proof-of-work challenge in the browser (ALTCHA, loaded only
 * when asked for, so /tickets stays light). Web Crypto does the PBKDF2 work.
 */
async function solveOnSaleCheck() {
  const [{ solveChallenge }, { deriveKey }] = await Promise.all([import('altcha-lib'), import('altcha-lib/algorithms/web/pbkdf2')]);
  const challenge = await apiFetch<Parameters<typeof solveChallenge>[0]['challenge']>('/api/tickets/challenge');
  const solution = await solveChallenge({ challenge, deriveKey });
  return { challenge, solution };
}

/** When a type goes on sale or stops, in the viewer's words. */
function saleWindow(type: OfferedTicketType): string {
  const at = (iso: string) => new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
  if (type.status === 'not_yet' && type.salesStartAt) return `On sale ${at(type.salesStartAt)}`;
  if (type.status === 'ended') return 'No longer on sale';
  if (type.status === 'sold_out') return 'Sold out';
  if (type.salesEndAt) return `On sale until ${at(type.salesEndAt)}`;
  return '';
}

function TicketForm({ gig, offer, query, onCheckout }: { gig: Offer['gig']; offer: TicketOffer; query: string; onCheckout: OnCheckout | undefined }) {
  const { data: me } = useSession();
  const [email, setEmail] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'processing' | 'checking'>('idle');
  const [error, setError] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [unlocked, setUnlocked] = useState<OfferedTicketType | null>(null);
  const [code, setCode] = useState('');
  const [codeState, setCodeState] = useState<'idle' | 'checking'>('idle');
  const types = unlocked ? [unlocked, ...offer.types.filter((t) => t.id !== unlocked.id)] : offer.types;
  const firstOnSale = types.find((t) => t.status === 'on_sale');
  const [typeId, setTypeId] = useState<string | null>(null);
  const chosen = types.find((t) => t.id === (typeId ?? firstOnSale?.id)) ?? null;
  const hasTypes = types.length > 0;
  const left = chosen ? Math.min(chosen.left, offer.left) : offer.left;
  const most = Math.max(1, Math.min(offer.maxPerOrder, left));
  const [quantity, setQuantity] = useState(1);
  // Issue 34: with several types the buyer sets a quantity of each, and pays for all in one order.
  const isMixed = types.length > 1;
  const orderMost = Math.min(offer.maxPerOrder, offer.left);
  const [asked, setAsked] = useState<Quantities | null>(null);
  const quantities = fitQuantities(types, asked ?? (firstOnSale ? { [firstOnSale.id]: 1 } : {}), orderMost);
  const mixed = summariseOrder(types, quantities);
  const count = isMixed ? mixed.count : Math.min(quantity, most);
  const unitCents = chosen?.priceCents ?? gig.ticketPriceCents;
  const faceCents = isMixed ? mixed.faceCents : unitCents * count;
  const fee = serviceFeeCents(faceCents);
  const queryClient = useQueryClient();
  const buyerEmail = email ?? me?.user.email ?? '';
  // Decision 50: while fans wait for a sold-out show, tickets that come back are theirs first.
  const isClosed = gig.isSoldOut || offer.hasWaitlist;
  const isEveryTypeSoldOut = offer.types.length > 0 && offer.types.every((type) => type.status === 'sold_out');
  const canBuy = !isClosed && (isMixed ? count > 0 : !hasTypes || chosen?.status === 'on_sale');

  const applyCode = async () => {
    setFieldErrors({});
    setCodeState('checking');
    try {
      const { type } = await postJson<{ type: OfferedTicketType }>('/api/tickets/presale-code', { gigId: gig.id, presaleCode: code });
      setUnlocked(type);
      setTypeId(type.id);
      // As with one type, the code's type is chosen; a buyer who already chose others keeps them.
      setAsked((before) => (before ? { ...before, [type.id]: Math.max(1, before[type.id] ?? 0) } : { [type.id]: 1 }));
    } catch (err) {
      setFieldErrors({ presaleCode: err instanceof ApiError ? err.fields.presaleCode ?? err.message : 'The code could not be checked.' });
    } finally {
      setCodeState('idle');
    }
  };

  const buy = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setFieldErrors({});
    setState('processing');
    sessionStorage.setItem(LAST_TICKETS_QUERY, `?${query}`);
    const order = isMixed
      ? {
          gigId: gig.id,
          email: buyerEmail,
          lines: mixed.lines.map((line) => ({ ticketTypeId: line.type.id, quantity: line.quantity })),
          // The code is used once per ticket of the type it unlocks, so it goes only with that type.
          presaleCode: unlocked && (quantities[unlocked.id] ?? 0) > 0 ? code : null,
        }
      : { gigId: gig.id, email: buyerEmail, quantity: count, ticketTypeId: chosen?.id ?? null, presaleCode: unlocked && chosen?.id === unlocked.id ? code : null };
    try {
      let answer: CheckoutAnswer;
      try {
        answer = await postJson<CheckoutAnswer>('/api/tickets/checkout', order);
      } catch (err) {
        // Issue 23 (on-sale day): while demand is high the server asks for a proof of work first.
        if (!(err instanceof ApiError && err.fields.proof === 'needed')) throw err;
        setState('checking');
        answer = await postJson<CheckoutAnswer>('/api/tickets/checkout', { ...order, proof: await solveOnSaleCheck() });
      }
      if (onCheckout) onCheckout(answer);
      else window.location.assign(answer.url);
    } catch (err) {
      setState('idle');
      // Seats went while the buyer chose: show what is left now.
      if (err instanceof ApiError && err.status === 409) void queryClient.invalidateQueries({ queryKey: ['ticket-offer', gig.id] });
      if (err instanceof ApiError && err.code === 'NETWORK') setError('Error creating checkout session.');
      else if (err instanceof ApiError && err.fields.email) setFieldErrors({ email: err.fields.email });
      else setError(err instanceof ApiError ? err.message : 'Checkout session failed');
    }
  };

  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">{count > 1 ? 'Get your tickets' : 'Get your ticket'}</h1>
      <section className="card mt-6 space-y-4" aria-labelledby="show-heading">
        <TestModeNotice />
        <div>
          <h2 id="show-heading" className="text-2xl font-semibold">
            {gig.band.name}
          </h2>
          <p className="text-zinc-300">
            {gig.venue.name} · {formatLocalDate(gig.localDate)} · {formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}
          </p>
        </div>
        {isClosed ? (
          <Alert tone="info">{offer.hasWaitlist ? WAITLIST_MESSAGES.soldOutJoin : offer.isBeingPaidFor ? ORDER_MESSAGES.beingPaidFor : 'Sold out'}</Alert>
        ) : (
          <form onSubmit={(e) => void buy(e)} className="space-y-4" noValidate>
            {hasTypes && !isMixed && (
              <fieldset className="space-y-2">
                <legend className="field-label">Ticket type</legend>
                {types.map((type) => (
                  <label key={type.id} className={`flex min-h-11 items-center gap-3 rounded-lg border px-3 py-2 ${chosen?.id === type.id ? 'border-amber-400' : 'border-zinc-700'} ${type.status === 'on_sale' ? 'cursor-pointer' : 'opacity-60'}`}>
                    <input type="radio" name="ticketType" value={type.id} checked={chosen?.id === type.id} disabled={type.status !== 'on_sale'} onChange={() => setTypeId(type.id)} className="size-5 accent-amber-400" />
                    <span className="flex-1">
                      <span className="font-medium">{type.name}</span>
                      {saleWindow(type) && <span className="block text-sm text-zinc-400">{saleWindow(type)}</span>}
                    </span>
                    <span className="font-semibold">{formatCents(type.priceCents)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {offer.hasHiddenTypes && !unlocked && (
              <div>
                <label htmlFor="presale-code" className="field-label">
                  Presale code
                </label>
                <div className="flex gap-2">
                  <input
                    id="presale-code"
                    className="field-input min-h-11 flex-1 uppercase"
                    value={code}
                    autoComplete="off"
                    aria-invalid={fieldErrors.presaleCode ? true : undefined}
                    aria-describedby={fieldErrors.presaleCode ? 'presale-code-error' : undefined}
                    onChange={(e) => setCode(e.target.value)}
                  />
                  <button type="button" className="btn-secondary min-h-11" disabled={!code.trim() || codeState === 'checking'} onClick={() => void applyCode()}>
                    {codeState === 'checking' ? 'Checking…' : 'Apply code'}
                  </button>
                </div>
                {fieldErrors.presaleCode && (
                  <p id="presale-code-error" className="field-error" role="alert">
                    {fieldErrors.presaleCode}
                  </p>
                )}
              </div>
            )}
            {unlocked && <Alert tone="success">Presale code applied: {unlocked.name} tickets unlocked.</Alert>}
            {isMixed ? (
              <TicketTypeQuantities
                types={types}
                quantities={quantities}
                orderMost={orderMost}
                gigLeft={offer.left}
                saleWindow={saleWindow}
                hint={offer.maxPerOrder === 1 ? 'One ticket per order.' : `Up to ${orderMost} tickets in one order, with one service fee.`}
                onChange={setAsked}
              />
            ) : (
              <div>
                <label htmlFor="ticket-quantity" className="field-label">
                  Tickets
                </label>
                <select id="ticket-quantity" aria-describedby="ticket-quantity-hint" className="field-input min-h-11 w-28" value={count} onChange={(e) => setQuantity(Number(e.target.value))}>
                  {Array.from({ length: most }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
                <p id="ticket-quantity-hint" className="mt-1 text-xs text-zinc-400">{offer.maxPerOrder === 1 ? 'One ticket per order.' : `Up to ${most} tickets in one order, with one service fee.`}</p>
              </div>
            )}
            <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-lg">
              {isMixed ? (
                mixed.lines.length > 0 ? (
                  mixed.lines.map((line) => (
                    <Fragment key={line.type.id}>
                      <dt className="pr-3">
                        {line.quantity} × {line.type.name} ({formatCents(line.type.priceCents)})
                      </dt>
                      <dd className="text-right">{formatCents(line.faceCents)}</dd>
                    </Fragment>
                  ))
                ) : (
                  <>
                    <dt>No tickets chosen</dt>
                    <dd className="text-right">{formatCents(0)}</dd>
                  </>
                )
              ) : (
                <>
                  <dt>{count > 1 ? `${count} tickets × ${formatCents(unitCents)}` : 'Ticket'}</dt>
                  <dd className="text-right">{formatCents(faceCents)}</dd>
                </>
              )}
              <dt>Service fee ({SERVICE_FEE_PERCENT}%)</dt>
              <dd className="text-right">{formatCents(fee)}</dd>
              <dt className="border-t border-zinc-700 pt-2 font-bold">Total</dt>
              <dd className="border-t border-zinc-700 pt-2 text-right font-bold">{formatCents(faceCents + fee)}</dd>
            </dl>
            <p className="text-sm text-zinc-400">The fee covers payment processing, SMS notifications and platform maintenance.</p>
            <TextField
              label="Email for your ticket"
              type="email"
              autoComplete="email"
              required
              value={buyerEmail}
              onChange={(e) => setEmail(e.target.value)}
              error={fieldErrors.email}
              hint={count > 1 ? 'Your tickets and their QR codes are sent here.' : 'Your ticket and its QR code are sent here.'}
            />
            {error && <Alert>{error}</Alert>}
            {state === 'checking' && <Alert tone="info">{PROOF_MESSAGES.needed}</Alert>}
            <button type="submit" className="btn-primary w-full py-3 text-lg" disabled={state !== 'idle' || !canBuy}>
              {state === 'checking' ? 'Checking…' : state === 'processing' ? 'Processing…' : isMixed ? `Checkout · ${formatCents(faceCents + fee)}` : count > 1 ? `Buy ${count} Tickets · ${formatCents(faceCents + fee)}` : `Buy Ticket · ${formatCents(faceCents + fee)}`}
            </button>
          </form>
        )}
        {(isClosed || isEveryTypeSoldOut) && (
          <Suspense>
            <WaitlistJoinForm gigId={gig.id} defaultEmail={me?.user.email ?? ''} />
          </Suspense>
        )}
      </section>
    </div>
  );
}
