import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { siteUrl } from '../../../core/site-urls.ts';
import { MainSiteLink } from '../../components/main-site-link.tsx';
import { TicketButton } from '../gigs/ticket-button.tsx';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { ReactNode } from 'react';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { usePublicConfig } from '../../lib/config.ts';
import { Gallery, NotFoundNotice, SocialLinks } from './site-parts.tsx';
import { youtubeEmbedUrl, youtubeVideoId } from '../../../core/embeds.ts';
import type { PromoterSite } from '../../../core/public-pages.ts';
import { useTitle } from '../../lib/use-title.ts';

export type { PromoterSite };

/** The promoter's mini-site (spec 1 §2 Public promoter site). */
export function PromoterSiteView({ promoter, publicUrl }: { promoter: PromoterSite; publicUrl: string }) {
  useTitle(promoter.name);
  const videoId = youtubeVideoId(promoter.videoUrl);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="grid gap-8 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-center">
        {promoter.imageUrl ? (
          <img src={promoter.imageUrl} alt={promoter.name} className="aspect-video w-full rounded-2xl object-cover" />
        ) : (
          <div aria-hidden="true" className="aspect-video w-full rounded-2xl bg-gradient-to-br from-brand-600 to-fuchsia-800" />
        )}
        <div className="space-y-4">
          <span className="inline-block rounded-full bg-brand-400 px-3 py-1 text-xs font-bold uppercase tracking-wide text-zinc-950">Music Promoter</span>
          <h1 className="font-display text-5xl">{promoter.name}</h1>
          {promoter.description && <p className="whitespace-pre-line text-lg text-zinc-200">{promoter.description}</p>}
          <ul className="space-y-1">
            {promoter.email && (
              <li>
                <a href={`mailto:${promoter.email}`} className="link">
                  {promoter.email}
                </a>
              </li>
            )}
            {promoter.phone && (
              <li>
                <a href={`tel:${promoter.phone}`} className="link">
                  {promoter.phone}
                </a>
              </li>
            )}
          </ul>
          <SocialLinks links={promoter.links} name={promoter.name} />
        </div>
      </section>

      {(promoter.gallery.length > 0 || videoId) && (
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <Gallery images={promoter.gallery} name={promoter.name} />
          {videoId && (
            <section aria-labelledby="video-heading" className="card">
              <h2 id="video-heading" className="text-2xl font-bold">
                Watch
              </h2>
              <iframe
                title={`${promoter.name} on YouTube`}
                src={youtubeEmbedUrl(videoId)}
                className="mt-4 aspect-video w-full rounded-xl"
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            </section>
          )}
        </div>
      )}

      <section aria-labelledby="events-heading" className="mt-12">
        <h2 id="events-heading" className="text-3xl font-bold">
          Upcoming events
        </h2>
        {promoter.gigs.length === 0 ? (
          <p className="mt-4 text-lg text-zinc-300">No upcoming events currently scheduled. Check back soon for new shows!</p>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {promoter.gigs.map((gig) => (
              <li key={gig.id} className="card flex flex-col gap-1.5">
                <p className="font-semibold text-brand-400">{formatLocalDate(gig.localDate)}</p>
                <p className="text-sm text-zinc-300">{formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}</p>
                <h3 className="text-xl font-bold">
                  {gig.band ? (
                    <a href={siteUrl(publicUrl, gig.band.slug)} className="hover:text-brand-400">
                      {gig.band.name}
                    </a>
                  ) : (
                    'TBA'
                  )}
                </h3>
                <p>
                  <MainSiteLink to={`/venue/${gig.venue.slug}`} className="link">
                    {gig.venue.name}
                  </MainSiteLink>
                </p>
                {gig.coverCharge && <p className="text-sm text-zinc-300">Cover: {gig.coverCharge}</p>}
                <TicketButton gig={gig} label="Tickets" className="btn-primary mt-2" />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function PromoterSiteBySlug({ slug, notFound }: { slug: string; notFound: ReactNode }) {
  const { data: config } = usePublicConfig();
  const { data, isPending, error } = useQuery({
    queryKey: ['promoter-site', slug],
    queryFn: () => apiFetch<{ promoter: PromoterSite }>(`/api/promoters/site?${new URLSearchParams({ slug })}`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  if (isPending || !config) return <LoadingImage />;
  if (error || !data) return notFound;
  return <PromoterSiteView promoter={data.promoter} publicUrl={config.publicUrl} />;
}

/** /promoter/{slug}: the promoter's site on the main domain; an unknown slug says so (spec 1 §2, §8). */
export function PromoterSitePage() {
  const { slug = '' } = useParams();
  return <PromoterSiteBySlug slug={slug} notFound={<NotFoundNotice title="Promoter not found." />} />;
}

/** {slug}.{public host} when its head announces a promoter (the router decides): as SubdomainSite shows it. */
export function PromoterSubdomainSite({ slug }: { slug: string }) {
  return <PromoterSiteBySlug slug={slug} notFound={<NotFoundNotice title="Page not found" text="Sorry, that page doesn't exist here." />} />;
}
