import { Link, Navigate, useLocation } from 'react-router';
import { loginPathFor } from '../../../core/safe-next-path.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { AccountSettings } from './account-settings.tsx';

/** /account: every role's account settings. */
export function AccountSettingsPage() {
  useTitle('Account settings');
  const { data: me, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <p className="p-8 text-center text-zinc-400">Loading profile…</p>;
  if (!me) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/dashboard" className="link text-sm">
        ← Back to dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">Account settings</h1>
      <div className="mt-6">
        <AccountSettings me={me} />
      </div>
    </div>
  );
}
