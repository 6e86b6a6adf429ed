import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { postJson } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';

/** The unsubscribe link of every marketing e-mail (D19): a follow's, the weekly digest's, an outreach opt-out. */
export function UnsubscribePage() {
  useTitle('Unsubscribe');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useMutation({ mutationFn: () => postJson<{ what: string }>('/api/followers/unsubscribe', { token }) });
  useEffect(() => {
    if (token) unsubscribe.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">Unsubscribe</h1>
        {!token && <Alert>This unsubscribe link is not valid.</Alert>}
        {unsubscribe.isPending && <LoadingImage label="Unsubscribing…" />}
        {unsubscribe.isSuccess && (
          <Alert tone="success">You're unsubscribed: no more {unsubscribe.data.what}.</Alert>
        )}
        {unsubscribe.isError && <Alert>{unsubscribe.error.message}</Alert>}
        <Link to="/" className="link inline-block">
          Back to Marquee
        </Link>
      </div>
    </div>
  );
}
