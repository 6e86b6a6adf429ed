import type { BandSite } from '../../../core/public-pages.ts';
import { BandSiteView } from './band-site.tsx';

/** A made-up band, so the page shows every part of a band site whatever the scene has in it. */
const DEMO_BAND: BandSite = {
  id: 'demo',
  name: 'The Sample Sessions',
  slug: 'thesamplesessions',
  description: 'A four-piece indie rock band: this is what a band site on Marquee looks like.',
  bio: 'The Sample Sessions are not a real band. Every band on Marquee gets a site like this one on its own address, with its story, members, music, photos, links and upcoming shows, and fans can follow it to hear about new gigs.\n\nA band edits all of it from Manage Profile & Website on its dashboard.',
  performerType: 'Band',
  genres: ['Indie Rock', 'Alternative'],
  imageUrl: null,
  heroImageUrl: null,
  logoUrl: null,
  links: { instagram: null, facebook: null, youtube: null, spotify: null, website: null },
  youtubeEmbedUrl: null,
  spotifyEmbedUrl: null,
  contactEmail: null,
  contactPhone: null,
  members: [
    { name: 'Ada Lind', instrument: 'Vocals, guitar', instagramHandle: null },
    { name: 'Ben Ortiz', instrument: 'Bass', instagramHandle: null },
    { name: 'Cleo Park', instrument: 'Keys', instagramHandle: null },
    { name: 'Dev Rao', instrument: 'Drums', instagramHandle: null },
  ],
  gallery: [],
  customLinks: [],
  extraGigs: [],
  gigs: [],
};

/**
 * /test-band-website (spec 1 §2's route list; issue 34 item 17): a demo band site, for a band
 * deciding whether to make one and for anyone checking the template. Nothing on it is a real band.
 */
export function TestBandWebsitePage() {
  return (
    <>
      <p role="note" className="mx-auto mt-4 max-w-5xl rounded-lg border border-brand-500/40 bg-zinc-900 px-4 py-2 text-sm text-zinc-200">
        A demo band site: every band on Marquee gets one like it on its own address.
      </p>
      <BandSiteView band={DEMO_BAND} isDemo />
    </>
  );
}
