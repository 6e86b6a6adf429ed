/** A secret's place in an e-mail body; its value lives in the outbox row's `secrets`, never in the body. */
export const secretPlaceholder = (key: string) => `{{secret:${key}}}`;

const PLACEHOLDER = /\{\{secret:([a-zA-Z0-9_]+)\}\}/g;

/** The body as the recipient receives it. */
export function fillSecrets(body: string, secrets: Record<string, string> | null | undefined, escape = (v: string) => v): string {
  return body.replace(PLACEHOLDER, (whole, key: string) => (secrets?.[key] === undefined ? whole : escape(secrets[key])));
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const HIDDEN_SECRET = '[link hidden]';

/** The body as an outbox reader sees it. */
export function hideSecrets(body: string): string {
  return body.replace(PLACEHOLDER, HIDDEN_SECRET);
}
