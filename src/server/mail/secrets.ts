import { randomBytes } from 'node:crypto';

/**
 * Issue 20: the mark of this process's templates. A template names a secret as
 * {{secret:key:mark}}; text a user typed cannot carry the mark, so it can never name a secret.
 */
const TEMPLATE_MARK = randomBytes(12).toString('hex');

/** A secret's place in an e-mail body; its value lives in the outbox row's `secrets`, never in the body. */
export const secretPlaceholder = (key: string) => `{{secret:${key}:${TEMPLATE_MARK}}}`;

/** A placeholder as the outbox keeps it. */
const PLACEHOLDER = /\{\{secret:([a-zA-Z0-9_]+)\}\}/g;
/** Anything that looks like a placeholder in a body just rendered: a template's (marked), or typed. */
const RENDERED = /\{\{secret:([a-zA-Z0-9_]+)(?::([0-9a-f]*))?\}\}/g;

/**
 * A body as the outbox keeps it: each template placeholder in its stored form, and anything a
 * user typed that looks like one made inert (a zero-width space after the braces), so it is
 * delivered as typed and never filled.
 */
export function storedBody(rendered: string): string {
  return rendered.replace(RENDERED, (whole, key: string, mark: string | undefined) => (mark === TEMPLATE_MARK ? `{{secret:${key}}}` : whole.replace('{{', '{{\u200B')));
}

/** The stored body as the recipient receives it. */
export function fillSecrets(body: string, secrets: Record<string, string> | null | undefined, escape = (v: string) => v): string {
  return body.replace(PLACEHOLDER, (whole, key: string) => (secrets?.[key] === undefined ? whole : escape(secrets[key])));
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const HIDDEN_SECRET = '[link hidden]';

/** The stored body as an outbox reader sees it. */
export function hideSecrets(body: string): string {
  return body.replace(PLACEHOLDER, HIDDEN_SECRET);
}
