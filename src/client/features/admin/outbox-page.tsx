import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { apiFetch, postJson } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { useLoginPath } from '../../lib/use-login-path.ts';

type OutboxRow = { id: string; toAddress: string; subject: string; kind: string; status: string; channel: string; createdAt: string };
type OutboxMessage = OutboxRow & { fromAddress: string; replyTo: string | null; textBody: string; htmlBody: string | null; hasHiddenLinks: boolean; attachments: string[]; sentAt: string | null; error: string | null };

function MessageView({ id }: { id: string }) {
  const { data, isPending, isError } = useQuery({ queryKey: ['outbox', id], queryFn: () => apiFetch<{ message: OutboxMessage }>(`/api/admin/outbox/${id}`) });
  // Links that act for the recipient come hidden; showing them is a deliberate, audited step.
  const reveal = useMutation({ mutationFn: () => postJson<{ textBody: string }>(`/api/admin/outbox/${id}/reveal`, {}) });
  if (isPending) return <p className="text-zinc-400">Loading…</p>;
  if (isError) return <Alert>The message could not be loaded.</Alert>;
  const m = data.message;
  return (
    <article className="space-y-3" aria-labelledby="message-subject">
      <h2 id="message-subject" className="text-xl font-semibold">
        {m.subject}
      </h2>
      <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-zinc-400">To</dt>
        <dd className="break-all">{m.toAddress}</dd>
        <dt className="text-zinc-400">From</dt>
        <dd className="break-all">{m.fromAddress}</dd>
        {m.replyTo && (
          <>
            <dt className="text-zinc-400">Reply-To</dt>
            <dd className="break-all">{m.replyTo}</dd>
          </>
        )}
        <dt className="text-zinc-400">Status</dt>
        <dd>
          {m.status}
          {m.error ? ` (${m.error})` : ''}
        </dd>
        <dt className="text-zinc-400">Created</dt>
        <dd>{new Date(m.createdAt).toLocaleString()}</dd>
        {m.attachments.length > 0 && (
          <>
            <dt className="text-zinc-400">Attachments</dt>
            <dd className="break-all">{m.attachments.join(', ')}</dd>
          </>
        )}
      </dl>
      <pre className="whitespace-pre-wrap break-words rounded-lg bg-zinc-950 p-4 text-sm text-zinc-100" data-testid="message-body">
        {linkify(reveal.data?.textBody ?? m.textBody)}
      </pre>
      {m.hasHiddenLinks && !reveal.data && (
        <div className="space-y-2">
          <p className="text-sm text-zinc-400">
            Links that act for the recipient are hidden. Show them only to pass them on to the recipient; this is written to the audit log.
          </p>
          <button type="button" className="btn-secondary" onClick={() => reveal.mutate()} disabled={reveal.isPending}>
            Show hidden links
          </button>
          {reveal.isError && <Alert>{reveal.error.message}</Alert>}
        </div>
      )}
    </article>
  );
}

/** Links in a plain-text e-mail become clickable, so a reset link can be followed from the outbox. */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="link break-all">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

/** D28: the admins' view of every e-mail Marquee sent. */
export function OutboxPage() {
  useTitle('Outbox');
  const { data: me, isPending: isSessionPending } = useSession();
  const loginPath = useLoginPath();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const readerRef = useRef<HTMLElement>(null);
  // On a phone the reader sits below the list: bring the opened message into view.
  useEffect(() => {
    if (openId) readerRef.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
  }, [openId]);
  const { data, isPending, isError } = useQuery({
    queryKey: ['outbox-list', page],
    queryFn: () => apiFetch<{ messages: OutboxRow[]; total: number; pageSize: number }>(`/api/admin/outbox?page=${page}`),
    enabled: me?.user.role === 'admin',
  });
  if (isSessionPending) return <p className="p-8 text-center text-zinc-400">Loading…</p>;
  if (!me) return <Navigate to={loginPath} replace />;
  if (me.user.role !== 'admin') return <Navigate to="/login" replace />;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Outbox</h1>
      <p className="mt-1 text-zinc-400">Every e-mail Marquee has sent{data ? ` (${data.total})` : ''}.</p>
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section className="card p-0" aria-label="Messages">
          {isPending && <p className="p-4 text-zinc-400">Loading…</p>}
          {isError && <Alert>The outbox could not be loaded.</Alert>}
          {data && data.messages.length === 0 && <p className="p-4 text-zinc-400">No e-mail has been sent yet.</p>}
          <ul className="divide-y divide-zinc-800">
            {data?.messages.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setOpenId(m.id)}
                  aria-current={openId === m.id ? 'true' : undefined}
                  className="block w-full px-4 py-3 text-left hover:bg-zinc-800 aria-[current=true]:bg-zinc-800"
                >
                  <span className="block truncate font-medium">{m.subject}</span>
                  <span className="block truncate text-sm text-zinc-400">
                    To {m.toAddress} · {new Date(m.createdAt).toLocaleString()} · {m.status}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <div className="flex items-center justify-between border-t border-zinc-800 p-3 text-sm">
              <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                Newer
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                Older
              </button>
            </div>
          )}
        </section>
        <section ref={readerRef} className="card scroll-mt-24" aria-live="polite">
          {openId ? <MessageView id={openId} /> : <p className="text-zinc-400">Choose a message to read it.</p>}
        </section>
      </div>
    </div>
  );
}
