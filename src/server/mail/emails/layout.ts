/**
 * The one layout every Marquee e-mail uses, and the few parts its bodies are made of (decision 45).
 * Written with createElement (`h`), not JSX: the server runs its .ts files as they are.
 *
 * Mail clients keep little CSS, so every style is inline (React Email writes it into each tag);
 * the page is dark text on a light background in any client, with a 16px body, underlined links
 * and contrast of 4.5:1 or more everywhere.
 */
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Html, Link, Section, Text } from '@react-email/components';

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const INK = '#18181b';
const MUTED = '#52525b';
const LINE = '#e4e4e7';
/** Amber 700: the brand's amber dark enough for text on white (5:1). */
const LINK = '#b45309';
const BRAND = '#fbbf24';

const styles = {
  body: { margin: 0, padding: '24px 0', backgroundColor: '#f4f4f5', color: INK, fontFamily: FONT },
  container: { maxWidth: '560px', padding: '0 12px' },
  wordmark: { margin: '0 0 12px', padding: '0 4px', fontSize: '20px', lineHeight: '28px', fontWeight: 800, letterSpacing: '0.06em', textTransform: 'uppercase', color: INK },
  card: { backgroundColor: '#ffffff', border: `1px solid ${LINE}`, borderTop: `4px solid ${BRAND}`, borderRadius: '12px', padding: '28px 28px 12px' },
  footer: { padding: '16px 4px 0' },
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: INK },
  fine: { margin: '0 0 12px', fontSize: '13px', lineHeight: '20px', color: MUTED },
  link: { color: LINK, textDecorationLine: 'underline' },
  fineLink: { color: MUTED, textDecorationLine: 'underline' },
  button: { display: 'inline-block', backgroundColor: BRAND, color: INK, fontSize: '16px', fontWeight: 700, lineHeight: '24px', padding: '12px 20px', borderRadius: '8px', textDecoration: 'none' },
  title: { margin: '0 0 8px', fontSize: '22px', lineHeight: '30px', fontWeight: 700, color: INK },
  subheading: { margin: '24px 0 8px', fontSize: '14px', lineHeight: '20px', fontWeight: 700, letterSpacing: '0.05em', textTransform: 'uppercase', color: LINK },
  list: { margin: '0 0 16px', paddingLeft: '20px', fontSize: '16px', lineHeight: '24px', color: INK },
  item: { margin: '0 0 6px' },
  quote: { margin: '0 0 16px', padding: '8px 16px', borderLeft: `4px solid ${LINE}`, fontSize: '16px', lineHeight: '24px', color: INK, whiteSpace: 'pre-wrap' },
} satisfies Record<string, CSSProperties>;

type Children = { children?: ReactNode };

/**
 * The whole e-mail: the Marquee header, the message on a white card, and the footer. `footer`
 * holds the e-mail's own small print (why it came, how to stop it), above Marquee's line.
 */
export function EmailLayout({ subject, footer, children }: Children & { subject: string; footer?: ReactNode }) {
  return h(
    Html,
    { lang: 'en', dir: 'ltr' },
    h(Head, null, h('title', null, subject), h('meta', { name: 'color-scheme', content: 'light' }), h('meta', { name: 'supported-color-schemes', content: 'light' })),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.container },
        h(Text, { style: styles.wordmark }, 'Marquee'),
        h(Section, { style: styles.card }, children),
        h(Section, { style: styles.footer }, footer, h(Text, { style: styles.fine }, 'Marquee · live music in your city')),
      ),
    ),
  );
}

/** A paragraph of the message. Write each run of text as one string, so React puts no `<!-- -->` inside. */
export const Paragraph = ({ children, style }: Children & { style?: CSSProperties }) => h(Text, { style: { ...styles.paragraph, ...style } }, children);

/** Small print: for the footer, or a quiet line in the message. */
export const FinePrint = ({ children }: Children) => h(Text, { style: styles.fine }, children);

/** A link in running text. `href` may be a secret placeholder: it is filled in at delivery. */
export const TextLink = ({ href, children, isQuiet = false }: Children & { href: string; isQuiet?: boolean }) => h(Link, { href, style: isQuiet ? styles.fineLink : styles.link }, children);

/** The e-mail's one main action, as a button. */
export const ButtonLink = ({ href, children }: Children & { href: string }) => h(Section, { style: { margin: '8px 0 24px' } }, h(Button, { href, style: styles.button }, children));

/** The heading of an e-mail that has sections (the digest). */
export const Title = ({ children }: Children) => h(Heading, { as: 'h1', style: styles.title }, children);

export const Subheading = ({ children }: Children) => h(Heading, { as: 'h2', style: styles.subheading }, children);

export const BulletList = ({ items }: { items: ReactNode[] }) => h('ul', { style: styles.list }, ...items.map((item) => h('li', { style: styles.item }, item)));

/** Words someone else wrote (a reason, a message), kept as typed, line breaks included. */
export const Quote = ({ children }: Children) => h('blockquote', { style: styles.quote }, children);

export const Strong = ({ children }: Children) => h('strong', null, children);
