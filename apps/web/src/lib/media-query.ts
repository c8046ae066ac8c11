import { useCallback, useSyncExternalStore } from 'react';

/** Width breakpoints shared by the shell (kept in step with the CSS media queries). */
export const breakpoints = {
  /** Below this width the phone layout applies (mobile menu, no footer). */
  tablet: 768,
  /** From this width the desktop layout applies; between the two, the tablet header image. */
  desktop: 1024,
} as const;

export const mobileQuery = `(max-width: ${breakpoints.tablet - 1}px)`;
export const tabletQuery = `(min-width: ${breakpoints.tablet}px) and (max-width: ${breakpoints.desktop - 1}px)`;

/** Whether a media query matches now, updated when it changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

export const useIsMobile = () => useMediaQuery(mobileQuery);
