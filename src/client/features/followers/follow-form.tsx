import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError, postJson } from '../../lib/api.ts';

type State = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/**
 * Follow a band by e-mail (spec 1 §2, §4, §8; D19): idle, 'Subscribing...', success, error. On the
 * compact follow widget of gig cards the success tick disappears after 3 seconds.
 */
const TONES = {
  dark: { input: 'field-input', button: 'btn-secondary', ok: 'text-emerald-300', bad: 'text-red-300' },
  light: {
    input: 'block w-full rounded-lg border border-zinc-300 bg-white px-3 text-zinc-900 placeholder:text-zinc-500 focus:border-amber-600 focus:outline-none focus:ring-2 focus:ring-amber-500/40',
    button: 'btn bg-zinc-900 text-white hover:bg-zinc-700',
    ok: 'text-emerald-700',
    bad: 'text-red-700',
  },
} as const;

export function FollowForm({
  bandId,
  bandName,
  variant = 'widget',
  tone = 'dark',
}: {
  bandId: string;
  bandName: string;
  variant?: 'widget' | 'panel';
  tone?: keyof typeof TONES;
}) {
  const styles = TONES[tone];
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const inputId = useId();
  const statusId = useId();

  useEffect(() => {
    if (variant !== 'widget' || state.kind !== 'success') return;
    const timer = setTimeout(() => setState({ kind: 'idle' }), 3000);
    return () => clearTimeout(timer);
  }, [state, variant]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The schema (and zod) load on the first submit, not with every public page.
    const { followSchema } = await import('../../../core/schemas/follow.ts');
    const parsed = followSchema.safeParse({ bandId, email });
    if (!parsed.success) {
      setState({ kind: 'error', message: parsed.error.issues[0]?.message ?? 'Subscription failed.' });
      return;
    }
    setState({ kind: 'submitting' });
    try {
      const result = await postJson<{ success: boolean; message?: string }>('/api/followers', parsed.data);
      if (!result.success) throw new ApiError(400, 'BAD_REQUEST', result.message ?? 'Subscription failed.');
      setState({ kind: 'success', message: result.message ?? `You're now following ${bandName}!` });
      setEmail('');
    } catch (error) {
      const message =
        error instanceof ApiError ? (error.code === 'NETWORK' ? 'Network error. Please try again later.' : error.message || 'Subscription failed.') : 'Subscription failed.';
      setState({ kind: 'error', message });
    }
  };

  const isPanel = variant === 'panel';
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className={isPanel ? 'space-y-3' : 'mt-3 space-y-2'} aria-label={`Follow ${bandName} by e-mail`}>
      {isPanel && <p className="text-sm text-zinc-300">Get an e-mail when {bandName} announces a show.</p>}
      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Your e-mail to follow {bandName}
        </label>
        <input
          id={inputId}
          type="email"
          required
          autoComplete="email"
          placeholder="Your e-mail"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby={statusId}
          aria-invalid={state.kind === 'error' ? true : undefined}
          className={`${styles.input} min-w-0 flex-1 py-2 text-sm`}
        />
        <button type="submit" className={`${styles.button} shrink-0 px-3 py-2`} disabled={state.kind === 'submitting'}>
          {state.kind === 'submitting' ? 'Subscribing...' : 'Follow'}
        </button>
      </div>
      <p id={statusId} role="status" aria-live="polite" className="min-h-5 text-sm">
        {state.kind === 'success' && <span className={styles.ok}>✓ {state.message}</span>}
        {state.kind === 'error' && <span className={styles.bad}>{state.message}</span>}
      </p>
    </form>
  );
}
