import jsQRImport from 'jsqr';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { readTicketCode, REFUSAL_TEXT } from '../../../core/ticket-codes.ts';
import { formatClock, formatLocalDate } from '../../../core/time.ts';
import { ApiError, postJson } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { useLoginPath } from '../../lib/use-login-path.ts';

type Decode = (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts?: 'dontInvert' }) => { data: string } | null;
// jsqr is CommonJS with an ES-style default export: depending on the bundler's interop the import is
// the decoder itself or a module object holding it.
const jsQR: Decode = (jsQRImport as unknown as { default?: Decode }).default ?? (jsQRImport as unknown as Decode);

type Admission =
  | { isValid: true; ticketId: string; holderEmail: string; admittedAt: string; gig: { localDate: string; startTime: string; venueName: string } }
  | { isValid: false; reason: keyof typeof REFUSAL_TEXT; usedAt?: string };

const SCANNER_ROLES = ['venue', 'promoter', 'band', 'admin'];
const CAMERA_ERROR = 'Camera access denied or not available. Please use manual entry.';

/** A short tone and a buzz, so the door hears the answer without looking (high: admitted, low: refused). */
function signal(isValid: boolean) {
  navigator.vibrate?.(isValid ? 120 : [80, 60, 80, 60, 80]);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = isValid ? 880 : 220;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + (isValid ? 0.15 : 0.4));
  } catch {
    // No audio output: the screen and the vibration still say it.
  }
}

/** Reads QR codes from the camera, a few times a second, until one is found. */
function useQrCamera(onCode: (code: string) => void, isActive: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [cameraError, setCameraError] = useState('');
  useEffect(() => {
    if (!isActive) return;
    let stream: MediaStream | null = null;
    let timer = 0;
    let isStopped = false;
    const canvas = document.createElement('canvas');
    const scan = () => {
      const video = videoRef.current;
      if (isStopped || !video) return;
      if (video.readyState >= 2 && video.videoWidth > 0) {
        canvas.width = video.videoWidth;
        canvas.height = video.videoHeight;
        const context = canvas.getContext('2d', { willReadFrequently: true });
        context?.drawImage(video, 0, 0);
        const image = context?.getImageData(0, 0, canvas.width, canvas.height);
        const found = image && jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' });
        if (found?.data) return onCode(found.data);
      }
      timer = window.setTimeout(scan, 200);
    };
    void Promise.resolve()
      .then(() => navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }))
      .then((media) => {
        stream = media;
        if (isStopped || !videoRef.current) return media.getTracks().forEach((t) => t.stop());
        videoRef.current.srcObject = media;
        void videoRef.current.play().catch(() => undefined);
        setCameraError('');
        scan();
      })
      .catch(() => setCameraError(CAMERA_ERROR));
    return () => {
      isStopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [isActive, onCode]);
  return { videoRef, cameraError };
}

function Result({ result, onReset }: { result: Admission | { error: string }; onReset: () => void }) {
  const isValid = 'isValid' in result && result.isValid;
  return (
    <section
      aria-live="assertive"
      className={`rounded-2xl p-6 text-center ${isValid ? 'bg-emerald-600 text-white' : 'bg-red-700 text-white'}`}
    >
      <h2 className="text-4xl font-black">{isValid ? 'Valid Ticket' : 'Invalid Ticket'}</h2>
      {'error' in result ? (
        <p className="mt-3 text-lg">{result.error}</p>
      ) : result.isValid ? (
        <div className="mt-3 space-y-1 text-lg">
          <p className="font-semibold [overflow-wrap:anywhere]">{result.holderEmail}</p>
          <p>
            {result.gig.venueName} · {formatLocalDate(result.gig.localDate)} {formatClock(result.gig.startTime)}
          </p>
          <p>Admitted at {new Date(result.admittedAt).toLocaleTimeString()}</p>
        </div>
      ) : (
        <p className="mt-3 text-lg">
          {REFUSAL_TEXT[result.reason]}
          {result.reason === 'already_used' && result.usedAt && ` at ${new Date(result.usedAt).toLocaleString()}`}
        </p>
      )}
      <button type="button" onClick={onReset} className="mt-6 w-full rounded-xl bg-white px-6 py-4 text-xl font-bold text-zinc-900">
        Reset
      </button>
    </section>
  );
}

function ManualEntry({ onSubmit, label = 'Validate' }: { onSubmit: (code: string) => void; label?: string }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError('Please enter a ticket ID.');
    setError('');
    onSubmit(code);
  };
  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <label htmlFor="ticket-code" className="block text-lg font-semibold">
        Ticket ID
      </label>
      <div className="flex gap-2">
        <input
          id="ticket-code"
          className="field-input flex-1 py-3 text-lg"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ticket-code-error' : undefined}
        />
        <button type="submit" className="btn-primary px-6 text-lg">
          {label}
        </button>
      </div>
      {error && (
        <p id="ticket-code-error" className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * The camera is allowed only on a page loaded as /qr-scanner (the server's Permissions-Policy), so
 * arriving here by an in-app link loads the page afresh.
 */
const isLoadedAsScanner = () => {
  const entry = performance.getEntriesByType('navigation')[0];
  return !entry || new URL(entry.name).pathname === '/qr-scanner';
};

/** Door scanner (spec 1 §2, D15): camera or manual entry, one large answer, Reset for the next. */
export function ScannerPage() {
  if (!isLoadedAsScanner()) window.location.reload();
  useTitle('Ticket Scanner');
  const { data: me, isPending } = useSession();
  const loginPath = useLoginPath();
  const [result, setResult] = useState<Admission | { error: string } | null>(null);
  const [testResult, setTestResult] = useState('');
  const isBusy = useRef(false);
  const canScan = Boolean(me && SCANNER_ROLES.includes(me.user.role));

  const validate = useCallback(async (code: string) => {
    if (isBusy.current) return;
    isBusy.current = true;
    try {
      const admission = await postJson<Admission>('/api/tickets/admit', { code });
      setResult(admission);
      signal(admission.isValid);
    } catch (error) {
      setResult({ error: error instanceof ApiError && error.code !== 'NETWORK' ? error.message : 'Error validating ticket. Please try again.' });
      signal(false);
    } finally {
      isBusy.current = false;
    }
  }, []);
  const onCode = useCallback((code: string) => void validate(code), [validate]);
  const { videoRef, cameraError } = useQrCamera(onCode, canScan && result === null);

  if (isPending) return <p className="p-8 text-center text-zinc-400">Loading…</p>;
  if (!me) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">Authentication Required</h1>
        <p className="mt-3 text-zinc-300">Please log in with your venue, promoter, band or admin account to scan tickets.</p>
        <Link to={loginPath} className="btn-primary mt-6">
          Log in
        </Link>
      </div>
    );
  }
  if (!canScan) {
    return (
      <div className="mx-auto max-w-md space-y-6 px-4 py-16">
        <div className="text-center">
          <h1 className="text-3xl font-bold">Access Restricted</h1>
          <p className="mt-3 text-zinc-300">Only venues, promoters, bands and admins can scan tickets at the door.</p>
        </div>
        <section className="card space-y-3" aria-labelledby="test-heading">
          <h2 id="test-heading" className="text-lg font-semibold">
            Test validation
          </h2>
          <p className="text-sm text-zinc-400">Check that a code has the shape of a Marquee ticket. Nothing is admitted.</p>
          <ManualEntry label="Test" onSubmit={(code) => setTestResult(readTicketCode(code) ? 'This code has the shape of a Marquee ticket.' : 'Invalid ticket')} />
          {testResult && <p role="status">{testResult}</p>}
        </section>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-md space-y-6 px-4 py-6">
      <h1 className="text-2xl font-bold">Ticket Scanner</h1>
      {result ? (
        <Result result={result} onReset={() => setResult(null)} />
      ) : (
        <>
          <div className="overflow-hidden rounded-2xl border-4 border-brand-400 bg-black">
            <video ref={videoRef} muted playsInline aria-label="Camera view: hold the ticket's QR code in front of it" className="aspect-square w-full object-cover" />
          </div>
          {cameraError ? (
            <p role="alert" className="rounded-lg bg-amber-300 p-3 font-semibold text-zinc-950">
              {cameraError}
            </p>
          ) : (
            <p className="text-center text-zinc-300">Hold the QR code in the square.</p>
          )}
          <ManualEntry onSubmit={(code) => void validate(code)} />
        </>
      )}
    </div>
  );
}
