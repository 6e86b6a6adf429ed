import { describe, expect, it } from 'vitest';
import { toPlainText } from '@react-email/render';
import { escapeHtml, fillSecrets, hideSecrets, secretPlaceholder, storedBody } from '../secrets.ts';
import { contactMessageEmail } from './contact-message.ts';
import { EMAIL_REGISTRY, renderEmailGallery } from './email-registry.ts';
import { passwordResetEmail } from './password-reset.ts';
import { bandBookedEmail, declineSecret } from './band-booked.ts';
import { venueOutreachEmail } from './venue-outreach.ts';

const PUBLIC_URL = 'https://marquee.test';
const gallery = await renderEmailGallery(PUBLIC_URL);

/**
 * What a subject names, which the body must name too: its capitalised words (the band, the venue,
 * the person, the date), leaving out the first word of each clause, and its figures ($15.00).
 */
const keyWords = (subject: string) =>
  subject.split(/:\s+/).flatMap((clause) =>
    clause
      .split(/[\s,()]+/)
      .slice(1)
      .filter((w) => /^\p{Lu}/u.test(w) || /\d/.test(w)),
  );

describe('every e-mail, rendered with its demo data (decision 45)', () => {
  it('has one entry per id, and all of them render', () => {
    expect(new Set(EMAIL_REGISTRY.map((e) => e.id)).size).toBe(EMAIL_REGISTRY.length);
    expect(gallery).toHaveLength(EMAIL_REGISTRY.length);
  });

  it.each(gallery.map((e) => [e.id, e]))('%s: a whole page in the layout, with its words, and nothing left unfilled', (_id, email) => {
    expect(email.subject.trim()).not.toBe('');
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('<html dir="ltr" lang="en">');
    expect(email.html).toContain(`<title>${escapeHtml(email.subject).replaceAll('&#39;', '&#x27;')}</title>`);
    expect(email.html).toContain('>Marquee</p>');
    const seen = toPlainText(email.html).toLowerCase();
    expect(keyWords(email.subject).length, email.subject).toBeGreaterThan(0);
    for (const word of keyWords(email.subject)) expect(seen, `"${word}" of the subject`).toContain(word.toLowerCase());
    expect(email.text.trim()).not.toBe('');
    for (const body of [email.html, email.text]) {
      expect(body).not.toContain('{{');
      expect(body).not.toMatch(/\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]/);
    }
    // Each run of words is one string: React put no separators inside sentences.
    expect(email.html).not.toContain('<!-- -->');
    // Every link leads somewhere: the demo secrets cover every placeholder.
    for (const [, href] of email.html.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:\/\/|mailto:)/);
  });

  it('the ticket shows its QR code in the preview, as a data: image', () => {
    const ticket = gallery.find((e) => e.id === 'ticket')!;
    expect(ticket.html).toMatch(/<img[^>]+alt="Ticket QR code"[^>]+src="data:image\/png;base64,|<img[^>]+src="data:image\/png;base64,[^"]+"[^>]+alt="Ticket QR code"/);
  });
});

describe('secret links survive rendering (issue 20)', () => {
  it('a placeholder in an href and in the text reaches the outbox in its stored form, and delivery fills it', async () => {
    const url = 'https://marquee.test/api/auth/reset-password/abc?callbackURL=https%3A%2F%2Fmarquee.test%2Fchoose&x=1';
    const mail = await passwordResetEmail({ url });
    const html = storedBody(mail.html);
    const text = storedBody(mail.text);
    expect(html).toContain('href="{{secret:link}}"');
    expect(text).toContain('{{secret:link}}');
    // Outbox readers see neither the link nor its placeholder's mark.
    expect(hideSecrets(html)).not.toContain(url);
    expect(hideSecrets(html)).not.toContain('{{');
    // Delivered: the real link, escaped once for the HTML attribute.
    expect(fillSecrets(html, mail.secrets, escapeHtml)).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
    expect(fillSecrets(text, mail.secrets)).toContain(url);
  });

  it('keeps a placeholder per line of a list (each gig its own decline link)', async () => {
    const html = storedBody((await bandBookedEmail({ bandName: 'A', venueName: 'B', venueAddress: null, gigs: ['one', 'two'], dashboardUrl: 'https://marquee.test/dashboard' })).html);
    expect(html).toContain(`href="{{secret:${declineSecret(0)}}}"`);
    expect(html).toContain(`href="{{secret:${declineSecret(1)}}}"`);
  });

  it('a button keeps its placeholder too', async () => {
    const band = { name: 'A', genres: [], email: 'a@b.test', phone: null, website: null, yearsActive: null, performanceStyle: null, members: [], followers: 0, siteUrl: 'https://a.marquee.test', pastGigs: [], upcomingGigs: [] };
    const html = storedBody((await venueOutreachEmail({ kind: 'booking', band, venueName: 'V', locationName: 'Chicago' })).html);
    expect(html).toContain('href="{{secret:respond}}"');
    expect(html).toContain('href="{{secret:optout}}"');
  });

  it('words a person typed are escaped, and a placeholder they typed is never filled', async () => {
    const mail = await contactMessageEmail({ name: '<b>Sam</b>', email: 'sam@fan.test', message: `Click ${'{{secret:link}}'} or ${secretPlaceholder('link').replace(/:[0-9a-f]+}}$/, ':0}}')} <script>alert(1)</script>` });
    const html = storedBody(mail.html);
    expect(html).toContain('&lt;b&gt;Sam&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('<script>');
    expect(fillSecrets(html, { link: 'https://secret.test' }, escapeHtml)).not.toContain('https://secret.test');
    expect(fillSecrets(storedBody(mail.text), { link: 'https://secret.test' })).not.toContain('https://secret.test');
  });
});
