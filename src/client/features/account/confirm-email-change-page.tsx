import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/field.tsx';
import { sessionQueryKey } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { confirmEmailChange } from './api.ts';
import { useSettingForm } from './use-setting-form.ts';

/**
 * The link mailed to a new address lands here (decision 40). A button makes the change, so a mail
 * scanner that opens the link changes nothing. Works signed in or not, in any browser.
 */
export function ConfirmEmailChangePage() {
  useTitle('Confirm your new e-mail address');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useSettingForm();
  const [isDone, setDone] = useState(false);
  const queryClient = useQueryClient();
  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card space-y-4">
        <h1 className="text-3xl font-bold">Confirm your new e-mail address</h1>
        {form.outcome && <Alert tone={form.outcome.tone}>{form.outcome.text}</Alert>}
        {isDone ? (
          <Link to="/dashboard" className="btn-primary w-full max-sm:min-h-11">
            Go to your dashboard
          </Link>
        ) : !token ? (
          <Alert>This link is not valid or has expired. Ask for a new one from your account settings.</Alert>
        ) : (
          <>
            <p className="text-zinc-300">Press the button to make this address the one you sign in to Marquee with.</p>
            <button
              type="button"
              className="btn-primary w-full max-sm:min-h-11"
              disabled={form.isBusy}
              onClick={() =>
                void form.run(
                  () => confirmEmailChange(token),
                  async () => {
                    setDone(true);
                    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
                  },
                )
              }
            >
              {form.isBusy ? 'Confirming…' : 'Confirm new e-mail address'}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
