import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, FieldLabel } from '../../components/ui/field.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';

type BandChoice = { id: string; name: string; email: string };
const ISSUES = 'Test completed with some issues. Check console for details.';

/**
 * 'Admin Bypass (Test)' on the admin dashboard (spec 2 §2, spec 3 §4, D27): a test campaign for a
 * band the admin picks, without impersonating it. Every e-mail goes to the admin's own address.
 */
export function AdminBypassCard() {
  const { data: config } = usePublicConfig();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [bandId, setBandId] = useState('');
  const [regionSlug, setRegionSlug] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const bands = useQuery({
    queryKey: ['admin', 'bypass-bands', query],
    queryFn: () => apiFetch<{ users: BandChoice[]; total: number }>(`/api/admin/users?${new URLSearchParams({ role: 'band', ...(query ? { q: query } : {}) }).toString()}`),
    placeholderData: (previous) => previous,
  });
  const region = regionSlug || config?.regions.find((r) => r.isDefault)?.slug || config?.regions[0]?.slug || '';
  const choices = bands.data?.users ?? [];
  const chosen = choices.find((b) => b.id === bandId) ?? null;

  const run = async () => {
    if (!chosen || !region) return;
    const regionName = config?.regions.find((r) => r.slug === region)?.name ?? region;
    if (!window.confirm(`Run a test campaign for ${chosen.name} in ${regionName}? No payment is taken; every e-mail goes to your own address.`)) return;
    setOutcome(null);
    setBusy(true);
    try {
      const result = await postJson<{ message: string }>('/api/outreach/admin-bypass', { bandId: chosen.id, regionSlug: region });
      setOutcome({ tone: 'success', text: result.message });
    } catch (error) {
      console.error('Admin bypass test failed', error);
      setOutcome({ tone: 'error', text: error instanceof ApiError && error.status < 500 && error.status !== 0 ? error.message : ISSUES });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card space-y-4" aria-labelledby="bypass-heading">
      <div>
        <h2 id="bypass-heading" className="text-xl font-semibold">
          Admin Bypass (Test)
        </h2>
        <p className="text-sm text-zinc-400">A venue outreach campaign for any band, without payment. Every e-mail comes to you, not to the venues.</p>
      </div>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(search.trim());
          setBandId('');
        }}
      >
        <label className="min-w-48 flex-1 text-sm">
          <span className="field-label">Find a band</span>
          <input className="field-input" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Band name or e-mail" />
        </label>
        <button type="submit" className="btn-secondary max-sm:min-h-11">
          Search bands
        </button>
      </form>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <FieldLabel htmlFor="bypass-band" label="Band" />
          <select id="bypass-band" className="field-input" value={bandId} onChange={(e) => setBandId(e.target.value)}>
            <option value="">{bands.isPending ? 'Loading bands…' : choices.length ? 'Choose a band' : 'No bands found in the system.'}</option>
            {choices.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name} ({b.email})
              </option>
            ))}
          </select>
          {bands.data && bands.data.total > choices.length && <p className="mt-1 text-xs text-zinc-400">Showing {choices.length} of {bands.data.total}; search to narrow.</p>}
        </div>
        <div>
          <FieldLabel htmlFor="bypass-region" label="Location" />
          <select id="bypass-region" className="field-input" value={region} onChange={(e) => setRegionSlug(e.target.value)}>
            {config?.regions.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="button" className="btn-primary max-sm:min-h-11" disabled={!chosen || !region || isBusy} onClick={() => void run()}>
        {isBusy ? 'Running test...' : 'Admin Bypass (Test)'}
      </button>
    </section>
  );
}
