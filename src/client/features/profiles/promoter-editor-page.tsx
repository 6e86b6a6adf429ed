import { useState } from 'react';
import { PROMOTER_DESCRIPTION_MAX } from '../../../core/schemas/account.ts';
import { promoterProfileSchema } from '../../../core/schemas/profiles.ts';
import { TextField } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { VenuePicker } from '../auth/venue-picker.tsx';
import { PromoterVenueBadge } from '../promoter-venues/promoter-venue-status.tsx';
import { savePromoterProfile, useOwnProfile, type PromoterProfile } from './api.ts';
import {
  bindField,
  DescriptionField,
  EditorFrame,
  GalleryField,
  ImageUploadField,
  LoadFailure,
  EditorForm,
  UrlFields,
  RequireRole,
  Section,
  toValues,
  useSaveAndReturn,
} from './profile-form-parts.tsx';

const TEXT_FIELDS = ['companyName', 'description', 'phone', 'email', 'website', 'facebookUrl', 'instagramUrl', 'youtubeUrl', 'videoUrl'] as const;

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

  const submit = () =>
    save.submit(promoterProfileSchema, { ...values, imageUrl, venueIds, gallery }, savePromoterProfile);

  return (
    <EditorFrame title="Edit Promoter Profile">
      <EditorForm label="Promoter profile" save={save} onSubmit={submit}>
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
          {promoter.venueRequests.length > 0 && (
            <div>
              <h3 className="field-label">Your venue requests</h3>
              <ul className="space-y-1 text-sm">
                {promoter.venueRequests.map((v) => (
                  <li key={v.id} className="flex flex-wrap items-center gap-2">
                    {v.name} <PromoterVenueBadge status={v.status} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Section>
        <Section title="Gallery and video">
          <GalleryField images={gallery} onChange={setGallery} error={save.errors.gallery} />
          <TextField label="Video link" type="url" {...field('videoUrl')} hint="A YouTube address, shown as a player on your site." />
        </Section>
        <Section title="Online">
          <UrlFields
            field={field}
            fields={[['website', 'Website'], ['facebookUrl', 'Facebook'], ['instagramUrl', 'Instagram'], ['youtubeUrl', 'YouTube']]}
          />
        </Section>
      </EditorForm>
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
