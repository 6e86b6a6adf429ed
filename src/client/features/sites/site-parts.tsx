import { useState } from 'react';

const LABELS: Record<string, string> = {
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  spotify: 'Spotify',
  website: 'Website',
};

/** The profile's social and website links, only those it has. */
export function SocialLinks({ links, name }: { links: Record<string, string | null>; name: string }) {
  const present = Object.entries(links).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (present.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`${name} elsewhere`}>
      {present.map(([key, url]) => (
        <li key={key}>
          <a href={url} target="_blank" rel="noopener noreferrer" className="btn-secondary px-3 py-1.5">
            {LABELS[key] ?? key}
            <span className="sr-only"> of {name} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Not-found pages of the spec: a heading and a sentence, e.g. 'Band not found - Sorry, …'. */
export function NotFoundNotice({ title, text }: { title: string; text?: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-4xl font-bold">{title}</h1>
      {text && <p className="mt-3 text-lg text-zinc-300">{text}</p>}
    </div>
  );
}

/** The gallery block of band and promoter sites: one large photo and the others to pick. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const [main, setMain] = useState(0);
  if (images.length === 0) return null;
  return (
    <section aria-labelledby="gallery-heading" className="card">
      <h2 id="gallery-heading" className="text-2xl font-bold">
        Gallery
      </h2>
      <img src={images[main]} alt={`${name}, photo ${main + 1} of ${images.length}`} className="mt-4 aspect-video w-full rounded-xl object-cover" />
      {images.length > 1 && (
        <ul className="mt-3 grid grid-cols-5 gap-2">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setMain(i)}
                aria-pressed={i === main}
                aria-label={`Show photo ${i + 1}`}
                className="block w-full overflow-hidden rounded-lg ring-brand-400 aria-pressed:ring-2"
              >
                <img src={src} alt="" className="aspect-video w-full object-cover" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
