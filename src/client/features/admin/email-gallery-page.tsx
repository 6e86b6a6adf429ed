import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { apiFetch } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { useLoginPath } from '../../lib/use-login-path.ts';

type GalleryEmail = { id: string; kind: string; sentWhen: string; subject: string; html: string; text: string };

/**
 * One e-mail: its HTML in a sandboxed frame (no scripts, no same-origin, nothing it links to opens),
 * or its plain-text part.
 */
function EmailPreview({ email }: { email: GalleryEmail }) {
  const [isText, setIsText] = useState(false);
  const headingId = `email-${email.id}`;
  return (
    <article id={email.id} className="card flex scroll-mt-24 flex-col gap-3" aria-labelledby={headingId}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="break-words text-lg font-semibold">
            {email.subject}
          </h2>
          <p className="text-sm text-zinc-400">
            {email.sentWhen} · <code className="text-zinc-300">{email.kind}</code>
          </p>
        </div>
        <button type="button" className="btn-secondary shrink-0" aria-pressed={isText} onClick={() => setIsText((shown) => !shown)}>
          Plain text
        </button>
      </div>
      {isText ? (
        <pre className="h-[30rem] resize-y overflow-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-950 p-4 text-sm text-zinc-100" aria-label={`${email.subject} (plain text)`}>
          {email.text}
        </pre>
      ) : (
        <iframe title={`${email.subject} (HTML)`} srcDoc={email.html} sandbox="" className="h-[30rem] w-full resize-y overflow-auto rounded-lg border border-zinc-700 bg-white" />
      )}
    </article>
  );
}

/** Decision 45: every e-mail Marquee sends, rendered with demo data, for admins to look at all at once. */
export function EmailGalleryPage() {
  useTitle('E-mails');
  const { data: me, isPending: isSessionPending } = useSession();
  const loginPath = useLoginPath();
  const { data, isPending, isError } = useQuery({
    queryKey: ['admin-emails'],
    queryFn: () => apiFetch<{ emails: GalleryEmail[] }>('/api/admin/emails'),
    enabled: me?.user.role === 'admin',
  });
  if (isSessionPending) return <p className="p-8 text-center text-zinc-400">Loading…</p>;
  if (!me) return <Navigate to={loginPath} replace />;
  if (me.user.role !== 'admin') return <Navigate to="/login" replace />;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">E-mails</h1>
      <p className="mt-1 text-zinc-400">Every e-mail Marquee sends, shown with demo data{data ? ` (${data.emails.length})` : ''}. Links in them do not open here.</p>
      {isPending && <p className="mt-6 text-zinc-400">Loading…</p>}
      {isError && <Alert>The e-mails could not be loaded.</Alert>}
      {data && (
        <>
          <nav aria-label="E-mails on this page" className="card mt-6">
            <ol className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
              {data.emails.map((email) => (
                <li key={email.id} className="truncate">
                  <a href={`#${email.id}`} className="text-brand-400 underline hover:text-brand-100">
                    {email.subject}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="mt-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
            {data.emails.map((email) => (
              <EmailPreview key={email.id} email={email} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
