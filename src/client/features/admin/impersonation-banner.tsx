import { useState } from 'react';
import { useNavigate } from 'react-router';
import { postJson } from '../../lib/api.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';

/** While an admin impersonates someone, every page says so, with a way to stop (D3). */
export function ImpersonationBanner() {
  const { data: me } = useSession();
  const refresh = useRefreshSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!me?.impersonation) return null;
  const stop = async () => {
    setBusy(true);
    try {
      await postJson('/api/admin/stop-impersonating', {});
      await refresh();
      void navigate('/dashboard');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div role="status" className="flex flex-wrap items-center justify-center gap-3 bg-fuchsia-700 px-4 py-2 text-sm font-semibold text-white">
      <span>
        Currently Impersonating {me.profile?.name ?? me.user.name} ({me.user.email}, {me.user.role})
      </span>
      <button type="button" onClick={() => void stop()} disabled={busy} className="rounded-md bg-white px-3 py-1 text-fuchsia-800 hover:bg-fuchsia-100">
        Stop Impersonating
      </button>
    </div>
  );
}
