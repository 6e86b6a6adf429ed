import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '../../../core/safe-next-path.ts';
import { loginSchema } from '../../../core/schemas/account.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import { useRefreshSession } from '../../lib/session.ts';
import { signIn } from './api.ts';
import { ResetPasswordModal } from './reset-password-modal.tsx';
import { useTitle } from '../../lib/use-title.ts';

export function LoginPage() {
  useTitle('Log in');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back where the person came from (issue 21), never off the site.
  const next = safeNextPath(params.get('next'));
  const isDeleted = params.get('deleted') === '1';
  const refresh = useRefreshSession();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [authError, setAuthError] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setAuthError('');
    setBusy(true);
    try {
      await signIn(parsed.data.email, parsed.data.password);
      await refresh();
      void navigate(next);
    } catch (error) {
      setAuthError(error instanceof ApiError ? error.message : 'Sign in failed. Please try again.');
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md px-4 py-12">
      <div className="card">
        <h1 className="mb-6 text-3xl font-bold">Log in</h1>
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {isDeleted && <Alert tone="success">Your account has been deleted.</Alert>}
          {authError && <Alert>{authError}</Alert>}
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
            error={errors.email}
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(e) => setValues((v) => ({ ...v, password: e.target.value }))}
            error={errors.password}
          />
          <div className="flex items-center justify-between">
            <button type="button" className="link text-sm" onClick={() => setResetOpen(true)}>
              Forgot Password?
            </button>
          </div>
          <button type="submit" className="btn-primary w-full" disabled={busy}>
            {busy ? 'Logging in…' : 'Log in'}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-zinc-400">
          New to Marquee?{' '}
          <Link to="/register" className="link">
            Register
          </Link>
        </p>
      </div>
      {resetOpen && <ResetPasswordModal initialEmail={values.email} onClose={() => setResetOpen(false)} />}
    </div>
  );
}
