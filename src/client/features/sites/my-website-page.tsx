import { Link, Navigate } from 'react-router';
import { LoadingImage } from '../../components/ui/states.tsx';
import { usePublicConfig } from '../../lib/config.ts';
import { useSession } from '../../lib/session.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { useTitle } from '../../lib/use-title.ts';
import { useLoginPath } from '../../lib/use-login-path.ts';

/** Band website dashboard (spec 1 §2): the site's address and a live preview. */
export function MyWebsitePage() {
  useTitle('My website');
  const { data: me, isPending } = useSession();
  const { data: config } = usePublicConfig();
  const loginPath = useLoginPath();
  if (isPending || !config) return <LoadingImage />;
  if (!me) return <Navigate to={loginPath} replace />;
  if (me.user.role !== 'band' || typeof me.profile?.slug !== 'string') return <Navigate to="/dashboard" replace />;
  const address = siteUrl(config.publicUrl, me.profile.slug);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">Your band website</h1>
      <div className="card mt-6 flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="text-sm text-zinc-400">Your site's address</p>
          <a href={address} className="link break-all text-lg font-semibold" target="_blank" rel="noopener noreferrer">
            {address.replace(/\/$/, '')}
          </a>
        </div>
        <div className="flex gap-2">
          <Link to="/dashboard" className="btn-secondary">
            Back to Dashboard
          </Link>
          <Link to="/edit-profile" className="btn-primary">
            Edit Profile
          </Link>
        </div>
      </div>
      <section aria-label="Preview of your site" className="mt-6 overflow-hidden rounded-2xl border border-zinc-700">
        <iframe title="Preview of your band website" src={address} className="h-[70vh] w-full bg-zinc-950" />
      </section>
    </div>
  );
}
