import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '../../../core/money.ts';
import { Alert } from '../../components/ui/field.tsx';
import { ApiError, apiFetch } from '../../lib/api.ts';

type SavedType = { id: string; name: string; priceCents: number; quantity: number; sold: number; held: number; salesStart: string | null; salesEnd: string | null; isHidden: boolean };
type SavedCode = { code: string; typeName: string; maxUses: number; uses: number; expires: string | null };
type Saved = { capacity: number | null; timeZone: string; types: SavedType[]; codes: SavedCode[] };

type TypeRow = { key: string; id: string | null; name: string; price: string; quantity: string; salesStart: string; salesEnd: string; isHidden: boolean; taken: number };
type CodeRow = { key: string; code: string; typeName: string; maxUses: string; expires: string; uses: number };

let nextKey = 1;
const key = () => `row-${nextKey++}`;
const toRows = (saved: Saved) => ({
  types: saved.types.map((t): TypeRow => ({
    key: t.id,
    id: t.id,
    name: t.name,
    price: (t.priceCents / 100).toFixed(2),
    quantity: String(t.quantity),
    salesStart: t.salesStart ?? '',
    salesEnd: t.salesEnd ?? '',
    isHidden: t.isHidden,
    taken: t.sold + t.held,
  })),
  codes: saved.codes.map((c): CodeRow => ({ key: key(), code: c.code, typeName: c.typeName, maxUses: String(c.maxUses), expires: c.expires ?? '', uses: c.uses })),
});

const input = 'field-input min-h-11';

/**
 * Issue 23: a ticketed gig's ticket types (Early bird, General, Door…) and the presale codes that
 * unlock hidden ones, opened on request from the gig's card. The server checks every rule
 * (capacity, seats sold, codes in use); this form only gathers the rows.
 */
export function TicketTypesEditor({ gigId }: { gigId: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <details className="rounded-lg border border-zinc-800 px-3 py-2" onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer py-1 font-medium">Ticket types and presale codes</summary>
      {isOpen && <TypesForm gigId={gigId} />}
    </details>
  );
}

function TypesForm({ gigId }: { gigId: string }) {
  const queryClient = useQueryClient();
  const saved = useQuery({ queryKey: ['ticket-types', gigId], queryFn: () => apiFetch<Saved>(`/api/booking/gigs/${gigId}/ticket-types`) });
  const [rows, setRows] = useState<{ types: TypeRow[]; codes: CodeRow[] } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) => apiFetch<Saved>(`/api/booking/gigs/${gigId}/ticket-types`, { method: 'PUT', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    onSuccess: (next) => {
      queryClient.setQueryData(['ticket-types', gigId], next);
      setRows(toRows(next));
      void queryClient.invalidateQueries({ queryKey: ['organiser-dashboard'] });
      setNotice({ tone: 'success', text: 'Ticket types saved.' });
    },
    onError: (error) => setNotice({ tone: 'error', text: error instanceof ApiError ? Object.values(error.fields)[0] ?? error.message : 'The ticket types could not be saved. Please try again.' }),
  });
  if (saved.isPending) return <p className="py-2 text-sm text-zinc-400">Loading ticket types…</p>;
  if (saved.isError) return <Alert>The ticket types could not be loaded.</Alert>;
  const current = rows ?? toRows(saved.data);
  const setType = (k: string, change: Partial<TypeRow>) => setRows({ ...current, types: current.types.map((t) => (t.key === k ? { ...t, ...change } : t)) });
  const setCode = (k: string, change: Partial<CodeRow>) => setRows({ ...current, codes: current.codes.map((c) => (c.key === k ? { ...c, ...change } : c)) });
  const publicPrices = saved.data.types.filter((t) => !t.isHidden).map((t) => t.priceCents);
  const hiddenNames = current.types.filter((t) => t.isHidden && t.name.trim()).map((t) => t.name.trim());
  // Issue 34: a code may be written before its type is ticked hidden; the server refuses a code for a public type.
  const namedTypes = current.types.filter((t) => t.name.trim()).map((t) => t.name.trim());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.mutate({
      types: current.types.map((t) => ({ id: t.id, name: t.name, price: t.price, quantity: t.quantity, salesStart: t.salesStart || null, salesEnd: t.salesEnd || null, isHidden: t.isHidden })),
      codes: current.codes.map((c) => ({ code: c.code, typeName: c.typeName, maxUses: c.maxUses, expires: c.expires || null })),
    });
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-4" aria-label="Ticket types and presale codes" noValidate>
      <p className="text-sm text-zinc-400">
        With no types, the gig sells at its one price. With types, each has its own price and quantity (together at most the gig's {saved.data.capacity ?? 0} tickets). Times are the gig's
        local time ({saved.data.timeZone}).
      </p>
      {current.types.map((t, i) => (
        <fieldset key={t.key} className="space-y-3 rounded-lg border border-zinc-800 p-3">
          <legend className="px-1 text-sm font-semibold">{t.name.trim() || `Ticket type ${i + 1}`}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Name" value={t.name} onChange={(v) => setType(t.key, { name: v })} />
            <Field label="Price ($)" value={t.price} inputMode="decimal" onChange={(v) => setType(t.key, { price: v })} />
            <Field label="Quantity" value={t.quantity} inputMode="numeric" onChange={(v) => setType(t.key, { quantity: v })} hint={t.taken ? `${t.taken} sold or in checkouts` : undefined} />
            <Field label="On sale from (optional)" type="datetime-local" value={t.salesStart} onChange={(v) => setType(t.key, { salesStart: v })} />
            <Field label="On sale until (optional)" type="datetime-local" value={t.salesEnd} onChange={(v) => setType(t.key, { salesEnd: v })} />
            <label className="flex min-h-11 items-center gap-2 self-end text-sm">
              <input type="checkbox" className="h-4 w-4" checked={t.isHidden} onChange={(e) => setType(t.key, { isHidden: e.target.checked })} />
              Hidden: only with a presale code
            </label>
          </div>
          {t.taken === 0 && (
            <button type="button" className="btn-secondary min-h-11 text-sm" onClick={() => setRows({ ...current, types: current.types.filter((x) => x.key !== t.key) })}>
              Remove {t.name.trim() || 'this type'}
            </button>
          )}
        </fieldset>
      ))}
      <button
        type="button"
        className="btn-secondary min-h-11 text-sm"
        onClick={() => setRows({ ...current, types: [...current.types, { key: key(), id: null, name: '', price: '', quantity: '', salesStart: '', salesEnd: '', isHidden: false, taken: 0 }] })}
      >
        Add a ticket type
      </button>
      <div className="space-y-3">
        <h5 className="font-semibold">Presale codes</h5>
        <p className="text-sm text-zinc-400">A presale code unlocks a hidden ticket type: tick 'Hidden' on the type a code is for, so only people with the code can buy it.</p>
        {current.codes.map((c) => (
          <fieldset key={c.key} className="grid gap-3 rounded-lg border border-zinc-800 p-3 sm:grid-cols-4">
            <legend className="sr-only">Presale code {c.code}</legend>
            <Field label="Code" value={c.code} onChange={(v) => setCode(c.key, { code: v.toUpperCase() })} />
            <div>
              <label className="field-label" htmlFor={`${c.key}-type`}>
                Unlocks
              </label>
              <select id={`${c.key}-type`} className={input} value={c.typeName} onChange={(e) => setCode(c.key, { typeName: e.target.value })}>
                <option value="">Choose a type</option>
                {namedTypes.map((name) => (
                  <option key={name} value={name}>
                    {hiddenNames.includes(name) ? name : `${name} (not hidden yet)`}
                  </option>
                ))}
              </select>
            </div>
            <Field label="Tickets it allows" value={c.maxUses} inputMode="numeric" onChange={(v) => setCode(c.key, { maxUses: v })} hint={c.uses ? `${c.uses} used` : undefined} />
            <Field label="Expires (optional)" type="datetime-local" value={c.expires} onChange={(v) => setCode(c.key, { expires: v })} />
          </fieldset>
        ))}
        <button
          type="button"
          className="btn-secondary min-h-11 text-sm"
          onClick={() => setRows({ ...current, codes: [...current.codes, { key: key(), code: '', typeName: hiddenNames[0] ?? '', maxUses: '10', expires: '', uses: 0 }] })}
        >
          Add a presale code
        </button>
      </div>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn-primary min-h-11" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save ticket types'}
        </button>
        {publicPrices.length > 0 && <p className="text-sm text-zinc-400">The gig shows its cheapest public price: {formatCents(Math.min(...publicPrices))}</p>}
      </div>
    </form>
  );
}

function Field({ label, value, onChange, type = 'text', inputMode, hint }: { label: string; value: string; onChange: (v: string) => void; type?: string; inputMode?: 'decimal' | 'numeric'; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className={input} type={type} inputMode={inputMode} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={hint ? `${id}-hint` : undefined} />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
    </div>
  );
}
