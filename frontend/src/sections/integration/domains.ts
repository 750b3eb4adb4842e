const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** A DNS name of two or more labels, or localhost; IP addresses are refused (as the server's domains.Normalize). */
export function isDomainName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost') return true;
  if (name.startsWith('[') || /^[\d.]+$/.test(name)) return false;
  const labels = name.split('.');
  return labels.length >= 2 && name.length <= 253 && labels.every((label) => LABEL.test(label));
}

/**
 * Turns what a user pastes (a URL, a host with a trailing dot or a port) into a lower-case host name,
 * or null when it is not one.
 */
export function normalizeDomain(input: string): string | null {
  let text = input.trim().toLowerCase();
  if (!text) return null;
  if (text.includes('://')) {
    try {
      text = new URL(text).hostname;
    } catch {
      return null;
    }
  }
  text = text.replace(/\/.*$/, '').replace(/:\d+$/, '').replace(/\.$/, '');
  return isDomainName(text) ? text : null;
}

/** True when host is one of the domains or a name below one (as the server's domains.Allowed). */
export function isOnDomains(host: string, domains: readonly string[]): boolean {
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

export const MAX_DOMAINS = 50;
