import { describe, expect, it } from 'vitest';
import { renderPageHead } from './render-page-head.ts';

const TEMPLATE = '<html><head><title>Marquee</title><meta name="description" content="x" /></head><body></body></html>';

describe('page head (D17)', () => {
  it('replaces the title and description and adds preview tags and JSON-LD', () => {
    const html = renderPageHead(
      TEMPLATE,
      { title: 'Salt & Static | Marquee', description: 'Loud "post-punk"', canonical: 'http://saltandstatic.localhost:3000/', image: 'http://localhost:3000/files/a.jpg', jsonLd: [{ '@type': 'MusicEvent', name: 'x' }] },
      'http://localhost:3000',
    );
    expect(html).toContain('<title>Salt &amp; Static | Marquee</title>');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Loud &quot;post-punk&quot;" />');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/files/a.jpg" />');
    expect(html).toContain('<script type="application/ld+json">{"@type":"MusicEvent","name":"x"}</script>');
  });

  it('never lets data close the JSON-LD script block', () => {
    const html = renderPageHead(TEMPLATE, { title: 't', description: 'd', canonical: 'c', jsonLd: [{ name: '</script><script>alert(1)</script>' }] }, 'http://x');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it('marks subdomain sites so the client shows the site and links home absolutely', () => {
    const html = renderPageHead(TEMPLATE, { title: 't', description: 'd', canonical: 'c', siteSlug: 'band' }, 'http://localhost:3000');
    expect(html).toContain('<meta name="marquee-site" content="band" />');
    expect(html).toContain('<meta name="marquee-main" content="http://localhost:3000" />');
  });
});
