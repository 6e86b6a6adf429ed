import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPasswordSchema } from '../../../core/schemas/account.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import { resetPassword } from './api.ts';
import { useTitle } from '../../lib/use-title.ts';

/** Where the reset e-mail's link lands: choose a new password. */
export function ChooseNewPasswordPage() {
  useTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const linkError = params.get('error');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, newPassword: password });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (password !== confirm) return setErrors({ confirm: 'Passwords do not match' });
    setErrors({});
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) return setErrors(error.fields);
      setFailure(error instanceof ApiError ? `Error: ${error.message}` : 'Error: the password could not be changed.');
    } finally {
      setBusy(false);
    }
  };

  if (!token || linkError) {
    return (
      <div className="mx-auto max-w-md px-4 py-12">
        <div className="card space-y-4">
          <h1 className="text-2xl font-bold">Reset link not valid</h1>
          <p className="text-zinc-300">This password reset link has expired or was already used. Ask for a new one from the login page.</p>
          <Link to="/login" className="btn-primary">
            Go to Log in
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card">
        <h1 className="mb-6 text-2xl font-bold">Choose a new password</h1>
        {done ? (
          <div className="space-y-4">
            <Alert tone="success">Your password has been changed. You can log in with it now.</Alert>
            <Link to="/login" className="btn-primary w-full">
              Log in
            </Link>
          </div>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
            {failure && <Alert>{failure}</Alert>}
            <TextField label="New password" name="new-password" type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} error={errors.newPassword} hint="At least 8 characters." />
            <TextField label="Confirm new password" name="confirm-password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} error={errors.confirm} />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? 'Saving…' : 'Set new password'}
            </button>
          </form>
        )}
      </div>
    </div>
  );
}
