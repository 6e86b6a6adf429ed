import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../core/schemas/account.ts';
import { PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '../../../core/schemas/profiles.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { changePassword } from './api.ts';
import { useSettingForm } from './use-setting-form.ts';

/** The current password, which every account setting that could lock its owner out asks for (decision 40). */
export function CurrentPasswordField({ value, onChange, error, hint }: { value: string; onChange: (value: string) => void; error?: string; hint?: string }) {
  return (
    <TextField
      label="Current password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={hint}
    />
  );
}

/**
 * Change password (spec 2 §5, D4: 8 characters; decision 40): the current password is needed and
 * every other session ends. In the band and manager editors and in everyone's account settings.
 */
export function PasswordChangeCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const form = useSettingForm();

  const submit = async () => {
    const problems: Record<string, string> = {};
    if (!current) problems.currentPassword = 'Please enter your current password.';
    if (next !== confirm) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
    else if (next.length < PASSWORD_MIN_LENGTH) problems.newPassword = PASSWORD_TOO_SHORT;
    form.setErrors(problems);
    if (Object.keys(problems).length) return;
    await form.run(
      () => changePassword(current, next),
      () => {
        setCurrent('');
        setNext('');
        setConfirm('');
      },
    );
  };

  return (
    <form
      noValidate
      className="card space-y-4"
      aria-labelledby="password-heading"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h2 id="password-heading" className="text-xl font-semibold">
        Change password
      </h2>
      <p className="text-sm text-zinc-400">You stay signed in here; every other device is signed out.</p>
      {form.outcome && <Alert tone={form.outcome.tone}>{form.outcome.text}</Alert>}
      <CurrentPasswordField
        value={current}
        onChange={(value) => {
          setCurrent(value);
          form.clearError('currentPassword');
        }}
        error={form.errors.currentPassword}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => {
          setNext(e.target.value);
          form.clearError('newPassword');
        }}
        error={form.errors.newPassword}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          form.clearError('confirmPassword');
        }}
        error={form.errors.confirmPassword}
      />
      <button type="submit" className="btn-secondary max-sm:min-h-11" disabled={form.isBusy}>
        {form.isBusy ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}
