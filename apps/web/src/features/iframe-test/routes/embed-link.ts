export const defaultEmbedLink = '/iframe/select-region';

/**
 * The page to embed, from the `link` query parameter. Only a path on this site is accepted
 * (a relative link starting with one "/"), so the test page cannot be made to frame another
 * origin or run a javascript: URL. Returns null for a rejected link.
 */
export function parseEmbedLink(raw: string | null, origin: string): string | null {
  if (raw === null || raw.trim() === '') return defaultEmbedLink;
  const link = raw.trim();
  if (!link.startsWith('/') || link.startsWith('//') || link.includes('\\')) return null;
  try {
    const url = new URL(link, origin);
    if (url.origin !== origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
