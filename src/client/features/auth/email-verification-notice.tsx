import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../components/ui/field.tsx';
import { postJson } from '../../lib/api.ts';

/**
 * D32: a signed-in account whose address is not confirmed yet sees this at the top of its
 * dashboard, with a way to get the link again (a few times an hour).
 */
export function EmailVerificationNotice({ email }: { email: string }) {
  const resend = useMutation({ mutationFn: () => postJson<{ message: string }>('/api/me/verification-email', {}) });
  return (
    <section className="card space-y-3 border-amber-400/60 bg-amber-950/40" aria-labelledby="verify-email-heading">
      {/* Above the page's h1, so a labelled region rather than a heading (headings keep their order). */}
      <p id="verify-email-heading" className="text-lg font-semibold text-amber-200">
        Please confirm your e-mail address
      </p>
      <p className="text-zinc-100">
        Please confirm your e-mail address: we sent a link to <strong className="[overflow-wrap:anywhere]">{email}</strong>. What belongs to this
        address, such as tickets bought with it, stays hidden until you do.
      </p>
      <button type="button" className="btn-secondary w-full sm:w-auto" disabled={resend.isPending} onClick={() => resend.mutate()}>
        {resend.isPending ? 'Sending…' : 'Send the link again'}
      </button>
      {resend.isSuccess && <Alert tone="success">{resend.data.message}</Alert>}
      {resend.isError && <Alert>{resend.error.message}</Alert>}
    </section>
  );
}
