import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type MouseEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EMBED_CHECKOUT_MESSAGE, EMBED_CHECKOUT_PATH, type EmbedCheckoutMessage } from '../../../core/embed.ts';
import { Alert } from '../../components/ui/field.tsx';
import { apiFetch } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';
import { SuccessPage } from './payment-result-pages.tsx';
import { TicketsPage, type CheckoutAnswer } from './tickets-page.tsx';

const tellHost = (action: EmbedCheckoutMessage['action']) => {
  // Nothing secret is said: any host may hear that the page is ready or asks to close.
  if (window.parent !== window) window.parent.postMessage({ type: EMBED_CHECKOUT_MESSAGE, action } satisfies EmbedCheckoutMessage, '*');
};

/**
 * Only the checkout is framed: any other page a link leads to (the ticket's own page, home) opens
 * top-level in a new tab, where the fan sees its address and has their session.
 */
function openOutside(event: MouseEvent<HTMLElement>) {
  const link = (event.target as Element).closest('a');
  if (!link || link.target || link.hasAttribute('download') || event.defaultPrevented) return;
  event.preventDefault();
  window.open(link.href, '_blank', 'noopener');
}

/**
 * The gig widget's checkout overlay (decision 61), framed on the venue's or band's own site: the
 * ticket form as on /tickets, then the payment page in a new tab (a provider's page refuses frames,
 * and money is never taken inside another site's frame), then the confirmation, here.
 * No session is needed: the frame has no cookies (browsers block them there), and guests buy (D14).
 */
export function EmbedCheckoutPage() {
  const [params] = useSearchParams();
  const [paying, setPaying] = useState<CheckoutAnswer | null>(null);
  useEffect(() => {
    tellHost('ready');
    // A key pressed in the frame never reaches the host page: Escape closes the overlay from here.
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') tellHost('close');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <main id="main" className="min-h-[100svh]" onClickCapture={openOutside}>
      {params.get('session_id') ? <SuccessPage /> : paying ? <FinishPaying answer={paying} onStartAgain={() => setPaying(null)} /> : <TicketsPage onCheckout={setPaying} />}
    </main>
  );
}

/** Waits for the payment made in the other tab, then shows the confirmation in the overlay. */
function FinishPaying({ answer, onStartAgain }: { answer: CheckoutAnswer; onStartAgain: () => void }) {
  useTitle('Finish paying');
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: ['checkout', answer.sessionId],
    queryFn: () => apiFetch<{ order: { status: 'pending' | 'paid' | 'expired' | 'refunded' } }>(`/api/tickets/checkout/${encodeURIComponent(answer.sessionId)}`),
    refetchInterval: (query) => (query.state.data?.order.status === 'pending' || !query.state.data ? 1500 : false),
  });
  const status = data?.order.status;
  useEffect(() => {
    if (status === 'paid' || status === 'refunded') void navigate(`${EMBED_CHECKOUT_PATH}?session_id=${encodeURIComponent(answer.sessionId)}`, { replace: true });
  }, [status, answer.sessionId, navigate]);
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="text-3xl font-bold">{status === 'expired' ? 'Payment cancelled' : 'Finish paying in the new tab'}</h1>
      <section className="card mt-6 space-y-4" aria-live="polite">
        {status === 'expired' ? (
          <>
            <Alert tone="info">The payment was cancelled or ran out of time. No payment was taken.</Alert>
            <button type="button" className="btn-primary w-full py-3 text-lg" onClick={onStartAgain}>
              Start again
            </button>
          </>
        ) : (
          <>
            <p className="text-zinc-300">Your seats are held. You pay on the payment provider's secure page, which opens in a new tab. Your ticket appears here once you have paid.</p>
            <a href={answer.url} target="_blank" rel="noopener" className="btn-primary w-full py-3 text-lg">
              Continue to payment<span className="sr-only"> (opens in a new tab)</span>
            </a>
            <p className="text-sm text-zinc-400">Waiting for your payment…</p>
          </>
        )}
      </section>
    </div>
  );
}
