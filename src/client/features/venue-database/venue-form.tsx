import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { fieldErrors } from '../../../core/field-errors.ts';
import { venueEntrySchema, type VenueEntryFields } from '../../../core/schemas/venue-directory.ts';
import { VENUE_DATABASE_TEXT, VENUE_DEFAULTS, VENUE_TYPES, type VenueEntryView } from '../../../core/venue-directory.ts';
import { Alert, FieldLabel, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { saveVenue } from './api.ts';

type TextKey = 'name' | 'regionSlug' | 'venueType' | 'address' | 'city' | 'state' | 'zipCode' | 'phone' | 'email' | 'bookingEmail' | 'website' | 'contactPerson' | 'capacity' | 'typicalBookingLeadDays' | 'musicGenres' | 'paymentStructure' | 'notes';
type FlagKey = 'hasStage' | 'hasSoundSystem' | 'allowsOriginalMusic' | 'isActive';
type Form = Record<TextKey, string> & Record<FlagKey, boolean>;

/** An entry as the form holds it; a new one starts from the defaults of spec 3 §9. */
function toForm(venue: VenueEntryView | null): Form {
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
  return {
    name: text(venue?.name),
    regionSlug: venue?.regionSlug ?? VENUE_DEFAULTS.regionSlug,
    venueType: venue?.venueType ?? VENUE_DEFAULTS.venueType,
    address: text(venue?.address),
    city: text(venue?.city),
    state: text(venue?.state),
    zipCode: text(venue?.zipCode),
    phone: text(venue?.phone),
    email: text(venue?.email),
    bookingEmail: text(venue?.bookingEmail),
    website: text(venue?.website),
    contactPerson: text(venue?.contactPerson),
    capacity: text(venue?.capacity),
    typicalBookingLeadDays: text(venue?.typicalBookingLeadDays ?? VENUE_DEFAULTS.typicalBookingLeadDays),
    musicGenres: venue?.musicGenres.join(', ') ?? '',
    paymentStructure: text(venue?.paymentStructure),
    notes: text(venue?.notes),
    hasStage: venue?.hasStage ?? VENUE_DEFAULTS.hasStage,
    hasSoundSystem: venue?.hasSoundSystem ?? VENUE_DEFAULTS.hasSoundSystem,
    allowsOriginalMusic: venue?.allowsOriginalMusic ?? VENUE_DEFAULTS.allowsOriginalMusic,
    isActive: venue?.isActive ?? VENUE_DEFAULTS.isActive,
  };
}

function SelectField({ label, value, onChange, error, children }: { label: string; value: string; onChange: (value: string) => void; error?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} required />
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined}>
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

function Checkbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-3 rounded-lg border border-zinc-700 px-3 py-2.5 text-sm">
      <input type="checkbox" className="h-5 w-5 accent-brand-400" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/**
 * Add or edit a venue database entry (spec 3 §3, §5, §9): every field, the shared schema's
 * messages beside their fields before anything is sent, and the §8 message when saving fails.
 */
export function VenueForm({ venue, onSaved, onCancel }: { venue: VenueEntryView | null; onSaved: (venue: VenueEntryView) => void; onCancel: () => void }) {
  const { data: config } = usePublicConfig();
  const [form, setForm] = useState(() => toForm(venue));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const headingId = useId();
  const save = useMutation({
    mutationFn: (input: VenueEntryFields) => saveVenue(venue?.id ?? null, input),
    onSuccess: ({ venue: saved }) => onSaved(saved),
    onError: (error) => {
      console.error('Saving the venue failed', error);
      if (error instanceof ApiError) setProblems(error.fields);
    },
  });
  const text = (key: TextKey) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => setForm({ ...form, [key]: e.target.value }),
    error: problems[key],
  });
  const flag = (key: FlagKey) => ({ checked: form[key], onChange: (checked: boolean) => setForm({ ...form, [key]: checked }) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = venueEntrySchema.safeParse(form);
    if (!parsed.success) {
      setProblems(fieldErrors(parsed.error));
      return;
    }
    setProblems({});
    save.mutate(parsed.data);
  };
  const title = venue ? `Edit ${venue.name}` : 'Add Venue';
  const hasFieldProblems = Object.keys(problems).length > 0;
  return (
    <section className="card space-y-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {venue?.optedOutAt && (
        <Alert tone="info">This venue opted out of outreach e-mails on {new Date(venue.optedOutAt).toLocaleDateString()}. Campaigns never e-mail it, whatever is saved here.</Alert>
      )}
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-5">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField label="Venue Name" required maxLength={200} {...text('name')} />
          <SelectField label="Location" value={form.regionSlug} onChange={(v) => setForm({ ...form, regionSlug: v })} error={problems.regionSlug}>
            <option value="">Choose a location</option>
            {config?.regions.map((r) => (
              <option key={r.slug} value={r.slug}>
                {r.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Venue Type" value={form.venueType} onChange={(v) => setForm({ ...form, venueType: v })} error={problems.venueType}>
            <option value="">Choose a venue type</option>
            {VENUE_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </SelectField>
          <TextField label="Address" maxLength={200} autoComplete="off" {...text('address')} />
          <TextField label="City" maxLength={100} {...text('city')} />
          <div className="grid grid-cols-2 gap-4">
            <TextField label="State" maxLength={50} {...text('state')} />
            <TextField label="Zip Code" maxLength={20} inputMode="numeric" {...text('zipCode')} />
          </div>
          <TextField label="Contact Person" maxLength={200} {...text('contactPerson')} />
          <TextField label="Email" type="email" maxLength={254} {...text('email')} />
          <TextField label="Booking Email" type="email" maxLength={254} {...text('bookingEmail')} />
          <TextField label="Phone" type="tel" maxLength={40} {...text('phone')} />
          <TextField label="Website" type="url" maxLength={500} placeholder="https://" {...text('website')} />
          <TextField label="Payment Structure" maxLength={200} placeholder="Door split, flat fee…" {...text('paymentStructure')} />
          <TextField label="Capacity" inputMode="numeric" maxLength={7} {...text('capacity')} />
          <TextField label="Typical Booking Lead (days)" inputMode="numeric" maxLength={4} {...text('typicalBookingLeadDays')} />
          <TextField label="Music Genres" hint="Separated by commas." maxLength={600} {...text('musicGenres')} />
        </div>
        <TextAreaField label="Notes" maxLength={2000} {...text('notes')} />
        <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <legend className="field-label">Features</legend>
          <Checkbox label="Has Stage" {...flag('hasStage')} />
          <Checkbox label="Has Sound System" {...flag('hasSoundSystem')} />
          <Checkbox label="Allows Original Music" {...flag('allowsOriginalMusic')} />
          <Checkbox label="Active" {...flag('isActive')} />
        </fieldset>
        {hasFieldProblems && <Alert>Please correct the highlighted fields.</Alert>}
        {save.isError && !hasFieldProblems && <Alert>{VENUE_DATABASE_TEXT.saveError}</Alert>}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : venue ? 'Save Venue' : 'Add Venue'}
          </button>
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
