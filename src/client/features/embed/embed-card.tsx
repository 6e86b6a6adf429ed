import { usePublicConfig } from '../../lib/config.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { EmbedFilter, EmbedTheme } from '../../../core/embed.ts';
import { useCopy } from '../../lib/use-copy.ts';

/** The dashboards whose gigs a widget can show, and the attribute that names each (issue 26). */
const FILTER_BY_ROLE = { band: 'band', venue: 'venue', promoter: 'promoter' } as const satisfies Record<string, EmbedFilter>;
export type EmbedRole = keyof typeof FILTER_BY_ROLE;

type ThemeChoice = EmbedTheme | 'auto';

function scriptSnippet(origin: string, filter: EmbedFilter, slug: string, theme: ThemeChoice): string {
  const themeAttribute = theme === 'auto' ? '' : ` theme="${theme}"`;
  return `<script src="${origin}/embed.js" async></script>\n<marquee-gigs ${filter}="${slug}"${themeAttribute}></marquee-gigs>`;
}

function iframeSnippet(origin: string, filter: EmbedFilter, slug: string, theme: ThemeChoice): string {
  const query = new URLSearchParams({ [filter]: slug, ...(theme === 'auto' ? {} : { theme }) });
  return [
    `<iframe id="marquee-gigs" src="${origin}/embed/gigs?${query.toString()}" title="Upcoming gigs" style="width:100%;height:420px;border:0" loading="lazy"></iframe>`,
    '<script type="module">',
    `  import { initialize } from "${origin}/embed/iframe-resizer.js";`,
    '  initialize({}, "#marquee-gigs");',
    '</script>',
  ].join('\n');
}

/** Loads /embed.js into Marquee's own page once, for the preview (the same script other sites load). */
function useEmbedScript(isWanted: boolean) {
  useEffect(() => {
    if (!isWanted || document.querySelector('script[data-marquee-embed]')) return;
    const script = document.createElement('script');
    script.src = '/embed.js';
    script.async = true;
    script.dataset.marqueeEmbed = '';
    document.head.append(script);
  }, [isWanted]);
}

function Snippet({ title, hint, code }: { title: string; hint: string; code: string }) {
  const id = useId();
  const { copied, copy } = useCopy();
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <button type="button" className="btn-secondary max-sm:min-h-11" onClick={() => void copy(code)} aria-describedby={`${id}-title`}>
          Copy
        </button>
      </div>
      <p className="text-sm text-zinc-400">{hint}</p>
      <pre className="overflow-x-auto rounded-lg border border-zinc-700 bg-zinc-950 p-3 text-xs leading-relaxed" aria-labelledby={`${id}-title`} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <p className="text-sm text-zinc-400" role="status">
        {copied === 'yes' ? 'Copied. Paste it into your site.' : copied === 'no' ? 'Your browser did not allow copying: select the code and copy it.' : ''}
      </p>
    </div>
  );
}

/**
 * Issue 26, on band, venue and promoter dashboards: the two ways to show your upcoming gigs on your
 * own site (a script tag, or an iframe for sites that allow no scripts), each ready to copy, and the
 * real widget showing what they will show.
 */
export function EmbedCard({ role, slug }: { role: EmbedRole; slug: string }) {
  const filter = FILTER_BY_ROLE[role];
  // Issue 35: the site's own address (PUBLIC_URL), never the browser's (an admin's tunnel, a preview host).
  const { data: config } = usePublicConfig();
  const origin = config?.publicUrl.replace(/\/$/, '') ?? null;
  const [theme, setTheme] = useState<ThemeChoice>('auto');
  // Shown on request: a dashboard visit does not load the widget and its list for nothing.
  const [isPreviewShown, setIsPreviewShown] = useState(false);
  useEmbedScript(isPreviewShown);
  const preview = useRef<HTMLDivElement>(null);
  const themeId = useId();
  const previewId = useId();

  useEffect(() => {
    if (!isPreviewShown) return;
    const widget = document.createElement('marquee-gigs');
    widget.setAttribute(filter, slug);
    if (theme !== 'auto') widget.setAttribute('theme', theme);
    preview.current?.replaceChildren(widget);
  }, [isPreviewShown, filter, slug, theme]);

  return (
    <section className="card space-y-5" aria-labelledby="embed-heading">
      <div>
        <h2 id="embed-heading" className="text-xl font-semibold">
          Embed your gigs
        </h2>
        <p className="text-sm text-zinc-400">
          Show your upcoming gigs on your own website, with a Buy Tickets button for each show sold on Marquee. Paste one of these where the list should
          appear; it updates itself when your gigs change.
        </p>
      </div>
      <div className="max-w-xs space-y-1">
        <label htmlFor={themeId} className="text-sm font-medium">
          Colours
        </label>
        <select id={themeId} className="field-input" value={theme} onChange={(e) => setTheme(e.target.value as ThemeChoice)}>
          <option value="auto">Follow the reader's light or dark setting</option>
          <option value="light">Always light</option>
          <option value="dark">Always dark</option>
        </select>
      </div>
      <Snippet title="Script (most websites)" hint="Two lines: the script loads once, the element shows the list." code={origin ? scriptSnippet(origin, filter, slug, theme) : 'Loading…'} />
      <Snippet
        title="Iframe (sites that allow no scripts)"
        hint="The iframe alone works anywhere; the script below it, where allowed, lets the frame grow to fit the list."
        code={origin ? iframeSnippet(origin, filter, slug, theme) : 'Loading…'}
      />
      <div className="space-y-3">
        <button type="button" className="btn-secondary max-sm:min-h-11" aria-expanded={isPreviewShown} aria-controls={previewId} onClick={() => setIsPreviewShown((shown) => !shown)}>
          {isPreviewShown ? 'Hide preview' : 'Show preview'}
        </button>
        <div id={previewId} ref={preview} hidden={!isPreviewShown} data-testid="embed-preview" />
      </div>
    </section>
  );
}
