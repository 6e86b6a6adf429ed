import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'react-router';
import { GEAR_DESCRIPTION_PREVIEW, type GearListingView } from '../../../core/gear-rules.ts';
import { truncateAtWord } from '../../../core/text.ts';

// A visitor browsing the grid needs neither: the full-screen photo loads on the first click, the
// seller's and the admin's buttons with a listing that has them.
const ImageOverlay = lazy(async () => ({ default: (await import('./image-overlay.tsx')).ImageOverlay }));
const GearActions = lazy(async () => ({ default: (await import('./gear-actions.tsx')).GearActions }));

const listedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** One listing in the grid (spec 1 §2): its first two photos, price, description, contact and the owner's actions. */
export function GearCard({ listing, isAdmin }: { listing: GearListingView; isAdmin: boolean }) {
  const [overlay, setOverlay] = useState<number | null>(null);
  const headingId = useId();
  const images = listing.imageUrls.slice(0, 2);
  const imageAlt = (i: number) => (images.length > 1 ? `${listing.title}, photo ${i + 1} of ${images.length}` : listing.title);
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-lg shadow-black/20">
      {images.length === 0 ? (
        <div aria-hidden="true" className="flex aspect-video w-full items-center justify-center bg-gradient-to-br from-zinc-800 to-zinc-900 text-4xl text-zinc-600">
          ♪
        </div>
      ) : (
        <div className={`grid gap-0.5 bg-zinc-950 ${images.length > 1 ? 'grid-cols-2' : ''}`}>
          {images.map((url, i) => (
            <button
              key={url}
              type="button"
              onClick={() => setOverlay(i)}
              className="group relative block overflow-hidden focus-visible:outline-offset-[-3px]"
              aria-label={`View ${imageAlt(i)} full screen`}
            >
              <img src={url} alt="" loading="lazy" className="aspect-video w-full object-cover transition duration-300 group-hover:scale-105" />
              <span aria-hidden="true" className="absolute bottom-2 right-2 rounded-full bg-black/70 px-2 py-0.5 text-xs text-white opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
                ⤢ View
              </span>
            </button>
          ))}
        </div>
      )}
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h3 id={headingId} className="min-w-0 break-words text-lg font-bold leading-snug text-white">
            {listing.title}
          </h3>
          <p className="shrink-0 rounded-full bg-brand-400 px-3 py-1 text-sm font-bold text-zinc-950">
            <span className="sr-only">Price: </span>
            {listing.price}
          </p>
        </div>
        <Description text={listing.description} />
        <p className="text-xs text-zinc-400">
          {listing.city && (
            <>
              <span className="font-semibold text-zinc-300">{listing.city}</span> ·{' '}
            </>
          )}
          Listed {listedOn.format(new Date(listing.createdAt))}
        </p>
        <Contact listing={listing} />
        {(listing.isOwn || isAdmin) && (
          <Suspense fallback={null}>
            <GearActions listing={listing} />
          </Suspense>
        )}
      </div>
      {overlay !== null && images[overlay] && (
        <Suspense fallback={null}>
          <ImageOverlay src={images[overlay]} alt={imageAlt(overlay)} onClose={() => setOverlay(null)} />
        </Suspense>
      )}
    </article>
  );
}

/**
 * Cut at about 100 characters at a word boundary (spec 1 §9); the whole text shows on hover
 * (title) and behind a More button, for touch screens, keyboards and screen readers.
 */
function Description({ text }: { text: string }) {
  const [isOpen, setOpen] = useState(false);
  const short = truncateAtWord(text, GEAR_DESCRIPTION_PREVIEW);
  const isCut = short !== text.trim();
  return (
    <div className="text-sm text-zinc-300">
      <p className="whitespace-pre-line break-words" title={isCut && !isOpen ? text : undefined}>
        {isOpen ? text : short}
      </p>
      {isCut && (
        <button type="button" className="mt-1 text-sm font-semibold text-brand-400 underline underline-offset-4" aria-expanded={isOpen} onClick={() => setOpen(!isOpen)}>
          {isOpen ? 'Less' : 'More'}
          <span className="sr-only"> of the description</span>
        </button>
      )}
    </div>
  );
}

/** Signed-in users see how to reach the seller; visitors are asked to log in (D21). */
function Contact({ listing }: { listing: GearListingView }) {
  if (!listing.contact) {
    return (
      <p className="rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm text-zinc-300">
        <Link to="/login" className="link font-semibold">
          Log in
        </Link>{' '}
        to see the seller&apos;s contact details.
      </p>
    );
  }
  const { email, phone } = listing.contact;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg border border-zinc-800 bg-zinc-950/60 px-3 py-2 text-sm">
      {email && (
        <>
          <dt className="text-zinc-400">Email</dt>
          <dd className="min-w-0 break-all">
            <a className="link" href={`mailto:${email}`}>
              {email}
            </a>
          </dd>
        </>
      )}
      {phone && (
        <>
          <dt className="text-zinc-400">Phone</dt>
          <dd>
            <a className="link" href={`tel:${phone.replace(/\D/g, '')}`}>
              {phone}
            </a>
          </dd>
        </>
      )}
    </dl>
  );
}
