import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { apiFetch } from '../../lib/api.ts';
import { EmptyState, LoadingImage, PageHeading } from '../../components/ui/states.tsx';
import { CardImage } from './card-parts.tsx';
import { truncateAtWord } from '../../../core/text.ts';
import { withHttps } from './with-https.ts';
import { useTitle } from '../../lib/use-title.ts';

/** Spec 1 §9: rehearsal descriptions are cut at 100 characters. */
const DESCRIPTION_LIMIT = 100;

type RehearsalSpace = {
  id: string;
  name: string;
  address: string;
  phone: string | null;
  contactEmail: string | null;
  website: string | null;
  description: string | null;
  imageUrl: string | null;
  regionName: string;
};

async function fetchSpaces(): Promise<RehearsalSpace[]> {
  try {
    return (await apiFetch<{ spaces: RehearsalSpace[] }>('/api/rehearsal-spaces')).spaces;
  } catch (error) {
    // Spec 1 §8: a loading failure is only logged; the page shows its empty state.
    console.error('Failed to load rehearsal spaces', error);
    return [];
  }
}

/** Rehearsal-space directory (/rehearsal-space, spec 1 §2). */
export function RehearsalSpacePage() {
  useTitle('Rehearsal Spaces');
  const { data: spaces = [], isPending } = useQuery({ queryKey: ['rehearsal-spaces'], queryFn: fetchSpaces });
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title="Rehearsal Spaces" subtitle="Find a space to rehearse: rooms with backline, lockouts and studios near you." />
      {isPending ? (
        <LoadingImage label="Loading rehearsal spaces…" />
      ) : spaces.length === 0 ? (
        <EmptyState>
          <p className="text-lg font-semibold text-zinc-100">No rehearsal spaces yet</p>
          <Link to="/register" className="btn-primary mt-4">
            Register Your Space
          </Link>
        </EmptyState>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {spaces.map((space) => (
            <li key={space.id}>
              <RehearsalSpaceCard space={space} />
            </li>
          ))}
        </ul>
      )}
      <section aria-labelledby="own-space-heading" className="mt-16 rounded-2xl border border-zinc-800 bg-gradient-to-br from-zinc-900 to-zinc-950 p-8 text-center">
        <h2 id="own-space-heading" className="font-display text-3xl">
          Own a Rehearsal Space?
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-zinc-300">List it free on Marquee and let local bands find you.</p>
        <Link to="/register" className="btn-primary mt-5 px-6 py-3 text-base">
          List your space
        </Link>
      </section>
    </div>
  );
}

function RehearsalSpaceCard({ space }: { space: RehearsalSpace }) {
  const forSpace = <span className="sr-only"> {space.name}</span>;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-zinc-800 bg-zinc-900 shadow-lg shadow-black/20">
      <CardImage src={space.imageUrl} tone="cool" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-bold text-white">{space.name}</h2>
        <p className="text-sm text-zinc-300">{space.address}</p>
        {space.description && <p className="text-sm text-zinc-300">{truncateAtWord(space.description, DESCRIPTION_LIMIT)}</p>}
        <p className="text-sm text-zinc-400">
          <span className="font-semibold text-zinc-300">Location:</span> {space.regionName}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-3">
          {space.phone && (
            <ActionLink href={`tel:${space.phone.replace(/[^\d+]/g, '')}`}>
              Call{forSpace}
            </ActionLink>
          )}
          {space.contactEmail && (
            <ActionLink href={`mailto:${space.contactEmail}`}>
              Email{forSpace}
            </ActionLink>
          )}
          {space.website && (
            <ActionLink href={withHttps(space.website)} isExternal>
              Website{forSpace}
            </ActionLink>
          )}
        </div>
      </div>
    </article>
  );
}

function ActionLink({ href, isExternal = false, children }: { href: string; isExternal?: boolean; children: ReactNode }) {
  return (
    <a href={href} className="btn-secondary" {...(isExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
      {children}
      {isExternal && <span className="sr-only"> (opens in a new tab)</span>}
    </a>
  );
}
