const HOST_NAME = /^(?=.{1,253}$)(?!-)([a-z0-9-]{1,63}(?<!-)\.)+[a-z]{2,63}$/;

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
  return HOST_NAME.test(text) ? text : null;
}

export const MAX_DOMAINS = 50;
