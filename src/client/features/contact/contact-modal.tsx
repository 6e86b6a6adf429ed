import { useEffect, useState, type FormEvent } from 'react';
import { contactSchema } from '../../../core/schemas/contact.ts';
import { Modal } from '../../components/ui/modal.tsx';
import { Alert, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError, postJson } from '../../lib/api.ts';
import { fieldErrors } from '../../../core/field-errors.ts';

type State = 'idle' | 'sending' | 'success' | 'failure';

/** Contact Us (spec 1 §2, D20): validated, stored and e-mailed to the operators by the server. */
export function ContactModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState({ name: '', email: '', message: '', honeypot: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<State>('idle');
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (state !== 'success') return;
    const timer = setTimeout(onClose, 2000);
    return () => clearTimeout(timer);
  }, [state, onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setState('sending');
    try {
      await postJson('/api/contact', parsed.data);
      setState('success');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      setFailure(error instanceof ApiError && error.code === 'RATE_LIMITED' ? error.message : 'Failed to send your message. Please try again later.');
      setState('failure');
    }
  };

  const set = (key: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <Modal title="Contact Us" onClose={onClose}>
      {state === 'success' ? (
        <Alert tone="success">Form has been submitted successfully! Thank you for contacting us.</Alert>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
          {state === 'failure' && <Alert>{failure}</Alert>}
          <TextField label="Name" name="name" autoComplete="name" required value={values.name} onChange={set('name')} error={errors.name} />
          <TextField label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
          <TextAreaField label="Message" name="message" required rows={5} value={values.message} onChange={set('message')} error={errors.message} />
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              Leave this field empty
              <input tabIndex={-1} autoComplete="off" name="website_url" value={values.honeypot} onChange={set('honeypot')} />
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn-primary" disabled={state === 'sending'}>
              {state === 'sending' ? 'Sending…' : 'Send Message'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
