import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { API_KEY_SCOPE_LABELS, MAX_ACTIVE_API_KEYS, OPTIONAL_API_KEY_SCOPES, type ApiKeyScope, type ApiKeySummary, type CreatedApiKey } from '../../../core/schemas/api-keys.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';
import { useCopy } from '../../lib/use-copy.ts';

const KEYS_QUERY = ['api-keys'];
/** "Scopes: public read, attendees" (issue 33, finding 11). */
const scopeList = (scopes: ApiKeyScope[]) => `Scopes: ${scopes.map((scope) => API_KEY_SCOPE_LABELS[scope]).join(', ')}`;
const SCOPE_CHOICES: Record<(typeof OPTIONAL_API_KEY_SCOPES)[number], { label: string; hint: string }> = {
  'attendees:read': { label: 'Attendees', hint: 'Ticket holders of the gigs you organise, with their e-mail addresses.' },
  'checkins:read': { label: 'Check-ins', hint: 'Who was admitted at the door, and when.' },
};
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** The new key, shown this once with a copy button and a plain warning. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { copied, copy } = useCopy();
  return (
    <div className="space-y-3 rounded-lg border border-amber-500/60 bg-amber-950/40 p-4" role="status">
      <p className="font-semibold text-amber-100">Copy your new key “{created.name}” now: it is shown only this once.</p>
      <p className="text-sm text-amber-100/90">
        Marquee keeps only a fingerprint of it. Anyone who has it can read your gigs and their sales
        {created.scopes.includes('attendees:read') && ', who holds tickets'}
        {created.scopes.includes('checkins:read') && ', who was checked in'}, so keep it on your server, never in a web page.
      </p>
      <p className="text-sm text-amber-100/90">{scopeList(created.scopes)}.</p>
      <label htmlFor="new-api-key" className="block text-sm font-medium text-zinc-200">
        Your new API key
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input id="new-api-key" readOnly value={created.key} className="field-input min-w-0 flex-1 font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
        <button type="button" className="btn-primary min-h-11" onClick={() => void copy(created.key)}>
          Copy key
        </button>
      </div>
      {copied === 'yes' && <p className="text-sm text-emerald-200">Copied.</p>}
      {copied === 'no' && <p className="text-sm text-amber-100">Your browser did not let us copy it: select the key and copy it yourself.</p>}
      <button type="button" className="btn-secondary min-h-11" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}

/**
 * API keys (decision 53) on the venue, promoter and band dashboards: make a named key (shown
 * once), see the keys with when they were last used, and revoke one.
 */
export function ApiKeysCard() {
  const client = useQueryClient();
  const { data, isPending } = useQuery({ queryKey: KEYS_QUERY, queryFn: () => apiFetch<{ keys: ApiKeySummary[] }>('/api/api-keys') });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const toggleScope = (scope: ApiKeyScope, isOn: boolean) => setScopes((now) => (isOn ? [...now, scope] : now.filter((s) => s !== scope)));
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useMutation({
    mutationFn: () => postJson<CreatedApiKey>('/api/api-keys', { name, scopes }),
    onSuccess: (key) => {
      setCreated(key);
      setName('');
      setScopes([]);
      void client.invalidateQueries({ queryKey: KEYS_QUERY });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => postJson<ApiKeySummary>(`/api/api-keys/${id}/revoke`, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: KEYS_QUERY }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const confirmRevoke = (key: ApiKeySummary) => {
    if (window.confirm(`Revoke the key “${key.name}”? Anything using it stops working at once.`)) revoke.mutate(key.id);
  };
  const nameError = create.error instanceof ApiError ? create.error.fields.name : undefined;
  const keys = data?.keys ?? [];
  return (
    <section className="card space-y-4" aria-labelledby="api-keys-heading">
      <div>
        <h2 id="api-keys-heading" className="text-xl font-semibold">
          API keys
        </h2>
        <p className="text-sm text-zinc-400">
          Read your gigs and their ticket sales from your own software with Marquee’s API; attendees and check-ins too, if you tick them when making the key. Public gig listings need no key.{' '}
          <a href="/api/v1/docs" className="text-brand-400 underline">
            Read the API reference
          </a>
          .
        </p>
      </div>
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <form onSubmit={submit} noValidate className="space-y-3">
        <TextField label="Key name" value={name} onChange={(e) => setName(e.target.value)} maxLength={60} placeholder="e.g. Our website" error={nameError} hint={`What the key is for. Up to ${MAX_ACTIVE_API_KEYS} keys at once.`} />
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-zinc-200">What the key may read</legend>
          <p className="text-sm text-zinc-400">Every key reads public data, your gigs and their sales. Tick more only if your software needs it; a key’s scopes cannot be changed later (make a new key).</p>
          {OPTIONAL_API_KEY_SCOPES.map((scope) => (
            <label key={scope} className="flex min-h-11 items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 h-5 w-5 shrink-0" checked={scopes.includes(scope)} onChange={(e) => toggleScope(scope, e.target.checked)} />
              <span>
                <span className="font-medium text-zinc-100">{SCOPE_CHOICES[scope].label}</span>
                <span className="block text-zinc-400">{SCOPE_CHOICES[scope].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn-primary min-h-11" disabled={create.isPending}>
          Create key
        </button>
      </form>
      {create.isError && !nameError && <Alert>{create.error.message}</Alert>}
      {revoke.isError && <Alert>{revoke.error.message}</Alert>}
      {isPending ? (
        <p className="text-sm text-zinc-400">Loading your keys…</p>
      ) : keys.length === 0 ? (
        <p className="text-sm text-zinc-400">You have no API keys yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-zinc-800 rounded-lg border border-zinc-800" aria-label="Your API keys">
            {keys.map((key) => (
              <li key={key.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">{key.name}</p>
                  <p className="text-sm text-zinc-400">
                    <span className="font-mono">{key.prefix}…</span> · made {day(key.createdAt)} · {key.lastUsedAt ? `last used ${day(key.lastUsedAt)}` : 'never used'}
                    {key.revokedAt && ` · revoked ${day(key.revokedAt)}`}
                  </p>
                  <p className="text-sm text-zinc-400">{scopeList(key.scopes)}</p>
                </div>
                {key.revokedAt ? (
                  <span className="text-sm text-zinc-400">Revoked</span>
                ) : (
                  <button type="button" className="btn-secondary min-h-11" onClick={() => confirmRevoke(key)} disabled={revoke.isPending} aria-label={`Revoke ${key.name}`}>
                    Revoke
                  </button>
                )}
              </li>
            ))}
          </ul>
          {keys.some((key) => !key.revokedAt && key.scopes.length === 1) && (
            <p className="text-sm text-zinc-400">A key with public read only cannot read attendees or check-ins (keys made before scopes existed are such keys): make a new key with them ticked.</p>
          )}
        </>
      )}
    </section>
  );
}
