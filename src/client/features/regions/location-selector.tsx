import { Link, useLocation, useNavigate } from 'react-router';
import { pageRegions, usePublicConfig } from '../../lib/config.ts';

/** Elsewhere than / the location selector is a dropdown (spec 1 §2). */
export function LocationDropdown({ isInMenu = false }: { isInMenu?: boolean }) {
  const { data: config } = usePublicConfig();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const regions = pageRegions(config);
  if (pathname === '/' || regions.length === 0) return null;
  const current = regions.find((r) => r.path === pathname)?.path ?? '';
  return (
    <label className={`items-center gap-2 text-sm text-zinc-300 ${isInMenu ? 'flex py-2' : 'hidden sm:flex'}`}>
      <span className="sr-only">Choose a location</span>
      <select
        className="rounded-md border border-zinc-700 bg-zinc-900 px-2 py-1.5 text-sm text-zinc-100"
        value={current}
        onChange={(e) => { if (e.target.value) void navigate(e.target.value); }}
      >
        <option value="">Choose a location</option>
        {regions.map((r) => (
          <option key={r.slug} value={r.path}>
            {r.name}
          </option>
        ))}
      </select>
    </label>
  );
}

/** At / the location selector is a landing row of buttons, one per location. */
export function LocationButtons() {
  const { data: config } = usePublicConfig();
  return (
    <nav aria-label="Locations" className="flex flex-wrap justify-center gap-3">
      {pageRegions(config).map((r) => (
        <Link key={r.slug} to={r.path} className="btn-primary px-6 py-3 text-base">
          {r.name}
        </Link>
      ))}
    </nav>
  );
}
