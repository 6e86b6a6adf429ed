import { useState } from 'react';
import { BAND_DESCRIPTION_MAX } from '../../../core/schemas/account.ts';
import { bandProfileSchema, EXTRA_GIGS_MAX, MEMBERS_MAX, CUSTOM_LINKS_MAX } from '../../../core/schemas/profiles.ts';
import { TextAreaField, TextField } from '../../components/ui/field.tsx';
import { useTitle } from '../../lib/use-title.ts';
import { PasswordChangeCard } from '../account/password-change-card.tsx';
import { saveBandProfile, type BandProfile } from './api.ts';
import {
  bindField,
  DescriptionField,
  EditorFrame,
  GalleryField,
  ImageUploadField,
  EditorForm,
  UrlFields,
  Section,
  toValues,
  useSaveAndReturn,
} from './profile-form-parts.tsx';

const TEXT_FIELDS = [
  'description',
  'bio',
  'performerType',
  'yearsActive',
  'performanceStyle',
  'phone',
  'contactEmail',
  'contactPhone',
  'instagramUrl',
  'facebookUrl',
  'spotifyUrl',
  'youtubeUrl',
  'youtubeChannelUrl',
  'youtubeHighlightUrl',
  'website',
  'youtubeEmbedUrl',
  'spotifyEmbedUrl',
] as const;

const PERFORMER_TYPES = [
  ['BAND', 'Band'],
  ['SOLO', 'Solo artist'],
  ['DUO', 'Duo'],
  ['DJ', 'DJ'],
  ['OTHER', 'Other'],
] as const;

type Member = { name: string; instrument: string; instagramHandle: string };
type ExtraGig = { localDate: string; venueName: string; ticketUrl: string };
type CustomLink = { label: string; url: string };

/** Rows of small fields with Add and Remove, for members, extra gigs and links. */
function RowsEditor<T extends Record<string, string>>({
  legend,
  rows,
  onChange,
  blank,
  max,
  columns,
  addLabel,
  error,
}: {
  legend: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  blank: T;
  max: number;
  columns: { key: keyof T & string; label: string; type?: string }[];
  addLabel: string;
  error?: string;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="field-label">{legend}</legend>
      {rows.map((row, i) => (
        <div key={i} className="grid gap-2 rounded-xl border border-zinc-800 p-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
          {columns.map((col) => (
            <TextField
              key={col.key}
              label={`${col.label} ${i + 1}`}
              type={col.type ?? 'text'}
              value={row[col.key]}
              onChange={(e) => onChange(rows.map((r, j) => (j === i ? { ...r, [col.key]: e.target.value } : r)))}
            />
          ))}
          <button type="button" className="btn-secondary" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove<span className="sr-only"> {legend.toLowerCase()} row {i + 1}</span>
          </button>
        </div>
      ))}
      {error && <p className="field-error">{error}</p>}
      {rows.length < max && (
        <button type="button" className="btn-secondary" onClick={() => onChange([...rows, blank])}>
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}

/** The band editor at /edit-profile (spec 2 §2, full variant with password change). */
export function BandEditor({ band }: { band: BandProfile }) {
  useTitle('Edit Band Profile');
  const [values, setValues] = useState(() => toValues(band, TEXT_FIELDS));
  const [genres, setGenres] = useState(band.genres.join(', '));
  const [imageUrl, setImageUrl] = useState(band.imageUrl);
  const [logoUrl, setLogoUrl] = useState(band.logoUrl);
  const [gallery, setGallery] = useState(band.gallery);
  const [members, setMembers] = useState<Member[]>(band.members.map((m) => ({ name: m.name, instrument: m.instrument, instagramHandle: m.instagramHandle ?? '' })));
  const [extraGigs, setExtraGigs] = useState<ExtraGig[]>(band.extraGigs.map((g) => ({ localDate: g.localDate, venueName: g.venueName, ticketUrl: g.ticketUrl ?? '' })));
  const [customLinks, setCustomLinks] = useState<CustomLink[]>(band.customLinks);
  const save = useSaveAndReturn({
    delayMs: 1200,
    successText: 'Profile saved! Taking you back to your dashboard…',
    failureText: (message) => `Failed to update profile: ${message}`,
  });
  const field = bindField(values, setValues, save.errors);

  const submit = () =>
    save.submit(bandProfileSchema, {
      ...values,
      genres: genres.split(',').map((g) => g.trim()).filter(Boolean),
      imageUrl,
      logoUrl,
      gallery,
      members,
      extraGigs,
      customLinks,
    }, saveBandProfile);

  return (
    <EditorFrame title="Edit Band Profile">
      <EditorForm label="Band profile" save={save} onSubmit={submit}>
        <Section title="Profile">
          <TextField label="Band name" value={band.name} readOnly hint="Your band name is also your web address; to change it, contact Marquee." />
          <DescriptionField max={BAND_DESCRIPTION_MAX} value={values.description ?? ''} onChange={(v) => setValues((s) => ({ ...s, description: v }))} error={save.errors.description} />
          <TextAreaField label="Bio" {...field('bio')} maxLength={5000} />
          <div>
            <label htmlFor="performer-type" className="field-label">
              Performer type
            </label>
            <select id="performer-type" className="field-input" value={values.performerType} onChange={(e) => setValues((s) => ({ ...s, performerType: e.target.value }))}>
              {PERFORMER_TYPES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <TextField label="Genres" name="genres" value={genres} onChange={(e) => setGenres(e.target.value)} error={save.errors.genres} hint="Separate genres with commas, e.g. Rock, Indie." />
          <TextField label="Years active" {...field('yearsActive')} maxLength={40} hint="For example: Since 2016. Venue outreach e-mails say it; leave it empty to leave it out." />
          <TextField label="Performance style" {...field('performanceStyle')} maxLength={200} hint="For example: High-energy rock show with a light rig. Also told to venues in outreach e-mails." />
          <ImageUploadField label="Band image" kind="photo" value={imageUrl} onChange={setImageUrl} error={save.errors.imageUrl} />
          <ImageUploadField label="Logo" kind="logo" value={logoUrl} onChange={setLogoUrl} error={save.errors.logoUrl} hint="PNG or SVG." />
        </Section>

        <Section title="Members">
          <RowsEditor<Member>
            legend="Band members"
            rows={members}
            onChange={setMembers}
            blank={{ name: '', instrument: '', instagramHandle: '' }}
            max={MEMBERS_MAX}
            columns={[
              { key: 'name', label: 'Member name' },
              { key: 'instrument', label: 'Instrument' },
              { key: 'instagramHandle', label: 'Instagram handle' },
            ]}
            addLabel="Add member"
            error={save.errors.members}
          />
          <p className="text-xs text-zinc-400">Members without a name are left out when you save.</p>
        </Section>

        <Section title="Gallery">
          <GalleryField images={gallery} onChange={setGallery} error={save.errors.gallery} />
        </Section>

        <Section title="Other gigs">
          <RowsEditor<ExtraGig>
            legend="Shows not booked through Marquee"
            rows={extraGigs}
            onChange={setExtraGigs}
            blank={{ localDate: '', venueName: '', ticketUrl: '' }}
            max={EXTRA_GIGS_MAX}
            columns={[
              { key: 'localDate', label: 'Date', type: 'date' },
              { key: 'venueName', label: 'Venue' },
              { key: 'ticketUrl', label: 'Ticket link', type: 'url' },
            ]}
            addLabel="Add gig"
            error={save.errors.extraGigs}
          />
        </Section>

        <Section title="Contact">
          <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
          <TextField label="Contact email" type="email" {...field('contactEmail')} />
          <TextField label="Contact phone" type="tel" {...field('contactPhone')} />
        </Section>

        <Section title="Links and embeds">
          <UrlFields
            field={field}
            fields={[['website', 'Website'], ['instagramUrl', 'Instagram'], ['facebookUrl', 'Facebook'], ['spotifyUrl', 'Spotify'], ['youtubeUrl', 'YouTube'], ['youtubeChannelUrl', 'YouTube channel'], ['youtubeHighlightUrl', 'YouTube highlight video']]}
          />
          <TextField label="YouTube video to embed" type="url" {...field('youtubeEmbedUrl')} hint="Shown as a player on your site." />
          <TextField label="Spotify player to embed" type="url" {...field('spotifyEmbedUrl')} hint="A track, album, playlist or artist address on open.spotify.com." />
          <RowsEditor<CustomLink>
            legend="More links"
            rows={customLinks}
            onChange={setCustomLinks}
            blank={{ label: '', url: '' }}
            max={CUSTOM_LINKS_MAX}
            columns={[
              { key: 'label', label: 'Link label' },
              { key: 'url', label: 'Link address', type: 'url' },
            ]}
            addLabel="Add link"
            error={save.errors.customLinks}
          />
        </Section>

      </EditorForm>
      <PasswordChangeCard />
    </EditorFrame>
  );
}
