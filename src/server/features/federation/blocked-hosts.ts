/**
 * Decision 56: whether a host is blocked (FEDERATION_BLOCKED_HOSTS): a listed name blocks itself
 * and every name under it, as a domain block does on Mastodon (`*.name` is read as `name`).
 */
export function isBlockedHost(blocked: readonly string[], host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  return blocked.some((entry) => {
    const domain = entry.replace(/^\*\./, '');
    return name === domain || name.endsWith(`.${domain}`);
  });
}
