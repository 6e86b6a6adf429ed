import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '../../../core/safe-next-path.ts';
import type { z } from 'zod';
import type { Role } from '../../../core/roles.ts';
import { GALLERY_MAX, type ImageKind } from '../../../core/schemas/profiles.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import { ImageCropModal } from '../../components/image-crop-modal.tsx';
import { Alert, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { sessionQueryKey, useSession, type Me } from '../../lib/session.ts';
import { uploadProfileImage } from './api.ts';

/** Spec 2 §2: these screens need sign-in, and some one role; anyone else goes to /login. */
export function RequireRole({ roles, children }: { roles?: readonly Role[]; children: (me: Me) => ReactNode }) {
  const { data: me, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <p className="p-8 text-center text-zinc-400">Loading profile…</p>;
  // Signed out: log in and come back here; signed in with another role: log in as the right one.
  if (!me) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (roles && !roles.includes(me.user.role)) return <Navigate to="/login" replace />;
  return <>{children(me)}</>;
}

export function EditorFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/dashboard" className="link text-sm">
        ← Back to dashboard
      </Link>
      <h1 className="mt-3 text-3xl font-bold">{title}</h1>
      <div className="mt-6 space-y-6">{children}</div>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="card space-y-4">
      <legend className="sr-only">{title}</legend>
      <h2 aria-hidden="true" className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </fieldset>
  );
}

export function LoadFailure({ error, message }: { error: unknown; message: string }) {
  const text = error instanceof ApiError && error.status === 404 ? error.message : message;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Alert>{text}</Alert>
    </div>
  );
}

/** Form values are strings; a missing value is the empty string. */
export function toValues<T extends object>(source: T, names: readonly (keyof T & string)[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, source[n] == null ? '' : String(source[n])]));
}

/** Checks with the same schema the server uses; returns the per-field messages, or null when fine. */
export function checkInput(schema: z.ZodType, input: unknown): Record<string, string> | null {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : fieldErrors(parsed.error);
}

/**
 * A save that shows its outcome: on success the message, then /dashboard after the spec's delay
 * (spec 2 §4); on failure the editor's own message with the server's reason.
 */
export function useSaveAndReturn({ delayMs, successText, failureText }: { delayMs: number; successText: string; failureText: (message: string) => string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setBusy] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const run = async (save: () => Promise<unknown>) => {
    setBusy(true);
    setOutcome(null);
    try {
      await save();
      setErrors({});
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      setOutcome({ tone: 'success', text: successText });
      timer.current = window.setTimeout(() => void navigate('/dashboard'), delayMs);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof ApiError) setErrors(error.fields);
      setOutcome({ tone: 'error', text: failureText(message) });
      setBusy(false);
    }
  };
  /** Checks the input with the server's own schema first, then saves it. */
  const submit = (schema: z.ZodType, input: unknown, persist: (input: unknown) => Promise<unknown>) => {
    const problems = checkInput(schema, input);
    if (!problems) return void run(() => persist(input));
    setErrors(problems);
    setOutcome({ tone: 'error', text: failureText(Object.values(problems)[0] ?? 'Please check the form.') });
  };
  return { outcome, errors, isBusy, submit };
}

/** An editor's form: its sections, then the save outcome and the save button. */
export function EditorForm({
  label,
  save,
  onSubmit,
  submitLabel = 'Save Profile',
  children,
}: {
  label: string;
  save: { outcome: { tone: 'success' | 'error'; text: string } | null; isBusy: boolean };
  onSubmit: () => void;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      className="space-y-6"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Outcome outcome={save.outcome} />
      <button type="submit" className="btn-primary w-full py-3 text-base sm:w-auto" disabled={save.isBusy}>
        {save.isBusy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

export function Outcome({ outcome }: { outcome: { tone: 'success' | 'error'; text: string } | null }) {
  return outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null;
}

/** A description with the spec's live counter (spec 2 §5). */
export function DescriptionField({ label = 'Description', max, value, onChange, error }: { label?: string; max: number; value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextAreaField
      label={label}
      name="description"
      maxLength={max}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      hint={<span aria-live="polite">{`${value.length}/${max} characters`}</span>}
    />
  );
}

const ACCEPT: Record<ImageKind, string> = {
  photo: 'image/*',
  logo: 'image/png,image/svg+xml',
  'manager-profile': 'image/*',
};

/**
 * Choose, upload, show. Photos are cropped to 16:9 first (spec 2 §2 crop modal); logos and the
 * manager's exactly-1280x800 image go up as chosen, since cropping would change them.
 */
export function ImageUploadField({
  label,
  kind,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  kind: ImageKind;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
  hint?: string;
}) {
  const [source, setSource] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState('');
  const [isUploading, setUploading] = useState(false);
  const inputId = `${kind}-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const upload = async (blob: Blob, name?: string) => {
    setUploading(true);
    setUploadError('');
    try {
      onChange(await uploadProfileImage(kind, blob, name));
    } catch (e) {
      setUploadError(e instanceof Error ? e.message : 'The image could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };
  const shownError = uploadError || error;
  return (
    <div>
      <span className="field-label" id={`${inputId}-label`}>
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-4">
        {value ? (
          <img src={value} alt={`Current ${label.toLowerCase()}`} className={`w-40 rounded-lg ${kind === 'logo' ? 'bg-zinc-800 object-contain p-2' : 'aspect-video object-cover'}`} />
        ) : (
          <div className="flex aspect-video w-40 items-center justify-center rounded-lg border border-dashed border-zinc-600 text-xs text-zinc-400">No image</div>
        )}
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="btn-secondary cursor-pointer">
            {isUploading ? 'Uploading…' : value ? `Change ${label.toLowerCase()}` : `Choose ${label.toLowerCase()}`}
          </label>
          <input
            id={inputId}
            type="file"
            accept={ACCEPT[kind]}
            className="sr-only"
            aria-describedby={[shownError ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].filter(Boolean).join(' ') || undefined}
            disabled={isUploading}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              if (kind === 'photo') setSource(URL.createObjectURL(file));
              else void upload(file, file.name);
            }}
          />
          {value && (
            <button type="button" className="text-left text-sm text-zinc-300 underline" onClick={() => onChange(null)}>
              Remove {label.toLowerCase()}
            </button>
          )}
        </div>
      </div>
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-zinc-400">
          {hint}
        </p>
      )}
      {shownError && (
        <p id={`${inputId}-error`} className="field-error" role="alert">
          {shownError}
        </p>
      )}
      {source && (
        <ImageCropModal
          src={source}
          onCancel={() => setSource(null)}
          onSave={(blob) => {
            setSource(null);
            void upload(blob);
          }}
        />
      )}
    </div>
  );
}

/** Up to 5 gallery images (spec 2 §9), each cropped 16:9 and uploaded as it is added. */
export function GalleryField({ images, onChange, error }: { images: string[]; onChange: (urls: string[]) => void; error?: string }) {
  const [source, setSource] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState('');
  const [isUploading, setUploading] = useState(false);
  const isFull = images.length >= GALLERY_MAX;
  return (
    <div>
      <span className="field-label">
        Gallery ({images.length}/{GALLERY_MAX})
      </span>
      {images.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {images.map((url, i) => (
            <li key={url} className="space-y-1">
              <img src={url} alt={`Gallery image ${i + 1}`} className="aspect-video w-full rounded-lg object-cover" />
              <button type="button" className="text-sm text-zinc-300 underline" onClick={() => onChange(images.filter((u) => u !== url))}>
                Remove image {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={`btn-secondary mt-3 ${isFull ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`}>
        {isUploading ? 'Uploading…' : isFull ? `Gallery full (${GALLERY_MAX} images)` : 'Add gallery image'}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={isFull || isUploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) setSource(URL.createObjectURL(file));
          }}
        />
      </label>
      {(uploadError || error) && (
        <p className="field-error" role="alert">
          {uploadError || error}
        </p>
      )}
      {source && (
        <ImageCropModal
          src={source}
          onCancel={() => setSource(null)}
          onSave={(blob) => {
            setSource(null);
            setUploading(true);
            setUploadError('');
            uploadProfileImage('photo', blob)
              .then((url) => onChange([...images, url]))
              .catch((e: unknown) => setUploadError(e instanceof Error ? e.message : 'The image could not be uploaded.'))
              .finally(() => setUploading(false));
          }}
        />
      )}
    </div>
  );
}

/** A labelled text input bound to one key of a string record. */
export function bindField(values: Record<string, string>, setValues: (update: (v: Record<string, string>) => Record<string, string>) => void, errors: Record<string, string>) {
  return (name: string) => ({
    name,
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });
}

/** A run of web-address fields, each labelled, bound by name. */
export function UrlFields({ field, fields }: { field: ReturnType<typeof bindField>; fields: readonly (readonly [name: string, label: string])[] }) {
  return (
    <>
      {fields.map(([name, label]) => (
        <TextField key={name} label={label} type="url" {...field(name)} />
      ))}
    </>
  );
}
