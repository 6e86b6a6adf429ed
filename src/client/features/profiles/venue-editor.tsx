import { useState } from 'react';
import { venueProfileSchema } from '../../../core/schemas/profiles.ts';
import { TextField } from '../../components/ui/field.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { saveVenueProfile, type VenueProfile } from './api.ts';
import { bindField, EditorFrame, ImageUploadField, EditorForm, UrlFields, Section, toValues, useSaveAndReturn } from './profile-form-parts.tsx';

const TEXT_FIELDS = ['name', 'address', 'phone', 'contactEmail', 'website', 'facebookUrl', 'instagramUrl', 'youtubeUrl'] as const;

/** The other editor at /edit-profile: the venue fields of spec 2 §3. */
export function VenueEditor({ venue }: { venue: VenueProfile }) {
  useTitle('Edit Venue Profile');
  const [values, setValues] = useState(() => toValues(venue, TEXT_FIELDS));
  const [imageUrl, setImageUrl] = useState(venue.imageUrl);
  const save = useSaveAndReturn({ delayMs: 1000, successText: 'Profile saved! Taking you back to your dashboard…', failureText: (message) => `Save failed: ${message}` });
  const field = bindField(values, setValues, save.errors);

  const submit = () =>
    save.submit(venueProfileSchema, { ...values, imageUrl }, saveVenueProfile);

  return (
    <EditorFrame title="Edit Venue Profile">
      <EditorForm label="Venue profile" save={save} onSubmit={submit}>
        <Section title="Venue details">
          <TextField label="Venue name" required {...field('name')} hint="Your venue page moves to the new name's address, and an admin verifies the venue again before it sells tickets." />
          <TextField label="Address" required autoComplete="street-address" {...field('address')} />
          <TextField label="Phone" type="tel" {...field('phone')} />
          <TextField label="Contact email" type="email" {...field('contactEmail')} />
          <ImageUploadField label="Venue image" kind="photo" value={imageUrl} onChange={setImageUrl} error={save.errors.imageUrl} />
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
