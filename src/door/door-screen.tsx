import { useCallback, useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { formatClock, formatLocalDate } from '../core/time.ts';
import { formatCents } from '../core/money.ts';
import { TICKET_COUNT_LABELS } from '../core/ticket-counts.ts';
import { DOOR_MESSAGES, DOOR_SALE_UNDO_MS, type DoorGuest, type DoorPrice, type DoorSearchResult, type DoorTicket } from '../core/schemas/door.ts';
import { isRecentRepeatOfAdmitted, mergeSearch, searchByName, validationFailed, whyNotAdmit, type Decision } from './decide.ts';
import type { StoredDevice } from './door-db.ts';
import { guestsLeftNow } from './guests-left.ts';
import { canUndoSale, type QueuedSale } from './sync-queue.ts';
import { signal, useQrCamera } from './use-qr-camera.ts';
import { listAsOf, useDoor, type DoorAction } from './use-door.ts';

const WORD = { admit: 'ADMIT', refuse: 'REFUSED', already: 'ALREADY IN' } as const;
const CAPTION = { admit: 'Valid Ticket', refuse: 'Invalid Ticket', already: 'Seen moments ago' } as const;
const COLOURS = { admit: 'bg-emerald-600 text-white', refuse: 'bg-red-700 text-white', already: 'bg-amber-400 text-zinc-950' } as const;
/** How long a result fills the screen before the camera view returns (a new scan replaces it at once). */
const SHOW_MS = { admit: 2_500, refuse: 4_000, already: 3_500 } as const;

const clock = (iso: string | null) => (iso ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' }) : 'never');

/**
 * The answer, filling the screen: one big word, the reason, readable across a dark room. It closes
 * by itself (SHOW_MS) and the camera keeps scanning under it, so nobody needs to tap; 'Scan next'
 * (the spec's Reset) closes it at once.
 */
function ResultPanel({ decision, onDismiss }: { decision: Decision; onDismiss: () => void }) {
  const admit = decision.kind === 'admit' ? decision : null;
  // The big word names the panel (a screen reader says "ADMIT, Valid Ticket, …"), the caption above it on screen.
  return (
    <section aria-labelledby="door-answer-word" className={`fixed inset-0 z-40 flex flex-col items-center justify-center gap-4 p-6 text-center ${COLOURS[decision.kind]}`}>
      <span id="door-answer-word" className="order-2 text-7xl font-black tracking-tight sm:text-8xl">
        {WORD[decision.kind]}
      </span>
      <span className="order-1 text-lg font-semibold tracking-widest uppercase opacity-90">{CAPTION[decision.kind]}</span>
      {admit ? (
        <span className="order-3 space-y-1 text-2xl font-semibold">
          {admit.count && admit.count > 1 && <span className="block">{admit.count} people</span>}
          {admit.holderLabel && <span className="block [overflow-wrap:anywhere]">{admit.holderLabel}</span>}
          {admit.typeName && <span className="block text-xl opacity-90">{admit.typeName}</span>}
          {admit.note && <span className="block text-lg opacity-90">{admit.note}</span>}
        </span>
      ) : (
        <span className="order-3 max-w-xl space-y-1 text-2xl font-semibold">
          <span className="block">{decision.kind === 'admit' ? '' : decision.detail}</span>
          {/* Issue 34: the ticket's type ('VIP') and holder in every answer, not only an admission. */}
          {decision.kind !== 'admit' && (decision.holderLabel || decision.typeName) && (
            <span className="block text-xl opacity-90 [overflow-wrap:anywhere]">{[decision.holderLabel, decision.typeName].filter(Boolean).join(' · ')}</span>
          )}
        </span>
      )}
      <button type="button" onClick={onDismiss} className="order-4 mt-6 min-h-14 rounded-full border-2 border-current px-8 text-xl font-bold">
        Scan next
      </button>
    </section>
  );
}

function StatusBar({ isOnline, lastSyncedAt, waiting, couldNotSend }: { isOnline: boolean; lastSyncedAt: string | null; waiting: number; couldNotSend: number }) {
  return (
    <div role="status" aria-label="Door status" className="flex flex-wrap items-center gap-x-4 gap-y-1 text-base">
      <span className={`inline-flex items-center gap-2 rounded-full px-3 py-1 font-bold ${isOnline ? 'bg-emerald-900 text-emerald-100' : 'bg-amber-400 text-zinc-950'}`}>
        <span aria-hidden="true" className={`size-2.5 rounded-full ${isOnline ? 'bg-emerald-300' : 'bg-zinc-950'}`} />
        {isOnline ? 'Online' : 'Offline'}
      </span>
      <span className="text-zinc-300">Last synced {clock(lastSyncedAt)}</span>
      <span className={waiting ? 'font-bold text-amber-300' : 'text-zinc-300'}>
        {waiting} {waiting === 1 ? 'scan waits' : 'scans wait'}
      </span>
      {couldNotSend > 0 && <span className="font-bold text-amber-300">{couldNotSend} could not be sent</span>}
    </div>
  );
}

function Count({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="min-w-0 rounded-xl bg-zinc-900 px-2 py-2 sm:px-3">
      <dt className="text-xs leading-tight text-zinc-300 sm:text-sm">{label}</dt>
      <dd className="text-xl font-black tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

/** Typed codes: the field a USB or Bluetooth scanner types into (it ends with Enter), kept focused. */
function EntryField({ onSubmit, inputRef }: { onSubmit: (code: string) => Promise<void>; inputRef: React.RefObject<HTMLInputElement | null> }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const isBusy = useRef(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const text = code.trim();
    // A scanner's stray Enter on the empty field is ignored; a tap on Check says what is missing.
    if (!text) return e ? setError('Please enter a ticket ID.') : undefined;
    // A scanner's Enter and a tap can arrive together: one submit at a time.
    if (isBusy.current) return;
    isBusy.current = true;
    setError('');
    setCode('');
    try {
      await onSubmit(text);
    } finally {
      isBusy.current = false;
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-1" noValidate>
      <label htmlFor="ticket-code" className="block text-base font-semibold">
        Ticket ID
      </label>
      <div className="flex gap-2">
        <input
          id="ticket-code"
          ref={inputRef}
          className="field-input min-h-12 flex-1 text-lg"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="Scan or type a code"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ticket-code-error' : 'ticket-code-help'}
        />
        <button type="submit" className="btn-primary min-h-12 min-w-24 px-5 text-lg">
          Check
        </button>
      </div>
      {error ? (
        <p id="ticket-code-error" className="field-error text-base">
          {error}
        </p>
      ) : (
        <p id="ticket-code-help" className="text-sm text-zinc-400">
          A handheld scanner types here and presses Enter. You can also type the reference printed under a ticket's QR code.
        </p>
      )}
    </form>
  );
}

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Find anyone on the list (issue 34): by name, order number or ticket reference on the door's own
 * list (offline too), and online also by e-mail address, whole or in part, matched by the server (the
 * door's list masks addresses; the answer is masked too). A ticket that does not admit says why.
 */
function NameSearch({
  tickets,
  guests,
  guestsLeft,
  onAdmit,
  searchOnline,
  isOnline,
}: {
  tickets: Map<string, DoorTicket>;
  guests: Map<string, DoorGuest>;
  guestsLeft: (g: DoorGuest) => number;
  onAdmit: (action: DoorAction) => void;
  searchOnline: (q: string) => Promise<DoorSearchResult | null>;
  isOnline: boolean;
}) {
  const [query, setQuery] = useState('');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [server, setServer] = useState<{ q: string; result: DoorSearchResult } | null>(null);
  const q = query.trim();
  // The server is asked once typing pauses; an answer for an older query is dropped.
  useEffect(() => {
    if (q.length < 2 || !isOnline) return;
    let isCurrent = true;
    const timer = window.setTimeout(() => {
      void searchOnline(q).then((result) => {
        if (isCurrent && result) setServer({ q, result });
      });
    }, 300);
    return () => {
      isCurrent = false;
      window.clearTimeout(timer);
    };
  }, [q, isOnline, searchOnline]);
  const found = mergeSearch(searchByName(query, tickets.values(), guests.values()), server?.q === q ? server.result : null, tickets, 12, guests);
  return (
    <section aria-labelledby="search-heading" className="space-y-3">
      <h2 id="search-heading" className="text-xl font-bold">
        Find a guest
      </h2>
      <label htmlFor="name-search" className="sr-only">
        Name, e-mail address or order number of a ticket holder or guest
      </label>
      <input id="name-search" type="search" className="field-input min-h-12 text-lg" placeholder="Name, e-mail or order number" value={query} onChange={(e) => setQuery(e.target.value)} autoComplete="off" />
      {!isOnline && <p className="text-sm text-amber-300">{DOOR_MESSAGES.searchOffline}</p>}
      {q.length >= 2 && found.length === 0 && <p className="text-zinc-400">Nobody on this door's list matches that.</p>}
      <ul className="space-y-2" aria-label="Search results">
        {found.map((item) => {
          if (item.kind === 'ticket') {
            const why = whyNotAdmit(item.ticket, false, timeOf);
            return (
              <li key={item.ticket.ref} className="flex items-center justify-between gap-3 rounded-xl bg-zinc-900 p-3">
                <span className="min-w-0">
                  <span className="block font-semibold [overflow-wrap:anywhere]">{item.ticket.holderLabel}</span>
                  <span className="block text-sm text-zinc-400">
                    {[item.ticket.typeName, item.ticket.orderRef && `Order ${item.ticket.orderRef}`].filter(Boolean).join(' · ')}
                  </span>
                  {why && <span className="block text-sm font-semibold text-amber-300">{why}</span>}
                </span>
                {why ? null : (
                  <button type="button" className="btn-primary min-h-12 shrink-0 px-4" onClick={() => onAdmit({ ref: item.ticket.ref })} aria-label={`Admit ${item.ticket.holderLabel}`}>
                    Admit
                  </button>
                )}
              </li>
            );
          }
          const left = guestsLeft(item.guest);
          return (
            <li key={item.guest.id} className="space-y-2 rounded-xl bg-zinc-900 p-3">
              <span className="block font-semibold">
                {item.guest.name}
                {item.guest.plusCount > 0 && ` +${item.guest.plusCount}`} <span className="text-sm font-normal text-zinc-400">· guest list · {left} still to come</span>
              </span>
              {item.guest.note && <span className="block text-sm text-zinc-300">{item.guest.note}</span>}
              {left <= 0 ? (
                <span className="block font-semibold text-emerald-300">Everyone in this party is in.</span>
              ) : (
                <span className="flex items-center gap-2">
                  <label htmlFor={`guest-count-${item.guest.id}`} className="text-sm">
                    People
                  </label>
                  <input
                    id={`guest-count-${item.guest.id}`}
                    type="number"
                    min={1}
                    max={Math.max(1, left)}
                    className="field-input min-h-12 w-20 text-lg"
                    value={Math.min(counts[item.guest.id] ?? Infinity, Math.max(1, left))}
                    onChange={(e) => setCounts({ ...counts, [item.guest.id]: Number(e.target.value) })}
                  />
                  <button type="button" className="btn-primary min-h-12 flex-1 px-4" onClick={() => onAdmit({ guestId: item.guest.id, count: Math.min(counts[item.guest.id] ?? Infinity, Math.max(1, left)) })} aria-label={`Check in ${item.guest.name}`}>
                    Check in
                  </button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

type Sale = { quantity: number; amountCents: number; method: 'cash' | 'card' };

const centsOf = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);
const amountText = (cents: number) => (cents / 100).toFixed(2);

/**
 * A walk-in sale (issue 34): the ticket type's door price times the tickets, prefilled and in the
 * show's currency; refused (not merely flagged) past capacity or for a cancelled show; undone within
 * a few minutes (a void, kept in the door report).
 */
function DoorSale({
  onSell,
  onUndo,
  onRecorded,
  prices,
  currency,
  seatsLeft,
  isCancelled,
  sales,
  refused,
}: {
  onSell: (sale: Sale) => Promise<string | null>;
  onUndo: (saleId: string) => Promise<boolean>;
  onRecorded: () => void;
  prices: DoorPrice[];
  currency: string;
  seatsLeft: number | null;
  isCancelled: boolean;
  sales: QueuedSale[];
  refused: QueuedSale[];
}) {
  const doorPrice = prices.find((p) => p.isDoorPrice) ?? prices[0];
  const [chosenType, setTypeName] = useState('');
  const typeName = chosenType || doorPrice?.typeName || '';
  const [quantity, setQuantity] = useState('1');
  const priceOf = (name: string) => prices.find((p) => p.typeName === name)?.priceCents;
  const prefill = (name: string, q: string) => {
    const price = priceOf(name);
    const n = Number(q);
    return price === undefined || !Number.isInteger(n) || n < 1 ? '' : amountText(price * n);
  };
  // Until someone types an amount, it is the type's price times the tickets.
  const [typedAmount, setAmount] = useState<string | null>(null);
  const amount = typedAmount ?? prefill(typeName, quantity);
  const [method, setMethod] = useState<'cash' | 'card'>('cash');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [now, setNow] = useState(() => Date.now());
  // The Undo buttons go when their minutes are up.
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 15_000);
    return () => window.clearInterval(timer);
  }, []);
  const undoable = sales.filter((s) => canUndoSale(s, now)).sort((a, b) => b.soldAt.localeCompare(a.soldAt));
  const isFull = seatsLeft !== null && seatsLeft <= 0;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const q = Number(quantity);
    const cents = centsOf(amount);
    if (!Number.isInteger(q) || q < 1 || q > 20) return setError('Sell between 1 and 20 tickets in one door sale.');
    if (!amount.trim() || !Number.isFinite(cents) || cents < 0) return setError('Please enter the amount taken.');
    const sale = { quantity: q, amountCents: cents, method };
    setMessage('');
    // The shared schema, the seats left and the server have the last word, with their message.
    const refusal = await onSell(sale);
    if (refusal) return setError(refusal);
    setError('');
    setMessage(`Recorded: ${q} at the door, ${formatCents(cents)} ${currency} by ${sale.method}.`);
    setQuantity('1');
    setAmount(null);
    onRecorded();
  };
  const undo = async (sale: QueuedSale) => {
    const isUndone = await onUndo(sale.id);
    setError('');
    setMessage(isUndone ? `Undone: ${sale.quantity} at the door, ${formatCents(sale.amountCents)} ${currency}. Give the money back.` : 'This sale can no longer be undone.');
  };
  if (isCancelled) {
    return (
      <section aria-labelledby="sale-heading">
        <h2 id="sale-heading" className="mb-3 text-xl font-bold">
          Door sale
        </h2>
        <p role="status" className="rounded-xl bg-red-900 p-3 font-semibold text-white">
          {DOOR_MESSAGES.saleCancelled}
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="sale-heading">
      <h2 id="sale-heading" className="mb-3 text-xl font-bold">
        Door sale
      </h2>
      {refused.length > 0 && (
        <p role="alert" className="mb-3 rounded-xl bg-red-800 p-3 font-semibold text-white">
          {DOOR_MESSAGES.saleRefusedAfterSync} ({refused.map((s) => `${s.quantity} for ${formatCents(s.amountCents)} at ${timeOf(s.soldAt)}`).join('; ')})
        </p>
      )}
      {isFull && (
        <p role="status" className="mb-3 rounded-xl bg-amber-400 p-3 font-semibold text-zinc-950">
          {DOOR_MESSAGES.saleFull}
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} className="grid grid-cols-2 gap-3" noValidate>
        {prices.length > 1 && (
          <div className="col-span-2">
            <label htmlFor="sale-type" className="field-label text-base">
              Ticket type
            </label>
            <select
              id="sale-type"
              className="field-input min-h-12 text-lg"
              value={typeName}
              onChange={(e) => setTypeName(e.target.value)}
            >
              {prices.map((p) => (
                <option key={p.typeName} value={p.typeName}>
                  {p.typeName}: {formatCents(p.priceCents)}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor="sale-quantity" className="field-label text-base">
            Tickets
          </label>
          <input
            id="sale-quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={20}
            className="field-input min-h-12 text-lg"
            value={quantity}
            onChange={(e) => setQuantity(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="sale-amount" className="field-label text-base">
            Amount taken ({currency})
          </label>
          <div className="flex items-center gap-1">
            <span aria-hidden="true" className="text-lg text-zinc-300">
              $
            </span>
            <input
              id="sale-amount"
              inputMode="decimal"
              className="field-input min-h-12 text-lg"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              placeholder="0.00"
            />
          </div>
        </div>
        <fieldset className="col-span-2 flex gap-3">
          <legend className="field-label text-base">Paid by</legend>
          {(['cash', 'card'] as const).map((m) => (
            <label key={m} className={`flex min-h-12 flex-1 cursor-pointer items-center justify-center gap-2 rounded-lg border text-lg font-semibold ${method === m ? 'border-brand-400 bg-zinc-800' : 'border-zinc-700'}`}>
              <input type="radio" name="sale-method" value={m} checked={method === m} onChange={() => setMethod(m)} className="size-5 accent-amber-400" />
              {m === 'cash' ? 'Cash' : 'Card'}
            </label>
          ))}
        </fieldset>
        {error && (
          <p role="alert" className="col-span-2 field-error text-base">
            {error}
          </p>
        )}
        <button type="submit" className="btn-primary col-span-2 min-h-12 text-lg">
          Record door sale
        </button>
        {message && (
          <p role="status" className="col-span-2 text-zinc-200">
            {message}
          </p>
        )}
      </form>
      {undoable.length > 0 && (
        <section aria-labelledby="undo-heading" className="mt-4 space-y-2">
          <h3 id="undo-heading" className="font-semibold">
            Sold in the last {DOOR_SALE_UNDO_MS / 60_000} minutes
          </h3>
          <ul className="space-y-2">
            {undoable.map((sale) => (
              <li key={sale.id} className="flex items-center justify-between gap-3 rounded-xl bg-zinc-900 p-3">
                <span>
                  {sale.quantity} at {timeOf(sale.soldAt)}, {formatCents(sale.amountCents)} {currency} by {sale.method}
                </span>
                <button type="button" className="btn-secondary min-h-12 shrink-0 px-4" onClick={() => void undo(sale)} aria-label={`Undo the sale of ${sale.quantity} at ${timeOf(sale.soldAt)}`}>
                  Undo
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

/** The door for one gig: camera, typed codes, name search, door sales, status and live counts. */
export function DoorScreen({ gigId, device, onRevoked, onChangeGig }: { gigId: string; device: StoredDevice; onRevoked: () => void; onChangeGig: () => void }) {
  const door = useDoor(gigId, device, onRevoked);
  const [decision, setDecision] = useState<Decision | null>(null);
  const lastHandled = useRef<{ text: string; at: number } | null>(null);
  const inFlight = useRef(new Set<string>());
  const hideTimer = useRef(0);
  const entryRef = useRef<HTMLInputElement>(null);
  const { admit } = door;

  useEffect(() => {
    document.title = door.gig ? `Ticket Scanner · ${door.gig.title}` : 'Ticket Scanner';
  }, [door.gig]);

  // The phone stays awake at the door (where the browser allows it), and again after a switch away.
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    const request = () => {
      if (document.visibilityState === 'visible') void navigator.wakeLock?.request('screen').then((l) => (lock = l)).catch(() => undefined);
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      document.removeEventListener('visibilitychange', request);
      void lock?.release().catch(() => undefined);
    };
  }, []);

  const show = useCallback((next: Decision) => {
    setDecision(next);
    signal(next.kind);
    window.clearTimeout(hideTimer.current);
    hideTimer.current = window.setTimeout(() => setDecision(null), SHOW_MS[next.kind]);
  }, []);

  const run = useCallback(
    async (action: DoorAction) => {
      const key = JSON.stringify(action);
      if (inFlight.current.has(key)) return;
      inFlight.current.add(key);
      try {
        show(await admit(action));
      } catch {
        // The check itself failed (not a refusal): the spec's words, and the guest is scanned again.
        show(validationFailed());
      } finally {
        inFlight.current.delete(key);
      }
    },
    [admit, show],
  );

  // Non-stop scanning: every read counts except the code just handled, still in front of the lens.
  const onCode = useCallback(
    (text: string) => {
      const now = Date.now();
      if (isRecentRepeatOfAdmitted(text, lastHandled.current, now)) return;
      lastHandled.current = { text: text.trim(), at: now };
      void run({ code: text.trim() });
    },
    [run],
  );
  const { videoRef, cameraError } = useQrCamera(onCode, Boolean(door.data));

  // The entry field keeps focus whenever nothing else has it, so a handheld scanner's typing lands there.
  useEffect(() => {
    const keep = () => {
      const active = document.activeElement;
      if (!active || active === document.body) entryRef.current?.focus({ preventScroll: true });
    };
    const timer = window.setInterval(keep, 500);
    keep();
    // A scanner's first keystroke while nothing (or the result) has focus goes to the field too.
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const active = document.activeElement;
      const isElsewhere = active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement;
      if (!isElsewhere && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) entryRef.current?.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('keydown', onKeyDown, true);
    };
  }, [door.data]);

  if (!door.data) {
    return (
      <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-5">
        <h1 className="text-2xl font-black">Ticket Scanner</h1>
        {door.loadError ? (
          <p role="alert" className="rounded-xl bg-red-800 p-4 text-lg text-white">
            {door.loadError}
          </p>
        ) : (
          <p role="status" className="text-lg text-zinc-300">
            {door.isLoaded ? 'This door has no copy of the gig\'s list yet. Connect to download it.' : 'Downloading the door list…'}
          </p>
        )}
        <button type="button" className="btn-secondary min-h-12 text-lg" onClick={onChangeGig}>
          Choose another gig
        </button>
      </main>
    );
  }
  const summary = door.summary!;
  const gig = door.data.meta.gig;
  return (
    <div className="min-h-dvh bg-zinc-950">
      <main className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-5 px-4 pt-3 pb-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-8 lg:px-8">
        <header className="space-y-3 lg:col-span-2">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <h1 className="truncate text-2xl font-black">{gig.title}</h1>
              <p className="text-zinc-300">
                {gig.venueName} · {formatLocalDate(gig.localDate)} {formatClock(gig.startTime)} · {device.label}
              </p>
            </div>
            <button type="button" className="btn-secondary min-h-12 shrink-0 px-4" onClick={onChangeGig}>
              Gigs
            </button>
          </div>
          <StatusBar isOnline={door.isOnline} lastSyncedAt={summary.lastSyncedAt} waiting={summary.waiting} couldNotSend={summary.couldNotSend} />
          <dl className="grid grid-cols-3 gap-1.5 sm:grid-cols-6 sm:gap-2" aria-label="Counts">
            {/* Issue 34 item 8: the organiser's words and numbers (countGigTickets). */}
            <Count label={TICKET_COUNT_LABELS.checkedIn} value={summary.checkedIn} />
            <Count label={TICKET_COUNT_LABELS.sold} value={summary.sold} />
            <Count label={TICKET_COUNT_LABELS.doorSales} value={summary.doorSales} />
            <Count label="Capacity" value={summary.capacity ?? '–'} />
            {/* Issue 34: what the door may still sell, seats held by open online checkouts counted. */}
            <Count label="Left" value={summary.seatsLeft ?? '–'} />
            <Count label="This door" value={summary.thisDoor} />
          </dl>
          {summary.heldOnline > 0 && (
            <p className="text-sm text-zinc-300">
              {summary.heldOnline} {summary.heldOnline === 1 ? 'seat is' : 'seats are'} being paid for online right now.
            </p>
          )}
          {summary.conflicts.length > 0 && (
            <section role="alert" aria-labelledby="conflicts-heading" className="rounded-xl border-2 border-red-400 bg-red-950 p-4">
              <h2 id="conflicts-heading" className="text-lg font-black text-red-100">
                {DOOR_MESSAGES.conflict} ({summary.conflicts.length})
              </h2>
              <ul className="mt-2 space-y-1 text-red-100">
                {summary.conflicts.map((c) => (
                  <li key={`${c.ticketRef}-${c.otherAt}`}>
                    {c.holderLabel}: {c.deviceLabel} at {clock(c.admittedAt)}, then {c.otherDeviceLabel} at {clock(c.otherAt)}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </header>
        {/* On a phone the search (and its results) comes above the camera (issue 34); on a wide screen it sits beside it. */}
        <div className="lg:col-start-2 lg:row-start-2">
          <NameSearch
            tickets={door.data.tickets}
            guests={door.data.guests}
            guestsLeft={(g) => guestsLeftNow(g, door.data!.scans, listAsOf(door.data!))}
            onAdmit={(action) => void run(action)}
            searchOnline={door.searchOnline}
            isOnline={door.isOnline}
          />
        </div>
        <section aria-label="Scan" className="space-y-4 lg:col-start-1 lg:row-span-2 lg:row-start-2">
          <div className={`relative overflow-hidden rounded-2xl border-4 border-brand-400 bg-black ${cameraError ? 'hidden' : ''}`}>
            <video ref={videoRef} muted playsInline aria-label="Camera view: hold the ticket's QR code in front of it" className="aspect-[4/3] max-h-[45dvh] w-full object-cover" />
          </div>
          {cameraError ? (
            <p role="alert" className="rounded-lg bg-amber-300 p-3 font-semibold text-zinc-950">
              {cameraError}
            </p>
          ) : (
            <p className="text-center text-zinc-300">Hold the QR code in front of the camera. It keeps scanning.</p>
          )}
          <EntryField inputRef={entryRef} onSubmit={(code) => run({ code })} />
        </section>
        <div className="lg:col-start-2 lg:row-start-3">
          {/* Recorded, the door goes back to scanning: the code field has the focus again. */}
          <DoorSale
            onSell={door.sell}
            onUndo={door.undoSale}
            onRecorded={() => entryRef.current?.focus({ preventScroll: true })}
            prices={door.data.meta.doorPrices ?? []}
            currency={door.data.meta.currency ?? 'USD'}
            seatsLeft={summary.seatsLeft}
            isCancelled={gig.isCancelled}
            sales={door.data.sales}
            refused={summary.refusedSales}
          />
        </div>
      </main>
      <div aria-live="assertive" aria-atomic="true">
        {decision && (
          <ResultPanel
            decision={decision}
            onDismiss={() => {
              setDecision(null);
              entryRef.current?.focus({ preventScroll: true });
            }}
          />
        )}
      </div>
    </div>
  );
}
