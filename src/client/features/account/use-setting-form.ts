import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** One settings form's busy state, outcome and per-field errors, around a server call. */
export function useSettingForm() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isBusy, setBusy] = useState(false);
  const run = async (call: () => Promise<{ message: string }>, onSuccess?: () => void | Promise<void>) => {
    setOutcome(null);
    setBusy(true);
    try {
      const { message } = await call();
      setErrors({});
      setOutcome({ tone: 'success', text: message });
      await onSuccess?.();
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      setErrors(fields);
      // A field's message shows beside it; the form-wide alert is for the rest.
      if (!Object.keys(fields).length) setOutcome({ tone: 'error', text: error instanceof Error ? error.message : 'That did not work. Please try again.' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  /** A field's error goes once the person changes it. */
  const clearError = (name: string) => setErrors((all) => (name in all ? Object.fromEntries(Object.entries(all).filter(([key]) => key !== name)) : all));
  return { errors, setErrors, outcome, isBusy, run, clearError };
}
