/**
 * `<marquee-gigs>` (issue 26): a band's, venue's, promoter's or region's upcoming gigs on anyone's
 * site, from one script tag. A custom element with its own shadow root: the host page's styles
 * cannot reach in and its own cannot leak out. Everything shown is built with textContent, never
 * parsed as HTML, and it fetches without cookies. Built to /embed.js by scripts/embed-build-plugin.ts.
 */
import { EMBED_CHECKOUT_MESSAGE, EMBED_CHECKOUT_PATH, EMBED_EMPTY_TEXT, EMBED_FILTERS, EMBED_LIMIT, EMBED_SLUG_PATTERN, EMBED_THEMES, embedLinkOf, type EmbedCheckoutMessage, type EmbedGig, type EmbedGigList } from '../core/embed.ts';
import { EMBED_OVERLAY_STYLES, EMBED_STYLES } from '../core/embed-styles.ts';

/** The Marquee that served this script: the gigs come from there. */
const scriptSrc = (document.currentScript as HTMLScriptElement | null)?.src ?? document.querySelector<HTMLScriptElement>('script[src$="/embed.js"]')?.src;
const MARQUEE = scriptSrc ? new URL(scriptSrc).origin : location.origin;

const HOST_STYLES = ':host{all:initial;display:block}:host([hidden]){display:none}';
/** How long the checkout overlay's page may take to say it is ready before the new tab is offered instead. */
const CHECKOUT_READY_MS = 15_000;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function newTabLink(href: string, className: string, label: string, hidden: string): HTMLAnchorElement {
  const link = element('a', className, label);
  link.href = href;
  link.target = '_blank';
  link.rel = 'noopener';
  link.append(element('span', 'sr', hidden));
  return link;
}

function gigItem(gig: EmbedGig): HTMLLIElement {
  const item = element('li');
  const when = element('div', 'when');
  const date = element('time', undefined, gig.date);
  date.dateTime = gig.startsAt;
  when.append(date, element('span', undefined, gig.time));
  const what = element('div', 'what');
  what.append(element('span', 'title', gig.title), element('span', 'where', gig.city ? `${gig.venue}, ${gig.city}` : gig.venue));
  const price = gig.isSoldOut ? 'Sold out' : gig.price;
  if (price) what.append(element('span', 'price', price));
  const go = embedLinkOf(gig);
  const link = newTabLink(go.href, go.className, go.label, go.hidden);
  const checkout = gig.ticketUrl ? checkoutFrameUrl(gig.ticketUrl) : null;
  if (checkout) {
    link.dataset.checkout = checkout;
    link.dataset.title = gig.title;
  }
  item.append(when, what, link);
  return item;
}

/** The overlay's page for a ticket link of this Marquee (decision 61): the same query, framed. */
function checkoutFrameUrl(ticketUrl: string): string | null {
  const url = new URL(ticketUrl);
  return url.origin === MARQUEE && url.pathname === '/tickets' ? `${MARQUEE}${EMBED_CHECKOUT_PATH}${url.search}` : null;
}

/** Only a plain primary click opens the overlay; a modifier or middle click keeps the link's new tab. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.ctrlKey && !event.metaKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;

/** The query for the element's attributes; null when they name nothing valid (then nothing is fetched). */
function queryOf(host: HTMLElement): URLSearchParams | null {
  const query = new URLSearchParams();
  let isNamed = false;
  for (const name of EMBED_FILTERS) {
    const value = host.getAttribute(name)?.trim();
    if (!value) continue;
    if (!EMBED_SLUG_PATTERN.test(value)) return null;
    query.set(name, value);
    isNamed = true;
  }
  if (!isNamed) return null;
  const limit = Number.parseInt(host.getAttribute('limit') ?? '', 10);
  query.set('limit', String(Number.isNaN(limit) ? EMBED_LIMIT.default : Math.min(EMBED_LIMIT.max, Math.max(EMBED_LIMIT.min, limit))));
  return query;
}

class MarqueeGigs extends HTMLElement {
  static observedAttributes = [...EMBED_FILTERS, 'limit', 'theme'];

  readonly #box = element('section', 'mq');
  /** The open checkout overlay, kept when the list is shown again. */
  #dialog: HTMLDialogElement | null = null;
  #loads = 0;
  #isScheduled = false;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    root.append(element('style', undefined, HOST_STYLES + EMBED_STYLES + EMBED_OVERLAY_STYLES), this.#box);
    this.#box.setAttribute('aria-label', 'Upcoming gigs');
    this.#box.addEventListener('click', (event) => {
      const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-checkout]');
      if (!link || !isPlainClick(event) || typeof HTMLDialogElement !== 'function') return;
      event.preventDefault();
      this.#openCheckout(link);
    });
  }

  /**
   * Decision 61: the checkout in a modal dialog over the host page, Marquee's page framed in it.
   * The dialog is the browser's own (showModal): it sits above the page, makes the rest inert and
   * closes on Escape; a key pressed inside the frame is passed on by the page as a message.
   */
  #openCheckout(link: HTMLAnchorElement) {
    const title = link.dataset.title ?? '';
    const dialog = element('dialog', 'ov');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-labelledby', 'ov-title');
    // "Tickets:" is heard, not shown: on a phone the bar keeps its room for the band's name.
    const heading = element('h2');
    heading.append(element('span', 'sr', 'Tickets: '), title);
    heading.id = 'ov-title';
    const close = element('button', 'x', 'Close');
    close.type = 'button';
    const bar = element('div', 'bar');
    bar.append(heading, newTabLink(link.href, 'tab', 'Open in a new tab', ''), close);
    const frame = element('iframe');
    frame.title = `Checkout for ${title}`;
    frame.src = link.dataset.checkout!;
    const note = element('p', 'note', 'The checkout could not open here. ');
    note.append(newTabLink(link.href, 'tab', 'Open it in a new tab', ` for ${title}`));
    note.hidden = true;
    dialog.append(bar, note, frame);

    const page = document.documentElement.style;
    const overflow = page.overflow;
    const timer = setTimeout(() => {
      note.hidden = false;
      frame.hidden = true;
    }, CHECKOUT_READY_MS);
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<EmbedCheckoutMessage> | null;
      if (event.source !== frame.contentWindow || event.origin !== MARQUEE || data?.type !== EMBED_CHECKOUT_MESSAGE) return;
      if (data.action === 'close') return dialog.close();
      // Ready, even late (a slow phone): the checkout shows after all.
      clearTimeout(timer);
      note.hidden = true;
      frame.hidden = false;
    };
    close.addEventListener('click', () => dialog.close());
    dialog.addEventListener('close', () => {
      clearTimeout(timer);
      removeEventListener('message', onMessage);
      page.overflow = overflow;
      dialog.remove();
      this.#dialog = null;
      link.focus();
    });
    addEventListener('message', onMessage);
    this.#dialog = dialog;
    this.#box.append(dialog);
    page.overflow = 'hidden';
    dialog.showModal();
    close.focus();
  }

  connectedCallback() {
    this.#applyTheme();
    this.#schedule();
  }

  attributeChangedCallback(name: string) {
    if (name === 'theme') this.#applyTheme();
    else if (this.isConnected) this.#schedule();
  }

  #applyTheme() {
    const theme = this.getAttribute('theme')?.trim().toLowerCase();
    if (theme && (EMBED_THEMES as readonly string[]).includes(theme)) this.#box.dataset.theme = theme;
    else delete this.#box.dataset.theme;
  }

  /** Several attributes set in one go make one request. */
  #schedule() {
    if (this.#isScheduled) return;
    this.#isScheduled = true;
    queueMicrotask(() => {
      this.#isScheduled = false;
      void this.#load();
    });
  }

  async #load() {
    const load = ++this.#loads;
    const query = queryOf(this);
    let gigs: EmbedGig[] = [];
    if (query) {
      this.#show([element('p', 'empty', 'Loading gigs…')]);
      try {
        const response = await fetch(`${MARQUEE}/api/embed/gigs?${query.toString()}`, { credentials: 'omit' });
        if (response.ok) gigs = ((await response.json()) as EmbedGigList).gigs;
      } catch {
        // Offline or blocked: the quiet empty line, no noise on the host page.
      }
    }
    if (load !== this.#loads) return;
    const list = element('ul');
    list.append(...gigs.map(gigItem));
    this.#show([gigs.length > 0 ? list : element('p', 'empty', EMBED_EMPTY_TEXT)]);
  }

  #show(content: HTMLElement[]) {
    const credit = element('p', 'credit', 'Gigs and tickets by ');
    const home = element('a', undefined, 'Marquee');
    home.href = `${MARQUEE}/`;
    home.target = '_blank';
    home.rel = 'noopener';
    credit.append(home);
    this.#box.replaceChildren(...content, credit, ...(this.#dialog ? [this.#dialog] : []));
  }
}

if (!customElements.get('marquee-gigs')) customElements.define('marquee-gigs', MarqueeGigs);
