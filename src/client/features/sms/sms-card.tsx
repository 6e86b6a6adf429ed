import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError, apiFetch, postJson } from '../../lib/api.ts';

type SmsOverview = { provider: 'outbox' | 'twilio'; number: string; regions: { slug: string; name: string; subscribers: number }[] };

/**
 * SMS updates on the admin dashboard (D29): subscribers per region, and, with no texting provider
 * configured, a box that tries an inbound text by hand and shows the answer, subscribing nobody.
 */
export function SmsCard() {
  const { data } = useQuery({ queryKey: ['admin-sms'], queryFn: () => apiFetch<SmsOverview>('/api/admin/sms') });
  const [form, setForm] = useState({ from: '', body: 'MUSIC' });
  const send = useMutation({ mutationFn: () => postJson<{ reply: string; segments: number }>('/api/admin/sms/test-inbound', form) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate();
  };
  const total = data?.regions.reduce((sum, r) => sum + r.subscribers, 0) ?? 0;
  return (
    <section className="card space-y-4" aria-labelledby="sms-heading">
      <div>
        <h2 id="sms-heading" className="text-xl font-semibold">
          SMS updates
        </h2>
        <p className="text-sm text-zinc-400">
          People text MUSIC to {data?.number ?? 'the advertised number'} for the weekly digest by text; {total} {total === 1 ? 'number is' : 'numbers are'} subscribed.
          {data?.provider === 'twilio' ? ' Texts go through Twilio.' : ' No texting provider is configured: texts are kept in the outbox.'}
        </p>
      </div>
      {data && (
        <ul className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          {data.regions
            .filter((r) => r.subscribers > 0 || r.slug === 'chicagoland')
            .map((r) => (
              <li key={r.slug} className="rounded-lg border border-zinc-800 px-3 py-2">
                <span className="block text-zinc-400">{r.name}</span>
                <span className="font-semibold">{r.subscribers}</span>
              </li>
            ))}
        </ul>
      )}
      {data?.provider === 'outbox' && (
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <TextField label="From (phone)" type="tel" value={form.from} onChange={(e) => setForm({ ...form, from: e.target.value })} placeholder="(312) 555-0100" error={send.error instanceof ApiError ? send.error.fields.from : undefined} />
          <TextField label="Text" value={form.body} onChange={(e) => setForm({ ...form, body: e.target.value })} maxLength={160} />
          <button type="submit" className="btn-secondary" disabled={send.isPending || !form.from}>
            Send Test Text
          </button>
        </form>
      )}
      {send.isSuccess && (
        <Alert tone="success">
          Reply ({send.data.segments} {send.data.segments === 1 ? 'segment' : 'segments'}): {send.data.reply}
          <span className="mt-1 block">A test only: no subscription was changed.</span>
        </Alert>
      )}
      {send.isError && !(send.error instanceof ApiError && send.error.fields.from) && <Alert>{send.error.message}</Alert>}
    </section>
  );
}
