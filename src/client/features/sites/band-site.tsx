import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { formatLocalDate, formatTimeRange } from '../../../core/time.ts';
import { spotifyEmbedUrl, youtubeEmbedUrl, youtubeThumbnailUrl, youtubeVideoId } from '../../../core/embeds.ts';
import { LoadingImage } from '../../components/ui/states.tsx';
import { ApiError, apiFetch } from '../../lib/api.ts';
import { MainSiteLink } from '../../components/main-site-link.tsx';
import { TicketButton } from '../gigs/ticket-button.tsx';
import { FollowForm } from '../followers/follow-form.tsx';
import type { PublicGig } from '../gigs/types.ts';
import { Gallery, NotFoundNotice, SocialLinks } from './site-parts.tsx';
import type { BandSite } from '../../../core/public-pages.ts';
import { useTitle } from '../../lib/use-title.ts';

export type { BandSite };

function GigRow({ gig }: { gig: PublicGig }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold text-brand-400">{formatLocalDate(gig.localDate)}</p>
        <p className="text-sm text-zinc-300">{formatTimeRange(gig.localDate, gig.startTime, gig.endTime, gig.timeZone)}</p>
        <p>
          <MainSiteLink to={`/venue/${gig.venue.slug}`} className="link">
            {gig.venue.name}
          </MainSiteLink>
          <span className="block text-sm text-zinc-400">{gig.venue.address}</span>
        </p>
        {gig.coverCharge && <p className="text-sm text-zinc-300">Cover: {gig.coverCharge}</p>}
      </div>
      <TicketButton gig={gig} label="Tickets" />
    </li>
  );
}

/** Marquee's own gigs and the shows the band lists itself, in one list by date (today or later). */
function UpcomingShows({ band }: { band: BandSite }) {
  const shows = [
    ...band.gigs.map((gig) => ({ kind: 'gig' as const, date: gig.localDate, gig })),
    ...band.extraGigs.map((extra) => ({ kind: 'extra' as const, date: extra.localDate, extra })),
  ].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <section aria-labelledby="shows-heading" className="card">
      <h2 id="shows-heading" className="text-2xl font-bold">
        Upcoming shows
      </h2>
      {band.gigs.length === 0 && band.extraGigs.length === 0 ? (
        <p className="mt-3 text-zinc-300">No upcoming shows right now. Follow {band.name} to hear about the next one.</p>
      ) : (
        <ul className="mt-4 divide-y divide-zinc-800">
          {shows.map((show) =>
            show.kind === 'gig' ? (
              <GigRow key={show.gig.id} gig={show.gig} />
            ) : (
              <li key={`${show.extra.localDate}-${show.extra.venueName}`} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-semibold text-brand-400">{formatLocalDate(show.extra.localDate)}</p>
                  <p>{show.extra.venueName}</p>
                </div>
                {show.extra.ticketUrl && (
                  <a href={show.extra.ticketUrl} className="btn-secondary" target="_blank" rel="noopener noreferrer">
                    Advance tickets<span className="sr-only"> for {show.extra.venueName} (opens in a new tab)</span>
                  </a>
                )}
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

/** The band's public site (spec 1 §2): on its subdomain, or at /band/{bandName}. */
export function BandSiteView({ band, isDemo = false }: { band: BandSite; isDemo?: boolean }) {
  useTitle(band.name);
  const videoId = youtubeVideoId(band.links.youtube) ?? youtubeVideoId(band.youtubeEmbedUrl);
  const embedId = youtubeVideoId(band.youtubeEmbedUrl) ?? videoId;
  const spotify = spotifyEmbedUrl(band.spotifyEmbedUrl);
  return (
    <div>
      <section className="relative isolate overflow-hidden bg-zinc-900">
        {band.heroImageUrl && <img src={band.heroImageUrl} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover opacity-50" />}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-zinc-950 via-zinc-950/60 to-transparent" />
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 pb-10 pt-24 sm:pt-40">
          {band.logoUrl && <img src={band.logoUrl} alt={`${band.name} logo`} className="h-20 w-auto self-start rounded-lg bg-zinc-950/50 p-2" />}
          <p className="text-sm font-bold uppercase tracking-widest text-brand-400">{band.performerType}</p>
          <h1 className="font-display text-5xl sm:text-7xl">{band.name}</h1>
          {band.genres.length > 0 && <p className="text-lg text-zinc-200">{band.genres.join(' / ')}</p>}
          <SocialLinks links={band.links} name={band.name} />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="space-y-6">
          <section aria-labelledby="about-heading" className="card">
            <h2 id="about-heading" className="text-2xl font-bold">
              About
            </h2>
            <p className="mt-3 whitespace-pre-line text-zinc-200">{band.bio || band.description || 'No bio available.'}</p>
          </section>
          <UpcomingShows band={band} />
          {band.members.length > 0 && (
            <section aria-labelledby="members-heading" className="card">
              <h2 id="members-heading" className="text-2xl font-bold">
                Band members
              </h2>
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {band.members.map((m) => (
                  <li key={`${m.name}-${m.instrument}`} className="rounded-xl bg-zinc-950/60 p-3">
                    <p className="font-semibold">{m.name}</p>
                    <p className="text-sm text-zinc-400">{m.instrument}</p>
                    {m.instagramHandle && (
                      <a href={`https://instagram.com/${m.instagramHandle.replace(/^@/, '')}`} className="link text-sm" target="_blank" rel="noopener noreferrer">
                        @{m.instagramHandle.replace(/^@/, '')}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <Gallery images={band.gallery} name={band.name} />
          {embedId && (
            <section aria-labelledby="video-heading" className="card">
              <h2 id="video-heading" className="text-2xl font-bold">
                Watch
              </h2>
              {videoId && band.links.youtube && (
                <a href={band.links.youtube} target="_blank" rel="noopener noreferrer" className="relative mt-4 block overflow-hidden rounded-xl">
                  <img src={youtubeThumbnailUrl(videoId)} alt={`Video of ${band.name} on YouTube`} className="aspect-video w-full object-cover" loading="lazy" />
                  <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-6xl text-white drop-shadow">
                    ▶
                  </span>
                </a>
              )}
              <iframe
                title={`${band.name} on YouTube`}
                src={youtubeEmbedUrl(embedId)}
                className="mt-4 aspect-video w-full rounded-xl"
                loading="lazy"
                allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
                allowFullScreen
              />
            </section>
          )}
          {spotify && (
            <section aria-labelledby="listen-heading" className="card">
              <h2 id="listen-heading" className="text-2xl font-bold">
                Listen
              </h2>
              <iframe title={`${band.name} on Spotify`} src={spotify} className="mt-4 h-96 w-full rounded-xl" loading="lazy" allow="encrypted-media" />
            </section>
          )}
        </div>

        {/* On a phone the fan who came to follow finds the form right under the hero. */}
        <aside className="order-first space-y-6 lg:order-none">
          <section aria-labelledby="follow-heading" className="card">
            <h2 id="follow-heading" className="text-xl font-bold">
              Follow {band.name}
            </h2>
            {isDemo ? (
              <p className="mt-3 text-sm text-zinc-300">On a real band's site, fans follow here to hear about its next gigs by e-mail.</p>
            ) : (
              <>
                <div className="mt-3">
                  <FollowForm bandId={band.id} bandName={band.name} variant="panel" />
                </div>
                <a href={`/calendar/band/${band.slug}.ics`} className="link mt-2 inline-block text-sm">
                  Subscribe to calendar
                </a>
              </>
            )}
          </section>
          {(band.contactEmail || band.contactPhone) && (
            <section aria-labelledby="contact-heading" className="card">
              <h2 id="contact-heading" className="text-xl font-bold">
                Contact
              </h2>
              <ul className="mt-3 space-y-2">
                {band.contactEmail && (
                  <li>
                    <a href={`mailto:${band.contactEmail}`} className="link break-all">
                      {band.contactEmail}
                    </a>
                  </li>
                )}
                {band.contactPhone && (
                  <li>
                    <a href={`tel:${band.contactPhone}`} className="link">
                      {band.contactPhone}
                    </a>
                  </li>
                )}
              </ul>
            </section>
          )}
          {band.customLinks.length > 0 && (
            <section aria-labelledby="links-heading" className="card">
              <h2 id="links-heading" className="text-xl font-bold">
                Links
              </h2>
              <ul className="mt-3 space-y-2">
                {band.customLinks.map((l) => (
                  <li key={l.url}>
                    <a href={l.url} className="link" target="_blank" rel="noopener noreferrer">
                      {l.label}
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </aside>
      </div>
    </div>
  );
}

/** /band/{bandName}: the band from navigation state (bandId), else by name matching. */
export function BandSitePage() {
  const { bandName = '' } = useParams();
  const location = useLocation();
  const stateId = (location.state as { bandId?: string } | null)?.bandId;
  const { data, isPending, error } = useQuery({
    queryKey: ['band-site', stateId ?? '', bandName],
    queryFn: () => apiFetch<{ band: BandSite }>(`/api/bands/site?${new URLSearchParams({ name: bandName, ...(stateId ? { id: stateId } : {}) })}`),
    retry: (count, err) => !(err instanceof ApiError && err.status === 404) && count < 1,
  });
  if (isPending) return <LoadingImage />;
  if (error || !data) return <NotFoundNotice title="Band not found" text="Sorry, that band doesn't exist here." />;
  return <BandSiteView band={data.band} />;
}
