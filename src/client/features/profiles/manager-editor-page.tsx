import { useState } from 'react';
import { Link } from 'react-router';
import { MANAGER_DESCRIPTION_MAX } from '../../../core/schemas/account.ts';
import { managerProfileSchema } from '../../../core/schemas/profiles.ts';
import { truncate } from '../../../core/text.ts';
import { TextField } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { PasswordChangeCard } from '../account/password-change-card.tsx';
import { saveManagerProfile, useOwnProfile, type ManagerProfile } from './api.ts';
import {
  bindField,
  DescriptionField,
  EditorFrame,
  ImageUploadField,
  LoadFailure,
  EditorForm,
  UrlFields,
  RequireRole,
  Section,
  toValues,
  useSaveAndReturn,
} from './profile-form-parts.tsx';

const TEXT_FIELDS = ['name', 'description', 'instagramUrl', 'facebookUrl', 'website', 'youtubeChannelUrl', 'youtubeHighlightUrl'] as const;

function ManagedArtistsList({ artists }: { artists: ManagerProfile['artists'] }) {
  return (
    <section className="card space-y-4" aria-labelledby="artists-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="artists-heading" className="text-xl font-semibold">
          Managed artists
        </h2>
        <Link to="/add-artist" className="btn-primary">
          Add artist
        </Link>
      </div>
      {artists.length === 0 ? (
        <p className="text-zinc-300">No artists yet.</p>
      ) : (
        <ul className="divide-y divide-zinc-800">
          {artists.map((a) => (
            <li key={a.index} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold">{a.name}</p>
                {a.genre && <p className="text-sm text-zinc-400">{a.genre}</p>}
                {a.description && <p className="text-sm text-zinc-300">{truncate(a.description, 100)}</p>}
              </div>
              <Link to={`/edit-artist/${a.index}`} className="btn-secondary">
                Edit<span className="sr-only"> {a.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ManagerEditor({ manager }: { manager: ManagerProfile }) {
  const [values, setValues] = useState(() => toValues(manager, TEXT_FIELDS));
  const [imageUrl, setImageUrl] = useState(manager.imageUrl);
  const [logoUrl, setLogoUrl] = useState(manager.logoUrl);
  const [profileImageUrl, setProfileImageUrl] = useState(manager.profileImageUrl);
  const save = useSaveAndReturn({
    delayMs: 1500,
    successText: 'Profile saved! Taking you back to your dashboard…',
    failureText: (message) => `Failed to update profile: ${message}`,
  });
  const field = bindField(values, setValues, save.errors);

  const submit = () =>
    save.submit(managerProfileSchema, { ...values, imageUrl, logoUrl, profileImageUrl }, saveManagerProfile);

  return (
    <EditorFrame title="Edit Artist Manager Profile">
      <ManagedArtistsList artists={manager.artists} />
      <EditorForm label="Manager profile" save={save} onSubmit={submit}>
        <Section title="Profile">
          <TextField label="Manager name" required {...field('name')} />
          <DescriptionField max={MANAGER_DESCRIPTION_MAX} value={values.description ?? ''} onChange={(v) => setValues((s) => ({ ...s, description: v }))} error={save.errors.description} />
          <ImageUploadField label="Manager image" kind="photo" value={imageUrl} onChange={setImageUrl} error={save.errors.imageUrl} />
          <ImageUploadField label="Logo" kind="logo" value={logoUrl} onChange={setLogoUrl} error={save.errors.logoUrl} hint="PNG or SVG." />
          <ImageUploadField
            label="Profile image"
            kind="manager-profile"
            value={profileImageUrl}
            onChange={setProfileImageUrl}
            error={save.errors.profileImageUrl}
            hint="Exactly 1280×800 pixels."
          />
        </Section>
        <Section title="Links">
          <UrlFields
            field={field}
            fields={[['website', 'Website'], ['instagramUrl', 'Instagram'], ['facebookUrl', 'Facebook'], ['youtubeChannelUrl', 'YouTube channel'], ['youtubeHighlightUrl', 'YouTube highlight video']]}
          />
        </Section>
      </EditorForm>
      <PasswordChangeCard />
    </EditorFrame>
  );
}

function LoadedManagerEditor() {
  const { data, isPending, error } = useOwnProfile<ManagerProfile>();
  if (isPending) return <LoadingImage label="Loading profile…" />;
  if (error || !data) return <LoadFailure error={error} message="Failed to load manager profile" />;
  return <ManagerEditor manager={data.profile} />;
}

/** /edit-artist-manager-profile, artist managers only (spec 2 §2). */
export function ManagerEditorPage() {
  useTitle('Edit Artist Manager Profile');
  return <RequireRole roles={['artist_manager']}>{() => <LoadedManagerEditor />}</RequireRole>;
}
