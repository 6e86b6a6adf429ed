import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { ApiError, postJson } from '../../lib/api.ts';

/**
 * The admin's weekly digest buttons (spec 2 §2, §7, §8; D30): send this week's digest now (each
 * person still gets one a week), or one test copy to an address the admin types.
 */
export function WeeklyDigestCard() {
  const [testEmail, setTestEmail] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const send = useMutation({ mutationFn: () => postJson<{ sent: number }>('/api/admin/weekly-digest', {}) });
  const test = useMutation({ mutationFn: () => postJson<{ sent: number }>(`/api/admin/weekly-digest?testEmail=${encodeURIComponent(testEmail)}`, {}) });
  const submitTest = (event: FormEvent) => {
    event.preventDefault();
    test.mutate();
  };
  const testFieldError = test.error instanceof ApiError ? test.error.fields.testEmail : undefined;
  return (
    <section className="card space-y-4" aria-labelledby="digest-heading">
      <div>
        <h2 id="digest-heading" className="text-xl font-semibold">
          Weekly Digest
        </h2>
        <p className="text-sm text-zinc-400">
          Fans, musicians and SMS subscribers get the coming week's shows in their region every week on their own. Sending now reaches those who have not had this week's yet.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <button type="button" className="btn-primary" onClick={() => setIsConfirming(true)} disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send Weekly Digest'}
        </button>
      </div>
      {isConfirming && (
        // It mails everyone at once and cannot be called back (issue 21): ask first.
        <Modal title="Send the weekly digest to everyone now?" onClose={() => setIsConfirming(false)}>
          <p>Every fan, musician and SMS subscriber who has not had this week's digest gets it now, by e-mail or text. This cannot be undone.</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              onClick={() => {
                setIsConfirming(false);
                send.mutate();
              }}
            >
              Send to everyone
            </button>
            <button type="button" className="btn-secondary" onClick={() => setIsConfirming(false)}>
              Cancel
            </button>
          </div>
        </Modal>
      )}
      {send.isSuccess && <Alert tone="success">Weekly Digest sent successfully! Sent to {send.data.sent} users.</Alert>}
      {send.isError && <Alert>Error sending weekly digest. Please try again.</Alert>}
      <form onSubmit={submitTest} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextField label="Test address" type="email" value={testEmail} onChange={(e) => setTestEmail(e.target.value)} error={testFieldError} placeholder="you@example.com" />
        </div>
        <button type="submit" className="btn-secondary" disabled={test.isPending || !testEmail}>
          {test.isPending ? 'Sending…' : 'Send Test Digest'}
        </button>
      </form>
      {/* Spec 2 §8's one success text for both buttons; the test's count is its one address. */}
      {test.isSuccess && <Alert tone="success">Weekly Digest sent successfully! Sent to {test.data.sent} users.</Alert>}
      {test.isError && !testFieldError && <Alert>Error sending test weekly digest. Please try again.</Alert>}
    </section>
  );
}
