import { useQuery } from '@tanstack/react-query';
import { fetchVenueOptions } from './api.ts';

/** The venue picker of promoter registration and the promoter editor: accounts with the venue role (spec 2 §6). */
export function VenuePicker({ selected, onChange, error }: { selected: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { data, isPending, isError } = useQuery({ queryKey: ['venue-options'], queryFn: fetchVenueOptions });
  return (
    <fieldset aria-describedby={error ? 'venue-picker-error' : undefined}>
      <legend className="field-label">Venues you promote at</legend>
      <p className="mb-2 text-sm text-zinc-400">Each venue you choose is asked first: you can post gigs there once it accepts.</p>
      {isPending && <p className="text-sm text-zinc-400">Loading venues…</p>}
      {isError && <p className="text-sm text-red-300">The venue list could not be loaded.</p>}
      {data && data.venues.length === 0 && <p className="text-sm text-zinc-400">No venues are registered yet; you can add them later.</p>}
      <div className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-zinc-700 p-2">
        {data?.venues.map((v) => (
          <label key={v.id} className="flex cursor-pointer items-start gap-2 rounded p-1.5 hover:bg-zinc-800">
            <input
              type="checkbox"
              className="mt-1 accent-brand-400"
              checked={selected.includes(v.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, v.id] : selected.filter((id) => id !== v.id))}
            />
            <span>
              <span className="block text-sm font-medium">{v.name}</span>
              <span className="block text-xs text-zinc-400">{v.address}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="venue-picker-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
