import { Link } from 'react-router';
import { useSession } from '../../lib/session.ts';

/** /debug-test (spec 1 §2): what the app knows about this visit. */
export function DebugTestPage() {
  const { data: me } = useSession();
  const rows: [string, string][] = [
    ['Login status', me ? 'Logged in' : 'Not logged in'],
    ['Email', me?.user.email ?? '-'],
    ['Role', me?.user.role ?? '-'],
    ['URL', window.location.href],
    ['Browser', navigator.userAgent],
    ['Screen size', `${window.screen.width} x ${window.screen.height}`],
    ['Window size', `${window.innerWidth} x ${window.innerHeight}`],
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold">Debug test</h1>
      <dl className="card mt-6 grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-zinc-400">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <nav aria-label="Debug links" className="mt-6 flex flex-wrap gap-3">
        <a href="/qr-scanner/" className="btn-secondary">
          QR scanner
        </a>
        <Link to="/login" className="btn-secondary">
          Login
        </Link>
        <Link to="/" className="btn-secondary">
          Home
        </Link>
      </nav>
    </div>
  );
}
