import { useRef, useState } from 'react';
import { formatGearPhone, GEAR_DESCRIPTION_MAX, GEAR_IMAGES_MAX, GEAR_PHONE_MAX_LENGTH, GEAR_PRICE_MAX, GEAR_TITLE_MAX } from '../../../core/gear-rules.ts';
import { fieldErrors } from '../../../core/field-errors.ts';
import { gearListingSchema } from '../../../core/schemas/gear.ts';
import { ImageCropModal } from '../../components/image-crop-modal.tsx';
import { Alert, TextAreaField, TextField } from '../../components/ui/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';
import { createGearListing, uploadGearImage } from './api.ts';

const EMPTY = { title: '', price: '', description: '', email: '', phone: '' };
type Values = typeof EMPTY;
const FIELD_ORDER = ['title', 'price', 'description', 'email', 'phone'] as const;

/**
 * The List Your Gear form (spec 1 §5), loaded only when a signed-in user opens it: it carries
 * zod and the crop modal. The server checks everything again with the same schema.
 */
export function GearForm({ id, labelledBy, onListed }: { id: string; labelledBy: string; onListed: () => void }) {
  // The seller's own address to start with (issue 21): most people are reached where they signed up.
  const { data: me } = useSession();
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, email: me?.user.email ?? '' }));
  const [imageUrls, setImageUrls] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [isBusy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  /** Shows each field's message beside it and takes the cursor to the first one. */
  const showProblems = (problems: Record<string, string>) => {
    setErrors(problems);
    const first = FIELD_ORDER.find((name) => problems[name] || (name === 'email' && problems.contact));
    const control = first ? formRef.current?.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  };

  /** A field's message goes once it is edited (and the e-mail-or-phone one with either of them). */
  const change = (name: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((current) => {
      const next = { ...current };
      delete next[name];
      if (name === 'email' || name === 'phone') delete next.contact;
      return next;
    });
  };
  const set = (name: keyof Values) => (e: { target: { value: string } }) => change(name, e.target.value);

  const submit = async () => {
    const input = { ...values, imageUrls };
    const parsed = gearListingSchema.safeParse(input);
    if (!parsed.success) {
      setFailure('');
      showProblems(fieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      await createGearListing(input);
      setValues({ ...EMPTY, email: me?.user.email ?? '' });
      setImageUrls([]);
      setErrors({});
      onListed();
    } catch (error) {
      // Spec 1 §8: gear form errors show the message from the failure (beside its field, if it has one).
      const fields = error instanceof ApiError ? error.fields : {};
      showProblems(fields);
      if (Object.keys(fields).length === 0) setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      id={id}
      noValidate
      aria-labelledby={labelledBy}
      className="card mb-10 space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid gap-5 md:grid-cols-[2fr_1fr]">
        <TextField autoFocus label="Title" name="title" required maxLength={GEAR_TITLE_MAX} value={values.title} onChange={set('title')} error={errors.title} />
        <TextField label="Price" name="price" required maxLength={GEAR_PRICE_MAX} placeholder="$250 or best offer" value={values.price} onChange={set('price')} error={errors.price} />
      </div>
      <TextAreaField
        label="Description"
        name="description"
        required
        maxLength={GEAR_DESCRIPTION_MAX}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        hint={values.description.length > GEAR_DESCRIPTION_MAX - 200 ? `${values.description.length}/${GEAR_DESCRIPTION_MAX} characters` : undefined}
      />
      <fieldset className="space-y-3" aria-describedby={`${id}-contact-hint`}>
        <legend className="text-sm font-medium text-zinc-200">How buyers reach you</legend>
        <p id={`${id}-contact-hint`} className="text-xs text-zinc-400">
          At least an email or a phone number. Only signed-in members see them.
        </p>
        <div className="grid gap-5 md:grid-cols-2">
          <TextField label="Email" name="email" type="email" autoComplete="email" value={values.email} onChange={set('email')} error={errors.email} />
          <TextField
            label="Phone"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="xxx-xxx-xxxx"
            maxLength={GEAR_PHONE_MAX_LENGTH}
            value={values.phone}
            onChange={(e) => change('phone', formatGearPhone(e.target.value))}
            error={errors.phone}
          />
        </div>
        {errors.contact && (
          <p className="field-error" role="alert">
            {errors.contact}
          </p>
        )}
      </fieldset>
      <GearImagesField urls={imageUrls} onChange={setImageUrls} error={errors.imageUrls} />
      {failure && <Alert>{failure}</Alert>}
      <button type="submit" className="btn-primary w-full py-3 text-base sm:w-auto" disabled={isBusy}>
        {isBusy ? 'Listing…' : 'List Gear'}
      </button>
    </form>
  );
}

/** Up to two photos (spec 1 §5), each cropped 16:9 and uploaded as it is added. */
function GearImagesField({ urls, onChange, error }: { urls: string[]; onChange: (urls: string[]) => void; error?: string }) {
  const [source, setSource] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState('');
  const [isUploading, setUploading] = useState(false);
  const isFull = urls.length >= GEAR_IMAGES_MAX;
  const upload = async (blob: Blob) => {
    setUploading(true);
    setUploadError('');
    try {
      onChange([...urls, await uploadGearImage(blob)]);
    } catch (e) {
      setUploadError(e instanceof Error ? e.message : 'The image could not be uploaded.');
    } finally {
      setUploading(false);
    }
  };
  const shownError = uploadError || error;
  return (
    <div>
      <p className="field-label">
        Photos (optional, up to {GEAR_IMAGES_MAX}): cropped 16:9, 1280 x 800
      </p>
      {urls.length > 0 && (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:max-w-md">
          {urls.map((url, i) => (
            <li key={url} className="space-y-1">
              <img src={url} alt={`Photo ${i + 1} of your listing`} className="aspect-video w-full rounded-lg object-cover" />
              <button type="button" className="text-sm text-zinc-300 underline" onClick={() => onChange(urls.filter((u) => u !== url))}>
                Remove photo {i + 1}
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={`btn-secondary ${isFull || isUploading ? 'pointer-events-none opacity-50' : 'cursor-pointer'}`}>
        {isUploading ? 'Uploading…' : isFull ? `${GEAR_IMAGES_MAX} photos added` : 'Add photo'}
        <input
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={isFull || isUploading}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) setSource(URL.createObjectURL(file));
          }}
        />
      </label>
      {shownError && (
        <p className="field-error" role="alert">
          {shownError}
        </p>
      )}
      {source && (
        <ImageCropModal
          src={source}
          onCancel={() => {
            URL.revokeObjectURL(source);
            setSource(null);
          }}
          onSave={(blob) => {
            URL.revokeObjectURL(source);
            setSource(null);
            void upload(blob);
          }}
        />
      )}
    </div>
  );
}
