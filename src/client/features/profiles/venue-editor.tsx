import { useState, type FormEvent } from 'react';
import { venueProfileSchema } from '../../../core/schemas/profiles.ts';
import { TextField } from '../../components/ui/field.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { saveVenueProfile, type VenueProfile } from './api.ts';
import { bindField, checkInput, EditorFrame, ImageUploadField, Outcome, Section, toValues, useSaveAndReturn } from './profile-form-parts.tsx';

const TEXT_FIELDS = ['name', 'address', 'phone', 'contactEmail', 'website', 'facebookUrl', 'instagramUrl', 'youtubeUrl'] as const;

/** The other editor at /edit-profile: the venue fields of spec 2 §3. */
export function VenueEditor({ venue }: { venue: VenueProfile }) {
  useTitle('Edit Venue Profile');
  const [values, setValues] = useState(() => toValues(venue, TEXT_FIELDS));
  const [imageUrl, setImageUrl] = useState(venue.imageUrl);
  const save = useSaveAndReturn({ delayMs: 1000, successText: 'Profile saved! Taking you back to your dashboard…', failureText: (message) => `Save failed: ${message}` });
  const field = bindField(values, setValues, save.errors);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { ...values, imageUrl };
    const problems = checkInput(venueProfileSchema, input);
    if (problems) return save.refuse(problems);
    void save.run(() => saveVenueProfile(input));
  };

  return (
    <EditorFrame title="Edit Venue Profile">
      <form noValidate onSubmit={submit} className="space-y-6" aria-label="Venue profile">
        <Section title="Venue details">
          <TextField label="Venue name" required {...field('name')} hint="Your venue page moves to the new name's address." />
          <TextField label="Address" required autoComplete="street-address" {...field('address')} />
          <TextField label="Phone" type="tel" {...field('phone')} />
          <TextField label="Contact email" type="email" {...field('contactEmail')} />
          <ImageUploadField label="Venue image" kind="photo" value={imageUrl} onChange={setImageUrl} error={save.errors.imageUrl} />
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
