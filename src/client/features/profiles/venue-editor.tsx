import { useState } from 'react';
import { postalAddressOf } from '../../../core/postal-address.ts';
import { venueProfileSchema } from '../../../core/schemas/profiles.ts';
import { TextField } from '../../components/ui/field.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { saveVenueProfile, type VenueProfile } from './api.ts';
import { bindField, EditorFrame, ImageUploadField, EditorForm, UrlFields, Section, toValues, useSaveAndReturn } from './profile-form-parts.tsx';

const ADDRESS_FIELDS = ['address', 'addressLocality', 'addressRegion', 'postalCode', 'addressCountry'] as const;
const TEXT_FIELDS = ['name', 'phone', 'contactEmail', 'website', 'facebookUrl', 'instagramUrl', 'youtubeUrl'] as const;

/** The other editor at /edit-profile: the venue fields of spec 2 §3. */
export function VenueEditor({ venue }: { venue: VenueProfile }) {
  useTitle('Edit Venue Profile');
  const [values, setValues] = useState(() => {
    // Issue 35: the address as fields; a venue that gave one line sees it read into them.
    const { streetAddress, ...rest } = postalAddressOf({ address: venue.address, postalAddress: venue });
    return { ...toValues(venue, TEXT_FIELDS), ...toValues({ ...rest, address: streetAddress }, ADDRESS_FIELDS) };
  });
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
          <TextField label="Address" required autoComplete="street-address" {...field('address')} hint="The street and number. Search engines, calendars and the fediverse read the fields below too." />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="City" autoComplete="address-level2" {...field('addressLocality')} />
            <TextField label="State" autoComplete="address-level1" {...field('addressRegion')} />
            <TextField label="ZIP code" autoComplete="postal-code" {...field('postalCode')} />
            <TextField label="Country" autoComplete="country" {...field('addressCountry')} />
          </div>
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
