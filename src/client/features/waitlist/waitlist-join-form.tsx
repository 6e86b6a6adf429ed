import { useState, type FormEvent } from 'react';
import { WAITLIST_MESSAGES } from '../../../core/messages/waitlist.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { joinWaitlist } from './api.ts';

/**
 * 'Join the waitlist' on a sold-out show's /tickets (decision 50): an e-mail address, then a
 * confirmation e-mail (double opt-in). Tickets that come back are offered in line order, at face
 * value plus the usual fee, each held for its person for a limited time.
 */
export function WaitlistJoinForm({ gigId, defaultEmail }: { gigId: string; defaultEmail: string }) {
  const [email, setEmail] = useState<string | null>(null);
  const [state, setState] = useState<'idle' | 'joining' | 'joined'>('idle');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [fieldError, setFieldError] = useState('');
  const address = email ?? defaultEmail;

  const join = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    setFieldError('');
    setState('joining');
    try {
      setMessage((await joinWaitlist(gigId, address)).message);
      setState('joined');
    } catch (err) {
      setState('idle');
      if (err instanceof ApiError && err.fields.email) setFieldError(err.fields.email);
      else setError(err instanceof ApiError ? err.message : 'Network error. Please try again later.');
    }
  };

  return (
    <section className="space-y-3 border-t border-zinc-700 pt-4" aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading" className="text-xl font-semibold">
        Join the waitlist
      </h3>
      <p className="text-zinc-300">
        When a ticket comes back (its holder returns it, or a seat comes free), we e-mail the next person in line an offer at face value plus the usual service fee, held for them
        for a couple of hours. Nobody pays more than face value.
      </p>
      {state === 'joined' ? (
        <Alert tone="success">{message}</Alert>
      ) : (
        <form onSubmit={(e) => void join(e)} className="space-y-3" noValidate>
          <TextField label="Email for the waitlist" type="email" autoComplete="email" required value={address} onChange={(e) => setEmail(e.target.value)} error={fieldError} hint="We e-mail you a link to confirm your place." />
          {error && <Alert tone={error === WAITLIST_MESSAGES.alreadyWaiting ? 'info' : 'error'}>{error}</Alert>}
          <button type="submit" className="btn-primary w-full py-3 text-lg" disabled={state === 'joining'}>
            {state === 'joining' ? 'Joining…' : 'Join the waitlist'}
          </button>
        </form>
      )}
    </section>
  );
}
