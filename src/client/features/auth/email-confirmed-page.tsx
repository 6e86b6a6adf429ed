import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';

/**
 * Where the link of the verification e-mail lands (D32). better-auth has already checked it and
 * adds `?error=` when it could not: TOKEN_EXPIRED after a day, anything else when it is not valid.
 */
export function EmailConfirmedPage() {
  useTitle('Confirm your e-mail address');
  const [params] = useSearchParams();
  const { data: me } = useSession();
  const error = params.get('error');
  const again = me ? 'Ask for a new one with "Send the link again" on your dashboard.' : 'Log in, then ask for a new one with "Send the link again" on your dashboard.';
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">{error ? 'Confirm your e-mail address' : 'E-mail address confirmed'}</h1>
        {!error && <Alert tone="success">Thank you: your e-mail address is confirmed.</Alert>}
        {error === 'TOKEN_EXPIRED' && <Alert>This link has expired: links work for 24 hours. {again}</Alert>}
        {error && error !== 'TOKEN_EXPIRED' && <Alert>This link is not valid. {again}</Alert>}
        <Link to={me ? '/dashboard' : '/login'} className="btn-primary">
          {me ? 'Go to your dashboard' : 'Log in'}
        </Link>
      </div>
    </div>
  );
}
