import { useState } from 'react';
import { useParams } from 'react-router';
import { MANAGED_ARTIST_DESCRIPTION_MAX, managedArtistSchema } from '../../../core/schemas/profiles.ts';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';
import { addManagedArtist, saveManagedArtist, useManagedArtist, type ManagedArtist } from './api.ts';
import {
  bindField,
  DescriptionField,
  EditorFrame,
  ImageUploadField,
  EditorForm,
  UrlFields,
  RequireRole,
  Section,
  toValues,
  useSaveAndReturn,
} from './profile-form-parts.tsx';

const TEXT_FIELDS = ['name', 'genre', 'description', 'instagramUrl', 'facebookUrl', 'spotifyUrl', 'youtubeUrl', 'website'] as const;

const EMPTY_ARTIST: ManagedArtist = {
  name: '',
  genre: null,
  description: '',
  instagramUrl: null,
  facebookUrl: null,
  spotifyUrl: null,
  youtubeUrl: null,
  website: null,
  imageUrl: null,
};

/** The add and edit forms share their fields; a new artist goes last in the manager's list. */
function ArtistForm({ title, artist, save: persist }: { title: string; artist: ManagedArtist; save: (input: unknown) => Promise<unknown> }) {
  const [values, setValues] = useState(() => toValues(artist, TEXT_FIELDS));
  const [imageUrl, setImageUrl] = useState(artist.imageUrl);
  const save = useSaveAndReturn({
    delayMs: 2000,
    successText: 'Artist saved! Taking you back to your dashboard…',
    // The add form's own messages ('Artist name is required', …) come through as they are.
    failureText: (message) => message,
  });
  const field = bindField(values, setValues, save.errors);

  const submit = () =>
    save.submit(managedArtistSchema, { ...values, imageUrl }, persist);

  return (
    <EditorFrame title={title}>
      <EditorForm label={title} save={save} onSubmit={submit} submitLabel="Save Artist">
        <Section title="Artist">
          <TextField label="Artist name" required {...field('name')} />
          <TextField label="Genre" {...field('genre')} />
          <DescriptionField max={MANAGED_ARTIST_DESCRIPTION_MAX} value={values.description ?? ''} onChange={(v) => setValues((s) => ({ ...s, description: v }))} error={save.errors.description} />
          <ImageUploadField label="Artist image" kind="photo" value={imageUrl} onChange={setImageUrl} error={save.errors.imageUrl} />
        </Section>
        <Section title="Links">
          <UrlFields
            field={field}
            fields={[['website', 'Website'], ['instagramUrl', 'Instagram'], ['facebookUrl', 'Facebook'], ['spotifyUrl', 'Spotify'], ['youtubeUrl', 'YouTube']]}
          />
        </Section>
      </EditorForm>
    </EditorFrame>
  );
}

/** /add-artist, artist managers only (spec 2 §2, §5). */
export function AddArtistPage() {
  useTitle('Add Artist');
  return <RequireRole roles={['artist_manager']}>{() => <ArtistForm title="Add Artist" artist={EMPTY_ARTIST} save={addManagedArtist} />}</RequireRole>;
}

function LoadedArtistEditor({ index }: { index: string }) {
  const { data, isPending, error } = useManagedArtist(index);
  if (isPending) return <LoadingImage label="Loading artist…" />;
  if (error || !data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Alert>{error instanceof ApiError && error.status === 404 ? 'Artist not found' : 'Error loading artist data'}</Alert>
      </div>
    );
  }
  return <ArtistForm title="Edit Artist" artist={data.artist} save={(input) => saveManagedArtist(index, input)} />;
}

/** /edit-artist/{artistIndex}: the index is the position in the manager's own list. */
export function EditArtistPage() {
  useTitle('Edit Artist');
  const { artistIndex = '' } = useParams();
  return <RequireRole roles={['artist_manager']}>{() => <LoadedArtistEditor key={artistIndex} index={artistIndex} />}</RequireRole>;
}
