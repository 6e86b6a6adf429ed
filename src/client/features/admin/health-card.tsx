import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Health, MessageFailure } from '../../../core/health.ts';
import { Alert } from '../../components/ui/field.tsx';
import { apiFetch, postJson } from '../../lib/api.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
const hoursAgo = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24 rounded-xl border border-zinc-800 p-4">
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      <div className="mt-2 space-y-2 text-sm text-zinc-300">{children}</div>
    </section>
  );
}

function EmailFailures({ failures }: { failures: MessageFailure[] }) {
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: (id: string) => postJson<{ status: 'sent' | 'stored' | 'failed'; error: string | null }>(`/api/admin/health/emails/${id}/retry`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin-health'] }),
  });
  return (
    <>
      <ul className="space-y-2">
        {failures.map((f) => (
          <li key={f.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg bg-zinc-900 p-3">
            <div className="min-w-0">
              <p className="break-words font-medium">
                {f.subject} <span className="font-normal text-zinc-400">to {f.to}</span>
              </p>
              <p className="break-words text-red-300">{f.error ?? 'No answer recorded.'}</p>
              <p className="text-zinc-400">
                {when(f.createdAt)} · {f.attempts} {f.attempts === 1 ? 'attempt' : 'attempts'}
              </p>
            </div>
            <button type="button" className="btn-secondary" disabled={retry.isPending} onClick={() => retry.mutate(f.id)} aria-label={`Retry the e-mail "${f.subject}" to ${f.to}`}>
              Retry
            </button>
          </li>
        ))}
      </ul>
      {retry.data && <Alert tone={retry.data.status === 'failed' ? 'error' : 'success'}>{retry.data.status === 'failed' ? `Failed again: ${retry.data.error ?? 'no answer'}` : 'Sent.'}</Alert>}
      {retry.error && <Alert>{retry.error.message}</Alert>}
    </>
  );
}

/** Issue 36: what an operator needs to know is wrong, and where it is fixed (also at /metrics/health). */
export function HealthCard() {
  const { data, isError } = useQuery({ queryKey: ['admin-health'], queryFn: () => apiFetch<Health>('/api/admin/health'), refetchInterval: 60_000 });
  if (isError) return <Alert>The health report could not be loaded.</Alert>;
  if (!data) return null;
  const busyQueues = data.jobs.filter((q) => q.waiting || q.active || q.retrying || q.failed);
  return (
    <section className="card mt-8 space-y-4" aria-labelledby="health-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="health-heading" className="text-xl font-semibold">
          Health
        </h2>
        <p className="text-sm text-zinc-400">Checked {when(data.checkedAt)}</p>
      </div>
      {data.problems.length === 0 ? (
        <Alert tone="success">Nothing needs you: e-mail, texts, webhooks, the fediverse, jobs and backups are all fine.</Alert>
      ) : (
        <div role="status" className="rounded-xl border border-amber-500/60 bg-amber-950/40 p-4">
          <p className="font-semibold text-amber-200">
            {data.problems.length === 1 ? '1 thing needs you' : `${data.problems.length} things need you`}
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {data.problems.map((p) => (
              <li key={p.text}>
                <a href={p.href} className="underline underline-offset-2 hover:text-white">
                  {p.text}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 text-sm md:grid-cols-4" id="health-version">
        <div>
          <dt className="text-zinc-400">Version</dt>
          <dd className="font-medium">
            {data.version} · migrations {data.migrations.applied}/{data.migrations.inBuild}
          </dd>
        </div>
        <div id="health-payments" className="scroll-mt-24">
          <dt className="text-zinc-400">Payments</dt>
          <dd className="font-medium">
            {data.payments.provider}
            {data.payments.isTestMode && ' (test mode)'}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Uploaded files</dt>
          <dd className="font-medium">
            {data.storage.files} · {megabytes(data.storage.bytes)} {data.storage.where === 'bucket' ? 'in S3' : 'on disk'}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-400">Last backup</dt>
          <dd className="font-medium">{data.backups.latest ? hoursAgo(data.backups.latest.ageHours) : 'none'}</dd>
        </div>
      </dl>
      <div className="grid gap-4 lg:grid-cols-2">
        <Part id="health-email" title="E-mail">
          <p>
            {data.email.transport === 'smtp' ? 'Sent over SMTP.' : 'No SMTP server: e-mail is kept in the outbox.'} {data.email.waiting} waiting, {data.email.failed} failed.
          </p>
          {data.email.recentFailures.length > 0 && <EmailFailures failures={data.email.recentFailures} />}
        </Part>
        <Part id="health-sms" title="Texts">
          <p>
            {data.sms.transport === 'twilio' ? 'Sent through Twilio.' : 'No texting provider: texts are kept in the outbox.'} {data.sms.waiting} waiting, {data.sms.failed} failed.
          </p>
          {data.sms.recentFailures.map((f) => (
            <p key={f.id} className="break-words text-red-300">
              To {f.to}: {f.error ?? 'no answer recorded'}
            </p>
          ))}
        </Part>
        <Part id="health-webhooks" title="Webhook endpoints">
          {data.webhooks.failingEndpoints.length === 0 ? (
            <p>No endpoint is failing.</p>
          ) : (
            <ul className="space-y-1">
              {data.webhooks.failingEndpoints.map((e) => (
                <li key={e.id} className="break-words">
                  <span className="font-medium">{e.url}</span> ({e.owner}): {e.autoDisabledAt ? `turned off ${when(e.autoDisabledAt)}` : `failing since ${when(e.failingSince!)}`}, {e.pending} waiting. Its owner sees the delivery log on their dashboard.
                </li>
              ))}
            </ul>
          )}
        </Part>
        <Part id="health-federation" title="Fediverse deliveries">
          {!data.federation.isOn ? (
            <p>Federation is off.</p>
          ) : data.federation.recentFailures.length === 0 ? (
            <p>No failed delivery in the last 7 days.</p>
          ) : (
            <ul className="space-y-1">
              {data.federation.recentFailures.map((f) => (
                <li key={`${f.at}${f.error}`} className="break-words">
                  {when(f.at)}: {f.error}
                </li>
              ))}
            </ul>
          )}
        </Part>
        <Part id="health-jobs" title="Jobs">
          {busyQueues.length === 0 ? (
            <p>Every queue is idle.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left">
                <thead className="text-zinc-400">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-normal">Queue</th>
                    <th scope="col" className="py-1 pr-3 font-normal">Waiting</th>
                    <th scope="col" className="py-1 pr-3 font-normal">Running</th>
                    <th scope="col" className="py-1 pr-3 font-normal">Retrying</th>
                    <th scope="col" className="py-1 pr-3 font-normal">Failed</th>
                    <th scope="col" className="py-1 font-normal">Oldest waiting</th>
                  </tr>
                </thead>
                <tbody>
                  {busyQueues.map((q) => (
                    <tr key={q.queue} className="border-t border-zinc-800">
                      <th scope="row" className="py-1 pr-3 font-medium">{q.queue}</th>
                      <td className="py-1 pr-3">{q.waiting}</td>
                      <td className="py-1 pr-3">{q.active}</td>
                      <td className="py-1 pr-3">{q.retrying}</td>
                      <td className={q.failed ? 'py-1 pr-3 text-red-300' : 'py-1 pr-3'}>{q.failed}</td>
                      <td className="py-1">{q.oldestWaitingAt ? when(q.oldestWaitingAt) : '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Part>
        <Part id="health-backups" title="Backups">
          {data.backups.latest ? (
            <p>
              The last backup, {data.backups.latest.name}, was made {when(data.backups.latest.createdAt)} ({hoursAgo(data.backups.latest.ageHours)}
              {data.backups.isStale ? `, more than the ${data.backups.maxAgeHours} allowed` : ''}).
            </p>
          ) : (
            <p>No backup in {data.backups.folder} yet.</p>
          )}
          <p className="text-zinc-400">
            Run <code>npm run backup</code> daily from cron (docs/operators/backups.md in the source tells how).
          </p>
        </Part>
      </div>
    </section>
  );
}
