import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { formatClock, formatLocalDate } from '../core/time.ts';
import { DOOR_MESSAGES, registerDoorDeviceSchema, type DoorGig } from '../core/schemas/door.ts';
import { acceptInvitation, DoorApiError, listGigs, readSession, registerDevice, type SessionUser } from './door-api.ts';
import { db, forgetDevice, readDevice, saveDevice, type StoredDevice } from './door-db.ts';
import { checkCodeFormat } from './decide.ts';
import { DoorScreen } from './door-screen.tsx';

const ORGANISER_ROLES = ['venue', 'promoter', 'band', 'admin'];
const GIG_KEY = 'marquee-door-gig';

/** A door staff link: /qr-scanner/join#<token> (the token in the fragment never reaches a server log). */
const inviteToken = () => (location.pathname.replace(/\/+$/, '').endsWith('/join') ? decodeURIComponent(location.hash.slice(1)) : '');

export function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-6 px-5 py-10">
      <p className="text-sm font-bold tracking-widest text-brand-400 uppercase">Marquee Door</p>
      <h1 className="text-3xl font-black">{title}</h1>
      {children}
    </main>
  );
}

/** Names this device as a door: an organiser with their session, door staff with their link's token. */
function NameDoor({ inviteTokenValue, onDone }: { inviteTokenValue: string; onDone: (device: StoredDevice) => void }) {
  const [label, setLabel] = useState('Front door');
  const [error, setError] = useState('');
  const [isBusy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = registerDoorDeviceSchema.safeParse({ label });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please name this door.');
    setBusy(true);
    setError('');
    try {
      const registration = inviteTokenValue ? await acceptInvitation(inviteTokenValue, parsed.data.label) : await registerDevice(parsed.data.label);
      await saveDevice(registration);
      if (inviteTokenValue) history.replaceState(null, '', '/qr-scanner/');
      onDone({ ...registration, key: 'device' });
    } catch (error) {
      setError(error instanceof DoorApiError ? (error.isNetwork ? 'No connection. Setting up a door needs the network once.' : error.message) : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
      <p className="text-zinc-300">Name this door so the counts and any conflicts say where a ticket was scanned. After this, the scanner works without signal.</p>
      <div>
        <label htmlFor="door-label" className="field-label text-base">
          Door name
        </label>
        <input id="door-label" className="field-input min-h-12 text-lg" value={label} onChange={(e) => setLabel(e.target.value)} maxLength={60} aria-invalid={error ? true : undefined} aria-describedby={error ? 'door-label-error' : undefined} />
        {error && (
          <p id="door-label-error" role="alert" className="field-error text-base">
            {error}
          </p>
        )}
      </div>
      <button type="submit" className="btn-primary min-h-12 w-full text-lg" disabled={isBusy}>
        {isBusy ? 'Setting up…' : 'Use this device as a door'}
      </button>
    </form>
  );
}

/**
 * The spec's test validation box on 'Access Restricted' (issue 34, item 17): a pasted or typed code
 * is checked for form on this device alone (checkCodeFormat) — it admits no one, sends nothing and
 * never says whose ticket it is.
 */
function TestValidation() {
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<ReturnType<typeof checkCodeFormat> | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setAnswer(checkCodeFormat(code));
  };
  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-zinc-700 p-4" noValidate aria-labelledby="test-validation-title">
      <h2 id="test-validation-title" className="text-xl font-bold">
        Test validation
      </h2>
      <p className="text-zinc-300">Check that a code is a well-formed Marquee ticket code. Nothing is admitted or recorded.</p>
      <div>
        <label htmlFor="test-code" className="field-label text-base">
          Ticket code
        </label>
        <input id="test-code" className="field-input min-h-12 font-mono" value={code} onChange={(e) => (setCode(e.target.value), setAnswer(null))} maxLength={500} autoComplete="off" spellCheck={false} />
      </div>
      <button type="submit" className="btn-secondary min-h-12 w-full text-lg">
        Check code
      </button>
      <div aria-live="polite">
        {answer && (
          <p className={`rounded-lg p-3 text-lg ${answer.isValid ? 'bg-emerald-900 text-emerald-50' : 'bg-red-900 text-red-50'}`}>
            <strong className="block">{answer.isValid ? 'Valid Ticket' : 'Invalid Ticket'}</strong>
            {answer.detail}
          </p>
        )}
      </div>
    </form>
  );
}

/** No door token yet: who is here decides how the door is set up. */
function SetUp({ onDone }: { onDone: (device: StoredDevice) => void }) {
  const token = inviteToken();
  const [who, setWho] = useState<{ user: SessionUser | null } | { error: string } | null>(token ? { user: null } : null);
  useEffect(() => {
    if (token) return;
    readSession()
      .then((user) => setWho({ user }))
      .catch((error: unknown) => setWho({ error: error instanceof DoorApiError && error.isNetwork ? 'No connection. Setting up a door needs the network once.' : 'Could not check who is signed in. Please reload.' }));
  }, [token]);
  if (token) {
    return (
      <Shell title="Door staff">
        <NameDoor inviteTokenValue={token} onDone={onDone} />
      </Shell>
    );
  }
  if (!who) return <Shell title="Ticket Scanner"><p className="text-zinc-300">Loading…</p></Shell>;
  if ('error' in who) return <Shell title="Ticket Scanner"><p role="alert" className="text-lg">{who.error}</p></Shell>;
  if (!who.user) {
    return (
      <Shell title="Authentication Required">
        <p className="text-lg text-zinc-300">Please log in with your venue, promoter, band or admin account to scan tickets, or open the door staff link the organiser e-mailed you on this device.</p>
        <a href={`/login?next=${encodeURIComponent('/qr-scanner/')}`} className="btn-primary min-h-12 text-lg">
          Log in
        </a>
      </Shell>
    );
  }
  if (!ORGANISER_ROLES.includes(who.user.role)) {
    return (
      <Shell title="Access Restricted">
        <p className="text-lg text-zinc-300">Only venues, promoters, bands, admins and their door staff can scan tickets at the door.</p>
        <TestValidation />
        <a href="/dashboard" className="btn-secondary min-h-12 text-lg">
          Back to Marquee
        </a>
      </Shell>
    );
  }
  return (
    <Shell title="Set up this door">
      <p className="text-zinc-400">Signed in as {who.user.name || who.user.email}.</p>
      <NameDoor inviteTokenValue="" onDone={onDone} />
    </Shell>
  );
}

/** The gigs this door may scan: from the server when online, else the gigs opened on this device before. */
function GigPicker({ device, onPick }: { device: StoredDevice; onPick: (gigId: string) => void }) {
  const [gigs, setGigs] = useState<DoorGig[] | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    listGigs(device.token)
      .then(setGigs)
      .catch(async (error: unknown) => {
        const stored = (await db.gigs.toArray()).map((g) => g.gig);
        setGigs(stored);
        setNote(error instanceof DoorApiError && !error.isNetwork ? error.message : 'Offline: these are the gigs this door has opened before.');
      });
  }, [device.token]);
  return (
    <Shell title="Which gig?">
      <p className="text-zinc-400">Door: {device.label}</p>
      {note && <p role="status" className="rounded-lg bg-zinc-800 p-3 text-zinc-200">{note}</p>}
      {gigs === null ? (
        <p>Loading…</p>
      ) : gigs.length === 0 ? (
        <p className="text-lg">{DOOR_MESSAGES.noGigs}</p>
      ) : (
        <ul className="space-y-3">
          {gigs.map((gig) => (
            <li key={gig.id}>
              <button type="button" onClick={() => onPick(gig.id)} disabled={gig.isCancelled} className="min-h-16 w-full rounded-xl border border-zinc-700 bg-zinc-900 px-4 py-3 text-left hover:border-brand-400 disabled:opacity-50">
                <span className="block text-lg font-bold">{gig.title}</span>
                <span className="block text-zinc-300">
                  {gig.venueName} · {formatLocalDate(gig.localDate)} {formatClock(gig.startTime)}
                  {gig.isCancelled && ' · cancelled'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Shell>
  );
}

function Revoked({ onReset }: { onReset: () => void }) {
  return (
    <Shell title="Door access revoked">
      <p role="alert" className="rounded-xl bg-red-800 p-4 text-lg font-semibold text-white">
        {DOOR_MESSAGES.revoked}
      </p>
      <button type="button" className="btn-secondary min-h-12 text-lg" onClick={onReset}>
        Set up this device again
      </button>
    </Shell>
  );
}

/** The door app (issue 24): set-up, then the gig picker, then the door screen for the chosen gig. */
export function DoorApp() {
  const [device, setDevice] = useState<StoredDevice | null | undefined>(undefined);
  const [gigId, setGigId] = useState<string | null>(() => new URLSearchParams(location.search).get('gig') ?? localStorage.getItem(GIG_KEY));
  useEffect(() => {
    void readDevice().then((d) => setDevice(d ?? null));
  }, []);
  const pick = useCallback((id: string | null) => {
    if (id) localStorage.setItem(GIG_KEY, id);
    else localStorage.removeItem(GIG_KEY);
    history.replaceState(null, '', id ? `/qr-scanner/?gig=${id}` : '/qr-scanner/');
    setGigId(id);
  }, []);
  const onRevoked = useCallback(() => setDevice((d) => (d ? { ...d, isRevoked: true } : d)), []);

  if (device === undefined) return null;
  if (device === null) return <SetUp onDone={setDevice} />;
  if (device.isRevoked) return <Revoked onReset={() => void forgetDevice().then(() => (pick(null), setDevice(null)))} />;
  if (!gigId) return <GigPicker device={device} onPick={pick} />;
  return <DoorScreen key={gigId} gigId={gigId} device={device} onRevoked={onRevoked} onChangeGig={() => pick(null)} />;
}
