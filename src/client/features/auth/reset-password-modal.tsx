import { useState, type FormEvent } from 'react';
import { requestPasswordResetSchema } from '../../../core/schemas/account.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { fieldErrors } from '../../../core/field-errors.ts';
import { requestPasswordReset } from './api.ts';

/** The Reset Password modal opened from Forgot Password on /login (spec 1 §2, §8). */
export function ResetPasswordModal({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = requestPasswordResetSchema.safeParse({ email });
    if (!parsed.success) return setError(fieldErrors(parsed.error).email ?? '');
    setError('');
    setBusy(true);
    try {
      await requestPasswordReset(parsed.data.email);
      setResult({ tone: 'success', text: 'Password reset email sent! Please check your inbox.' });
    } catch (err) {
      setResult({ tone: 'error', text: `Error: ${(err as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title="Reset Password" onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <p className="text-sm text-zinc-300">Enter your account's e-mail and we'll send you a link to choose a new password.</p>
        {result && <Alert tone={result.tone}>{result.text}</Alert>}
        <TextField label="Email" name="reset-email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? 'Sending…' : 'Send Reset Link'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
