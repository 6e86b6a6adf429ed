import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { OUTREACH_MESSAGES } from '../../../core/outreach.ts';
import { Alert } from '../../components/ui/field.tsx';
import { ApiError, postJson } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';

/**
 * The two links of a campaign e-mail (D26), for venues without an account. Opening the page
 * records nothing (link scanners open links too); the venue's button press does.
 */
function AnswerPage<T>({ title, explanation, action, endpoint, done }: { title: string; explanation: string; action: string; endpoint: string; done: (result: T) => ReactNode }) {
  useTitle(title);
  const { token = '' } = useParams();
  const answer = useMutation({ mutationFn: () => postJson<T>(endpoint, { token }) });
  const isBadLink = answer.error instanceof ApiError && (answer.error.status === 404 || answer.error.status === 400);
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">{title}</h1>
        {answer.isSuccess ? (
          <Alert tone="success">{done(answer.data)}</Alert>
        ) : (
          <>
            <p className="text-zinc-200">{explanation}</p>
            {answer.isError && <Alert>{isBadLink ? OUTREACH_MESSAGES.unknownLink : 'Something went wrong. Please try again.'}</Alert>}
            {!isBadLink && (
              <button type="button" className="btn-primary w-full sm:w-auto" disabled={answer.isPending} onClick={() => answer.mutate()}>
                {answer.isPending ? 'Sending…' : action}
              </button>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export function OutreachRespondPage() {
  return (
    <AnswerPage<{ bandName: string }>
      title="Interested in this band?"
      explanation="Press the button to tell the band that your venue is interested in booking them. They get your venue's contact details and will write to you."
      action="Yes, I'm interested"
      endpoint="/api/outreach/responses"
      done={({ bandName }) => `Thanks — ${bandName} has been told you are interested and will be in touch with you soon.`}
    />
  );
}

export function OutreachOptOutPage() {
  return (
    <AnswerPage<{ venueName: string }>
      title="Opt out of booking requests"
      explanation="Press the button and Marquee will send your venue no more booking requests from bands, from any campaign."
      action="Opt out of booking requests"
      endpoint="/api/outreach/opt-out"
      done={({ venueName }) => `${venueName} will get no more booking requests through Marquee.`}
    />
  );
}
