import { useLocation } from 'react-router';

/**
 * Query parameters carried over on every internal link
 * (docs/product/README.md#web-app-conventions).
 */
export const preservedQueryKeys = ['kioskMode', 'regionSlug'] as const;

/** Path segments of a pathname, without the iframe/ prefix that repeats every route. */
export function routeSegments(pathname: string): string[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments[0] === 'iframe' ? segments.slice(1) : segments;
}

export function isIframePath(pathname: string): boolean {
  return pathname === '/iframe' || pathname.startsWith('/iframe/');
}

export interface ShellMode {
  kioskMode: boolean;
  advancedBooking: boolean;
  iframe: boolean;
  /** The first URL segment ('' on the home page). */
  firstSegment: string;
}

export function shellModeOf(pathname: string, search: string): ShellMode {
  const segments = routeSegments(pathname);
  return {
    kioskMode: new URLSearchParams(search).get('kioskMode') === 'true',
    advancedBooking: segments.includes('advanced-booking'),
    iframe: isIframePath(pathname),
    firstSegment: segments[0] ?? '',
  };
}

export function useShellMode(): ShellMode {
  const { pathname, search } = useLocation();
  return shellModeOf(pathname, search);
}

/**
 * An internal link target with kioskMode and regionSlug copied from the current query, and
 * the iframe/ prefix kept while embedded.
 */
export function preserveQuery(to: string, current: { pathname: string; search: string }): string {
  const [path = '/', query = ''] = to.split('?');
  const target = new URLSearchParams(query);
  const source = new URLSearchParams(current.search);
  for (const key of preservedQueryKeys) {
    const value = source.get(key);
    if (value !== null && !target.has(key)) target.set(key, value);
  }
  const prefixed =
    isIframePath(current.pathname) && !isIframePath(path)
      ? `/iframe${path === '/' ? '' : path}`
      : path;
  const text = target.toString();
  return text ? `${prefixed}?${text}` : prefixed;
}

export function usePreservedLink(): (to: string) => string {
  const location = useLocation();
  return (to) => preserveQuery(to, location);
}
