import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PROMOTER_DESCRIPTION_MAX } from '../../../core/schemas/account.ts';
import { promoterProfileSchema } from '../../../core/schemas/profiles.ts';
import { TextField } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { fetchVenueOptions } from '../auth/api.ts';
import { savePromoterProfile, useOwnProfile, type PromoterProfile } from './api.ts';
import {
  bindField,
  checkInput,
  DescriptionField,
  EditorFrame,
  GalleryField,
  ImageUploadField,
  LoadFailure,
  Outcome,
  RequireRole,
  Section,
  toValues,
  useSaveAndReturn,
} from './profile-form-parts.tsx';

const TEXT_FIELDS = ['companyName', 'description', 'phone', 'email', 'website', 'facebookUrl', 'instagramUrl', 'youtubeUrl', 'videoUrl'] as const;

/** Spec 2 §6: the accounts with the venue role. */
function VenuePicker({ selected, onChange, error }: { selected: string[]; onChange: (ids: string[]) => void; error?: string }) {
  const { data, isPending, isError } = useQuery({ queryKey: ['venue-options'], queryFn: fetchVenueOptions });
  return (
    <fieldset aria-describedby={error ? 'venue-picker-error' : undefined}>
      <legend className="field-label">Venues you promote at</legend>
      {isPending && <p className="text-sm text-zinc-400">Loading venues…</p>}
      {isError && <p className="text-sm text-red-300">The venue list could not be loaded.</p>}
      {data && data.venues.length === 0 && <p className="text-sm text-zinc-400">No venues are registered yet.</p>}
      <div className="max-h-64 space-y-1 overflow-y-auto rounded-lg border border-zinc-700 p-2">
        {data?.venues.map((v) => (
          <label key={v.id} className="flex cursor-pointer items-start gap-2 rounded p-1.5 hover:bg-zinc-800">
            <input
              type="checkbox"
              className="mt-1 accent-brand-400"
              checked={selected.includes(v.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, v.id] : selected.filter((id) => id !== v.id))}
            />
            <span>
              <span className="block text-sm font-medium">{v.name}</span>
              <span className="block text-xs text-zinc-400">{v.address}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id="venue-picker-error" className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function PromoterEditor({ promoter }: { promoter: PromoterProfile }) {
  const [values, setValues] = useState(() => toValues(promoter, TEXT_FIELDS));
  const [imageUrl, setImageUrl] = useState(promoter.imageUrl);
  const [venueIds, setVenueIds] = useState(promoter.venueIds);
  const [gallery, setGallery] = useState(promoter.gallery);
  const save = useSaveAndReturn({
    delayMs: 1000,
    successText: 'Profile saved! Taking you back to your dashboard…',
    failureText: () => 'Failed to update profile. Please try again.',
  });
  const field = bindField(values, setValues, save.errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, imageUrl, venueIds, gallery };
    const problems = checkInput(promoterProfileSchema, input);
    if (problems) return save.refuse(problems);
    void save.run(() => savePromoterProfile(input));
  };

  return (
    <EditorFrame title="Edit Promoter Profile">
      <form noValidate onSubmit={submit} className="space-y-6" aria-label="Promoter profile">
        <Section title="Details">
          <TextField label="Promoter name" value={promoter.name} readOnly hint="Your name is also your web address; to change it, contact Marquee." />
          <TextField label="Company" {...field('companyName')} />
          <DescriptionField max={PROMOTER_DESCRIPTION_MAX} value={values.description ?? ''} onChange={(v) => setValues((s) => ({ ...s, description: v }))} error={save.errors.description} />
          <TextField label="Phone" type="tel" {...field('phone')} />
          <TextField label="Email" type="email" {...field('email')} />
          <ImageUploadField label="Promoter image" kind="photo" value={imageUrl} onChange={setImageUrl} error={save.errors.imageUrl} />
        </Section>
        <Section title="Venues">
          <VenuePicker selected={venueIds} onChange={setVenueIds} error={save.errors.venueIds} />
        </Section>
        <Section title="Gallery and video">
          <GalleryField images={gallery} onChange={setGallery} error={save.errors.gallery} />
          <TextField label="Video link" type="url" {...field('videoUrl')} hint="A YouTube address, shown as a player on your site." />
        </Section>
        <Section title="Online">
          <TextField label="Website" type="url" {...field('website')} />
          <TextField label="Facebook" type="url" {...field('facebookUrl')} />
          <TextField label="Instagram" type="url" {...field('instagramUrl')} />
          <TextField label="YouTube" type="url" {...field('youtubeUrl')} />
        </Section>
        <Outcome outcome={save.outcome} />
        <button type="submit" className="btn-primary w-full py-3 text-base sm:w-auto" disabled={save.isBusy}>
          {save.isBusy ? 'Saving…' : 'Save Profile'}
        </button>
      </form>
    </EditorFrame>
  );
}

function LoadedPromoterEditor() {
  const { data, isPending, error } = useOwnProfile<PromoterProfile>();
  if (isPending) return <LoadingImage label="Loading profile…" />;
  if (error || !data) return <LoadFailure error={error} message="Failed to load profile." />;
  return <PromoterEditor promoter={data.profile} />;
}

/** /edit-promoter-profile, promoters only (spec 2 §2). */
export function PromoterEditorPage() {
  useTitle('Edit Promoter Profile');
  return <RequireRole roles={['promoter']}>{() => <LoadedPromoterEditor />}</RequireRole>;
}
