import { useId, useState, type FormEvent } from 'react';
import { describeTestResult, SECRET_ROTATION_OVERLAP_HOURS, WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_VERIFICATION_MESSAGES, type WebhookDeliverySummary, type WebhookEndpointSummary, type WebhookEventType } from '../../../core/schemas/webhooks.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { revealWebhookSecret, useAddWebhookEndpoint, useDeleteWebhookEndpoint, useResendWebhookDelivery, useRotateWebhookSecret, useSendTestWebhookEvent, useSwitchWebhookEndpoint, useVerifyWebhookEndpoint, useWebhookEndpoints } from './api.ts';

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function AddEndpointForm() {
  const add = useAddWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['ticket.sold']);
  const fields = add.error instanceof ApiError ? add.error.fields : {};
  const groupId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ url, events }, { onSuccess: () => setUrl('') });
  };
  const toggle = (type: WebhookEventType, isOn: boolean) => setEvents((current) => (isOn ? [...current, type] : current.filter((t) => t !== type)));
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField label="Endpoint address" type="url" inputMode="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/marquee-webhooks" error={fields.url} required />
      <fieldset aria-describedby={fields.events ? `${groupId}-error` : undefined}>
        <legend className="field-label">Events to send</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5 h-5 w-5" checked={events.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
              <span>
                <code className="text-zinc-100">{type}</code>
                <span className="block text-zinc-400">{WEBHOOK_EVENT_LABELS[type]}</span>
              </span>
            </label>
          ))}
        </div>
        {fields.events && (
          <p id={`${groupId}-error`} className="mt-1 text-sm text-red-300">
            {fields.events}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn-primary" disabled={add.isPending}>
        Add Endpoint
      </button>
      {add.isError && !fields.url && !fields.events && <Alert>{add.error.message}</Alert>}
      {add.isSuccess && <Alert tone="success">Endpoint added. Reveal its signing secret below to set up your receiver.</Alert>}
    </form>
  );
}

function describeDelivery(delivery: WebhookDeliverySummary): string {
  if (delivery.status === 'delivered') return 'Delivered';
  // Never tried, or resent after it was delivered: waiting for its turn (within a minute).
  if (!delivery.lastAttempt?.error) return 'Waiting to be sent';
  return `Failed: ${delivery.lastAttempt.error ?? 'no answer'}${delivery.nextAttemptAt ? `. Next try ${when(delivery.nextAttemptAt)}` : ''}`;
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointSummary }) {
  const resend = useResendWebhookDelivery();
  const resendButton = (delivery: WebhookDeliverySummary) => (
    <button type="button" className="btn-secondary px-3 py-1.5" disabled={resend.isPending} onClick={() => resend.mutate(delivery.id)} aria-label={`Resend ${delivery.type} of ${when(delivery.createdAt)}`}>
      Resend
    </button>
  );
  if (endpoint.deliveries.length === 0) return <p className="text-sm text-zinc-400">No events yet. They appear here as they are sent.</p>;
  return (
    <div className="space-y-2 overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Recent deliveries to {endpoint.url}</caption>
        <thead>
          <tr className="border-b border-zinc-700 text-left text-xs text-zinc-400">
            <th scope="col" className="py-2 pr-2 font-medium">
              Event
            </th>
            <th scope="col" className="hidden py-2 pr-2 font-medium sm:table-cell">
              Time
            </th>
            <th scope="col" className="py-2 pr-2 font-medium">
              Status
            </th>
            <th scope="col" className="hidden py-2 pr-2 text-right font-medium sm:table-cell">
              Attempts
            </th>
            <th scope="col" className="hidden py-2 font-medium sm:table-cell">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoint.deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-b border-zinc-800 align-top">
              <td className="py-2 pr-2">
                <code>{delivery.type}</code>
                <span className="block text-xs text-zinc-400 sm:hidden">{when(delivery.createdAt)}</span>
              </td>
              <td className="hidden py-2 pr-2 whitespace-nowrap text-zinc-300 sm:table-cell">{when(delivery.createdAt)}</td>
              <td className="py-2 pr-2">
                <span className={delivery.status === 'delivered' ? 'text-emerald-300' : delivery.lastAttempt?.error ? 'text-red-300' : 'text-zinc-300'}>{describeDelivery(delivery)}</span>
                {delivery.lastAttempt?.statusCode !== null && delivery.lastAttempt && (
                  <span className="block text-xs text-zinc-400">
                    HTTP {delivery.lastAttempt.statusCode}, {delivery.lastAttempt.durationMs} ms
                  </span>
                )}
                <span className="block text-xs text-zinc-400 sm:hidden">
                  {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
                {/* On a phone the button sits under the status, so the table fits the screen. */}
                <span className="mt-1 block sm:hidden">{resendButton(delivery)}</span>
              </td>
              <td className="hidden py-2 pr-2 text-right tabular-nums sm:table-cell">{delivery.attempts}</td>
              <td className="hidden py-2 text-right sm:table-cell">{resendButton(delivery)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {resend.isSuccess && <Alert tone="success">{resend.data.message}</Alert>}
      {resend.isError && <Alert>{resend.error.message}</Alert>}
    </div>
  );
}

function EndpointItem({ endpoint }: { endpoint: WebhookEndpointSummary }) {
  const [secret, setSecret] = useState<string | null>(null);
  const [secretError, setSecretError] = useState<string | null>(null);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const [isConfirmingRotate, setIsConfirmingRotate] = useState(false);
  const rotate = useRotateWebhookSecret();
  const confirmRotate = () =>
    rotate.mutate(endpoint.id, {
      onSuccess: ({ secret: newSecret }) => {
        setSecret(newSecret);
        setIsConfirmingRotate(false);
      },
    });
  const onOff = useSwitchWebhookEndpoint();
  const remove = useDeleteWebhookEndpoint();
  const verify = useVerifyWebhookEndpoint();
  const test = useSendTestWebhookEvent();
  const reveal = async () => {
    try {
      setSecret((await revealWebhookSecret(endpoint.id)).secret);
      setSecretError(null);
    } catch (error) {
      setSecretError(error instanceof Error ? error.message : 'The secret could not be shown.');
    }
  };
  const status = !endpoint.isVerified ? 'Not verified yet' : endpoint.isEnabled ? (endpoint.failingSince ? `On, failing since ${when(endpoint.failingSince)}` : 'On') : endpoint.autoDisabledAt ? `Turned off by Marquee on ${when(endpoint.autoDisabledAt)} after days of failed deliveries` : 'Off';
  return (
    <li className="space-y-3 rounded-xl border border-zinc-800 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-all">{endpoint.url}</p>
          <p className={`text-sm ${endpoint.isVerified && endpoint.isEnabled && !endpoint.failingSince ? 'text-emerald-300' : 'text-amber-300'}`}>{status}</p>
          <p className="text-xs text-zinc-400">{endpoint.events.join(', ')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => (secret ? setSecret(null) : void reveal())}>
            {secret ? 'Hide Secret' : 'Reveal Secret'}
          </button>
          <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setIsConfirmingRotate(true)} aria-expanded={isConfirmingRotate}>
            Rotate Secret
          </button>
          {endpoint.isVerified && endpoint.isEnabled && (
            <button type="button" className="btn-secondary px-3 py-1.5" disabled={test.isPending} onClick={() => test.mutate(endpoint.id)}>
              {test.isPending ? 'Sending…' : 'Send Test Event'}
            </button>
          )}
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={onOff.isPending} onClick={() => onOff.mutate({ id: endpoint.id, isEnabled: !endpoint.isEnabled })}>
            {endpoint.isEnabled ? 'Turn Off' : 'Turn On'}
          </button>
          {isConfirmingDelete ? (
            <button type="button" className="btn-danger px-3 py-1.5" disabled={remove.isPending} onClick={() => remove.mutate(endpoint.id)}>
              Confirm Delete
            </button>
          ) : (
            <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setIsConfirmingDelete(true)}>
              Delete
            </button>
          )}
        </div>
      </div>
      {!endpoint.isVerified && (
        <div className="space-y-2 rounded-lg border border-amber-700/60 p-3 text-sm" role="status">
          <p>{WEBHOOK_VERIFICATION_MESSAGES.waiting}</p>
          {verify.data && !verify.data.isVerified && verify.data.error && <p className="text-amber-200">Last try: {verify.data.error}</p>}
          <button type="button" className="btn-secondary px-3 py-1.5" disabled={verify.isPending} onClick={() => verify.mutate(endpoint.id)}>
            {verify.isPending ? 'Verifying…' : 'Verify Again'}
          </button>
          {verify.isError && <Alert>{verify.error.message}</Alert>}
        </div>
      )}
      {verify.data?.isVerified && <Alert tone="success">{verify.data.message}</Alert>}
      {test.data && <Alert tone={test.data.isDelivered ? 'success' : 'error'}>{describeTestResult(test.data)}</Alert>}
      {test.isError && <Alert>{test.error.message}</Alert>}
      {isConfirmingRotate && (
        <div className="space-y-2 rounded-lg border border-amber-700/60 p-3 text-sm" role="group" aria-label="Rotate the signing secret">
          <p>
            Marquee makes a new signing secret for this endpoint. The old secret keeps working for {SECRET_ROTATION_OVERLAP_HOURS} hours (each delivery is signed with both), so you have time to put the new one
            in your receiver. After that only the new one signs.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary px-3 py-1.5" disabled={rotate.isPending} onClick={confirmRotate}>
              Confirm Rotate
            </button>
            <button type="button" className="btn-secondary px-3 py-1.5" onClick={() => setIsConfirmingRotate(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {rotate.isSuccess && secret === rotate.data.secret && (
        <Alert tone="success">New signing secret made: copy it below into your receiver. The old one keeps working until {when(rotate.data.previousSecretExpiresAt)}.</Alert>
      )}
      {!rotate.isSuccess && endpoint.previousSecretExpiresAt && <p className="text-sm text-zinc-400">The previous signing secret also signs deliveries until {when(endpoint.previousSecretExpiresAt)}.</p>}
      {rotate.isError && <Alert>{rotate.error.message}</Alert>}
      {secret && (
        <p className="text-sm">
          <span className="text-zinc-400">Signing secret: </span>
          <code className="break-all text-zinc-100">{secret}</code>
        </p>
      )}
      {secretError && <Alert>{secretError}</Alert>}
      {onOff.isError && <Alert>{onOff.error.message}</Alert>}
      {remove.isError && <Alert>{remove.error.message}</Alert>}
      <DeliveryLog endpoint={endpoint} />
    </li>
  );
}

/**
 * Decision 54, on venue and promoter dashboards: endpoints that hear this organiser's gigs and
 * ticket sales, signed per Standard Webhooks, with each one's recent deliveries and a resend.
 */
export function WebhooksCard({ isEmailVerified }: { isEmailVerified: boolean }) {
  const { data, isError } = useWebhookEndpoints();
  return (
    <section className="card space-y-4" aria-labelledby="webhooks-heading">
      <div>
        <h2 id="webhooks-heading" className="text-xl font-semibold">
          Webhooks
        </h2>
        <p className="text-sm text-zinc-400">
          Marquee can tell your own systems when your gigs are published, changed or cancelled and when tickets are sold, refunded or checked in. Each event is POSTed to your address as JSON, signed with the
          endpoint's secret (Standard Webhooks), and retried for days until your endpoint answers.
        </p>
      </div>
      {isEmailVerified ? <AddEndpointForm /> : <Alert tone="info">Please confirm your e-mail address to add a webhook endpoint.</Alert>}
      {isError && <Alert>Your webhooks could not be loaded. Please try again.</Alert>}
      {data && data.endpoints.length > 0 && (
        <ul className="space-y-3" aria-label="Your webhook endpoints">
          {data.endpoints.map((endpoint) => (
            <EndpointItem key={endpoint.id} endpoint={endpoint} />
          ))}
        </ul>
      )}
    </section>
  );
}
