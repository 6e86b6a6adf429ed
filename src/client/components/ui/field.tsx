import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

type Common = { label: string; error?: string; hint?: ReactNode };

/** The label's text is the field's name alone; the required mark sits beside it, hidden from readers. */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <div className="mb-1 flex gap-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-zinc-200">
        {label}
      </label>
      {required && (
        <span aria-hidden="true" className="text-sm text-brand-400">
          *
        </span>
      )}
    </div>
  );
}

/** Label, hint and error around a control, tied to it with aria-describedby. */
function FieldShell({ id, label, required, error, hint, control }: Common & { id?: string; required?: boolean; control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode }) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const describedBy = [error ? `${fieldId}-error` : '', hint ? `${fieldId}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <FieldLabel htmlFor={fieldId} label={label} required={required} />
      {control({ id: fieldId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={`${fieldId}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input whose error is announced and tied to it. */
export function TextField({ label, error, hint, id, ...input }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return <FieldShell id={id} label={label} error={error} hint={hint} required={input.required} control={(a11y) => <input className="field-input" {...input} {...a11y} />} />;
}

export function TextAreaField({ label, error, hint, id, ...input }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <FieldShell id={id} label={label} error={error} hint={hint} required={input.required} control={(a11y) => <textarea className="field-input min-h-24" {...input} {...a11y} />} />;
}

export function Alert({ tone = 'error', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  const tones = {
    error: 'border-red-500/50 bg-red-950/60 text-red-100',
    success: 'border-emerald-500/50 bg-emerald-950/60 text-emerald-100',
    info: 'border-sky-500/50 bg-sky-950/60 text-sky-100',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      {children}
    </div>
  );
}
