import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { postJson } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';

/** The link of the follow confirmation e-mail (double opt-in): the follow counts from here on. */
export function ConfirmFollowPage() {
  useTitle('Confirm follow');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({ mutationFn: () => postJson<{ bandNames: string[] }>('/api/followers/confirm', { token }) });
  useEffect(() => {
    if (token) confirm.mutate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- confirm once per link
  }, [token]);
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <div className="card space-y-4">
        <h1 className="text-2xl font-bold">Confirm follow</h1>
        {!token && <Alert>This confirmation link is not valid.</Alert>}
        {confirm.isPending && <LoadingImage label="Confirming…" />}
        {confirm.isSuccess && (
          <Alert tone="success">
            You're now following {confirm.data.bandNames.join(', ')}! We'll e-mail you when they announce a new show.
          </Alert>
        )}
        {confirm.isError && <Alert>{confirm.error.message}</Alert>}
        <Link to="/" className="link inline-block">
          Back to Marquee
        </Link>
      </div>
    </div>
  );
}
