import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { REHEARSAL_DESCRIPTION_MAX } from '../../../core/schemas/account.ts';
import { rehearsalSpaceProfileSchema } from '../../../core/schemas/profiles.ts';
import { truncate } from '../../../core/text.ts';
import { ImagePicker } from '../../components/image-crop-modal.tsx';
import { Alert, TextField } from '../../components/ui/field.tsx';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError } from '../../lib/api.ts';
import { sessionQueryKey, type Me } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { ownProfileQueryKey, saveRehearsalSpaceProfile, uploadProfileImage, useOwnProfile, type RehearsalSpaceProfile } from './api.ts';
import { bindField, checkInput, DescriptionField, LoadFailure, toValues } from './profile-form-parts.tsx';

const TEXT_FIELDS = ['name', 'address', 'phone', 'contactEmail', 'website', 'description'] as const;
/** Spec 2 §2: the dashboard shows the description cut at 100 characters. */
const DESCRIPTION_PREVIEW = 100;

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `${title.replace(/\W+/g, '-').toLowerCase()}-heading`;
  return (
    <section className="card space-y-3" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-zinc-400">{label}</dt>
      <dd className="font-medium [overflow-wrap:anywhere]">{value || 'Not set'}</dd>
    </div>
  );
}

function SpaceDashboard({ space, accountEmail, locationName }: { space: RehearsalSpaceProfile; accountEmail: string; locationName: string }) {
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  const [values, setValues] = useState(() => toValues(space, TEXT_FIELDS));
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isBusy, setBusy] = useState(false);
  const field = bindField(values, setValues, errors);
  useTitle('Dashboard');

  const startEditing = () => {
    setValues(toValues(space, TEXT_FIELDS));
    setPhoto(null);
    setErrors({});
    setOutcome(null);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const draft = { ...values, imageUrl: space.imageUrl };
    const problems = checkInput(rehearsalSpaceProfileSchema, draft);
    if (problems) {
      setErrors(problems);
      setOutcome({ tone: 'error', text: 'Error updating profile. Please try again.' });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      // Spec 2 §4: Save uploads the new photo, if any, then updates the record.
      const imageUrl = photo ? await uploadProfileImage('photo', photo) : space.imageUrl;
      await saveRehearsalSpaceProfile({ ...draft, imageUrl });
      await Promise.all([queryClient.invalidateQueries({ queryKey: ownProfileQueryKey }), queryClient.invalidateQueries({ queryKey: sessionQueryKey })]);
      setErrors({});
      setEditing(false);
      setOutcome({ tone: 'success', text: 'Profile updated successfully!' });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setOutcome({ tone: 'error', text: 'Error updating profile. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Welcome, {space.name || 'Rehearsal Space Owner'}!</h1>
        {!isEditing && (
          <button type="button" className="btn-primary" onClick={startEditing}>
            Edit Profile
          </button>
        )}
      </div>
      <div className="mt-6 space-y-6">
        {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
        {isEditing ? (
          <form noValidate onSubmit={(e) => void save(e)} className="space-y-6" aria-label="Rehearsal space profile">
            <Card title="Space Information">
              <TextField label="Space name" required {...field('name')} />
              <TextField label="Address" required autoComplete="street-address" {...field('address')} />
              <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
              <TextField label="Contact email" type="email" {...field('contactEmail')} hint={`Leave empty to use ${accountEmail}.`} />
            </Card>
            <Card title="Online Presence">
              <TextField label="Website" type="url" {...field('website')} />
              <DescriptionField max={REHEARSAL_DESCRIPTION_MAX} value={values.description ?? ''} onChange={(v) => setValues((s) => ({ ...s, description: v }))} error={errors.description} />
            </Card>
            <Card title="Photo">
              <ImagePicker label="Photo of your space" value={photo} onChange={setPhoto} error={errors.imageUrl ?? errors.image} />
              {!photo && space.imageUrl && <img src={space.imageUrl} alt={`Current photo of ${space.name}`} className="aspect-video w-full max-w-md rounded-xl object-cover" />}
            </Card>
            <div className="flex flex-wrap gap-3">
              <button type="submit" className="btn-primary" disabled={isBusy}>
                {isBusy ? 'Saving…' : 'Save Changes'}
              </button>
              <button
                type="button"
                className="btn-secondary"
                disabled={isBusy}
                onClick={() => {
                  setEditing(false);
                  setErrors({});
                  setOutcome(null);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <Card title="Space Information">
              <dl className="grid gap-3">
                <Detail label="Name" value={space.name} />
                <Detail label="Address" value={space.address} />
                <Detail label="Phone" value={space.phone} />
                <Detail label="Contact Email" value={space.contactEmail || accountEmail} />
                <Detail label="Location" value={locationName} />
              </dl>
            </Card>
            <Card title="Online Presence">
              <dl className="grid gap-3">
                <Detail
                  label="Website"
                  value={
                    space.website && (
                      <a href={space.website} target="_blank" rel="noopener noreferrer" className="link">
                        Visit Website<span className="sr-only"> of {space.name} (opens in a new tab)</span>
                      </a>
                    )
                  }
                />
                <Detail label="Description" value={space.description && truncate(space.description, DESCRIPTION_PREVIEW)} />
              </dl>
            </Card>
            <Card title="Photo">
              {space.imageUrl ? (
                <img src={space.imageUrl} alt={`Photo of ${space.name}`} className="aspect-video w-full rounded-xl object-cover" />
              ) : (
                <p className="text-zinc-300">No photo yet. Choose Edit Profile to add one.</p>
              )}
            </Card>
            <Card title="Quick Actions">
              <ul className="space-y-2">
                <li>
                  <Link to="/rehearsal-space" className="link">
                    View rehearsal spaces
                  </Link>
                </li>
                <li>
                  <Link to="/bands" className="link">
                    Browse bands
                  </Link>
                </li>
                <li>
                  <Link to="/gigs" className="link">
                    Find gigs
                  </Link>
                </li>
                <li>
                  <Link to="/account" className="link">
                    Account settings
                  </Link>
                </li>
              </ul>
            </Card>
          </div>
        )}
      </div>
    </div>
  );
}

/** The rehearsal-space owner's dashboard (spec 2 §2): view mode and edit mode of its own record. */
export function RehearsalSpaceDashboard({ me }: { me: Me }) {
  const { data, isPending, error } = useOwnProfile<RehearsalSpaceProfile>();
  if (isPending) return <LoadingImage label="Loading profile…" />;
  if (error || !data) return <LoadFailure error={error} message="Failed to load profile." />;
  return <SpaceDashboard space={data.profile} accountEmail={me.user.email} locationName={me.user.locationName} />;
}
