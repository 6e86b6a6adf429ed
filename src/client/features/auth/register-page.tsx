import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import {
  BAND_DESCRIPTION_MAX,
  MANAGER_DESCRIPTION_MAX,
  REHEARSAL_DESCRIPTION_MAX,
  registerSchema,
} from '../../../core/schemas/account.ts';
import { REGISTERABLE_ROLES, ROLE_LABELS, type RegisterableRole } from '../../../core/roles.ts';
import { ImagePicker } from '../../components/image-crop-modal.tsx';
import { Alert, FieldLabel, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import { useRefreshSession, useSession } from '../../lib/session.ts';
import { registerAccount } from './api.ts';
import { VenuePicker } from './venue-picker.tsx';
import { useTitle } from '../../lib/use-title.ts';

type Values = Record<string, string>;

/** The fields of each role's section, in the spec's order (spec 1 §2 Register). */
const SECTIONS: Record<RegisterableRole, { title: string; fields: FieldSpec[]; imageLabel?: string }> = {
  fan: { title: '', fields: [] },
  musician: { title: '', fields: [] },
  venue: {
    title: 'Venue details',
    imageLabel: 'Venue image',
    fields: [
      { name: 'name', label: 'Venue name', required: true },
      { name: 'address', label: 'Address', required: true, autoComplete: 'street-address' },
      { name: 'phone', label: 'Phone', type: 'tel' },
      { name: 'contactEmail', label: 'Contact email', type: 'email' },
      { name: 'website', label: 'Website', type: 'url' },
      { name: 'facebookUrl', label: 'Facebook', type: 'url' },
      { name: 'instagramUrl', label: 'Instagram', type: 'url' },
      { name: 'youtubeUrl', label: 'YouTube', type: 'url' },
    ],
  },
  promoter: {
    title: 'Promoter details',
    imageLabel: 'Promoter image',
    fields: [
      { name: 'name', label: 'Promoter name', required: true },
      { name: 'companyName', label: 'Company (optional)' },
      { name: 'phone', label: 'Phone', type: 'tel' },
      { name: 'contactEmail', label: 'Email', type: 'email' },
      { name: 'website', label: 'Website', type: 'url' },
      { name: 'facebookUrl', label: 'Facebook', type: 'url' },
      { name: 'instagramUrl', label: 'Instagram', type: 'url' },
      { name: 'youtubeUrl', label: 'YouTube', type: 'url' },
    ],
  },
  artist_manager: {
    title: 'Manager details',
    imageLabel: 'Profile image',
    fields: [
      { name: 'name', label: 'Manager name', required: true },
      { name: 'instagramUrl', label: 'Instagram', type: 'url' },
      { name: 'description', label: 'Description', multiline: MANAGER_DESCRIPTION_MAX },
      { name: 'website', label: 'Website', type: 'url' },
    ],
  },
  rehearsal_space: {
    title: 'Rehearsal space details',
    imageLabel: 'Photo of your space',
    fields: [
      { name: 'name', label: 'Space name', required: true },
      { name: 'address', label: 'Address', required: true, autoComplete: 'street-address' },
      { name: 'phone', label: 'Phone', type: 'tel' },
      { name: 'contactEmail', label: 'Email', type: 'email' },
      { name: 'website', label: 'Website', type: 'url' },
      { name: 'description', label: 'Description', multiline: REHEARSAL_DESCRIPTION_MAX },
    ],
  },
  band: {
    title: 'Band details',
    imageLabel: 'Band image',
    fields: [
      { name: 'name', label: 'Band name', required: true },
      { name: 'instagramUrl', label: 'Instagram', type: 'url' },
      { name: 'description', label: 'Description', multiline: BAND_DESCRIPTION_MAX },
      { name: 'website', label: 'Website', type: 'url' },
    ],
  },
};

type FieldSpec = { name: string; label: string; required?: boolean; type?: string; autoComplete?: string; multiline?: number };

export function RegisterPage() {
  useTitle('Register');
  const { data: me } = useSession();
  const { data: config } = usePublicConfig();
  const navigate = useNavigate();
  const refresh = useRefreshSession();
  const [role, setRole] = useState<RegisterableRole>('fan');
  const [values, setValues] = useState<Values>({ email: '', password: '', location: '' });
  const [venueIds, setVenueIds] = useState<string[]>([]);
  const [image, setImage] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  if (me) return <Navigate to="/dashboard" replace />;

  const location = values.location || config?.regions.find((r) => r.isDefault)?.slug || '';
  const section = SECTIONS[role];
  const set = (name: string) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, location, role, ...(role === 'promoter' ? { venueIds } : {}) };
    const parsed = registerSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setFailure('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setFailure('');
    setBusy(true);
    const form = new FormData();
    form.set('data', JSON.stringify(input));
    if (image && section.imageLabel) form.set('image', image, 'image.jpg');
    try {
      await registerAccount(form);
      await refresh();
      void navigate('/dashboard');
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setFailure(error.message);
      } else {
        setFailure('Registration failed. Please try again.');
      }
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <div className="card">
        <h1 className="text-3xl font-bold">Create your account</h1>
        <p className="mt-2 text-zinc-400">Fans, musicians, bands, venues, promoters, managers and rehearsal spaces all start here.</p>
        <form noValidate onSubmit={(event) => void submit(event)} className="mt-6 space-y-5">
          {failure && <Alert>{failure}</Alert>}
          <TextField label="Email" name="email" type="email" autoComplete="email" required value={values.email} onChange={set('email')} error={errors.email} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={values.password}
            onChange={set('password')}
            error={errors.password}
            hint="At least 8 characters."
          />
          <div>
            <FieldLabel htmlFor="location" label="Location" required />
            <select id="location" name="location" className="field-input" value={location} onChange={set('location')} aria-invalid={errors.location ? true : undefined}>
              {config?.regions.map((r) => (
                <option key={r.slug} value={r.slug}>
                  {r.name}
                </option>
              ))}
            </select>
            {errors.location && <p className="field-error">{errors.location}</p>}
          </div>
          <div>
            <FieldLabel htmlFor="role" label="Account type" required />
            <select
              id="role"
              name="role"
              className="field-input"
              value={role}
              onChange={(e) => {
                setRole(e.target.value as RegisterableRole);
                setErrors({});
              }}
            >
              {REGISTERABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>

          {section.title && (
            <fieldset className="space-y-4 rounded-xl border border-zinc-700 p-4">
              <legend className="px-2 text-lg font-semibold">{section.title}</legend>
              {section.fields.map((f) =>
                f.multiline ? (
                  <TextAreaField
                    key={`${role}-${f.name}`}
                    label={f.label}
                    name={f.name}
                    maxLength={f.multiline}
                    value={values[f.name] ?? ''}
                    onChange={set(f.name)}
                    error={errors[f.name]}
                    hint={`${(values[f.name] ?? '').length}/${f.multiline}`}
                  />
                ) : (
                  <TextField
                    key={`${role}-${f.name}`}
                    label={f.label}
                    name={f.name}
                    type={f.type ?? 'text'}
                    required={f.required}
                    autoComplete={f.autoComplete}
                    value={values[f.name] ?? ''}
                    onChange={set(f.name)}
                    error={errors[f.name]}
                  />
                ),
              )}
              {role === 'promoter' && <VenuePicker selected={venueIds} onChange={setVenueIds} error={errors.venueIds} />}
              {section.imageLabel && <ImagePicker label={section.imageLabel} value={image} onChange={setImage} error={errors.image} />}
            </fieldset>
          )}

          <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
            {busy ? 'Creating account…' : 'Register'}
          </button>
        </form>
        <p className="mt-6 text-center text-sm text-zinc-400">
          Already have an account?{' '}
          <Link to="/login" className="link">
            Log in
          </Link>
        </p>
      </div>
    </div>
  );
}
